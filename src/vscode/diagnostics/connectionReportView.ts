// The last Test Connection report as a read-only virtual document (scheme maas-report), shown in the Markdown
// preview; nothing unsaved is left behind, and MaaS: Copy Connection Report copies it.
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';

const REPORT_SCHEME = 'maas-report';

export class ConnectionReportView implements vscode.TextDocumentContentProvider {
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;
  private markdown: string | undefined;
  private readonly uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: '/connection-report.md' });

  provideTextDocumentContent(): string {
    return this.markdown ?? '';
  }

  /** Keeps `markdown` as the last report and opens it in the Markdown preview (as text when there is no preview). */
  async show(markdown: string): Promise<void> {
    this.markdown = markdown;
    this.changes.fire(this.uri);
    try {
      await vscode.commands.executeCommand('markdown.showPreview', this.uri);
    } catch {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(this.uri), { preview: true });
    }
  }

  /** MaaS: Copy Connection Report. */
  async copy(prompter: Prompter): Promise<boolean> {
    if (this.markdown === undefined) {
      void prompter.showInformationMessage(vscode.l10n.t('There is no connection report yet: run MaaS: Test Connection first.'));
      return false;
    }
    await vscode.env.clipboard.writeText(this.markdown);
    void prompter.showInformationMessage(vscode.l10n.t('The connection report is on the clipboard.'));
    return true;
  }

  register(): vscode.Disposable {
    return vscode.Disposable.from(vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this), this.changes);
  }
}
