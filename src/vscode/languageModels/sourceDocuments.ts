// The passages a @maas /kb answer cites, as read-only documents its references open. A passage is the knowledge base's
// text, shown in the Markdown preview: its images become links or text, its raw HTML text, and its title is plain text
// (core/markdown/markdownWithoutRemoteImages.ts, then the image guard).
import * as vscode from 'vscode';
import type { StoredReference } from '../../core/answerRecords/answerRecords';
import { markdownText } from '../../core/markdown/markdownEscapes';
import { markdownGuard } from '../../core/markdown/markdownGuard';
import { markdownWithoutRemoteImages } from '../../core/markdown/markdownWithoutRemoteImages';

export const SOURCE_SCHEME = 'maas-source';

export class SourceDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, Promise<string>>();
  private next = 0;

  add(reference: StoredReference): vscode.Uri {
    this.next += 1;
    const title = (reference.title ?? vscode.l10n.t('Source {0}', reference.index)).replace(/[\\/:*?"<>|#%]/g, ' ').trim() || 'source';
    const uri = vscode.Uri.from({ scheme: SOURCE_SCHEME, path: `/${this.next}/${title}.md` });
    const markdown = `# ${markdownText(reference.title ?? '')}\n\n${reference.text ?? ''}\n`;
    const inert = Promise.all([markdownWithoutRemoteImages(markdown), markdownGuard('preview')]).then(([text, guard]) => guard.inert(text));
    this.texts.set(uri.toString(), inert);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    return this.texts.get(uri.toString()) ?? Promise.resolve('');
  }
}
