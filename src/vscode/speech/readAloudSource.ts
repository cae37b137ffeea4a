// What Read Aloud reads: the editor's selection, or the whole document when nothing is selected. A Markdown
// document is cleaned of code, citation marks and syntax; any other text file is read as written. Each way of
// having nothing to read gets its own message.
import path from 'node:path';
import * as vscode from 'vscode';
import { documentSpeechText } from '../../core/speech/speechText';
import type { Prompter } from '../prompter';

export interface ReadAloudSource {
  readonly text: string;
  readonly title: string;
  /** Default file name for saving, without extension. */
  readonly baseName: string;
  /** The chat view's answer being read, whose sentence spoken the view marks. */
  readonly turnId?: string;
}

export async function readAloudSource(prompter: Prompter): Promise<ReadAloudSource | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) {
    void prompter.showInformationMessage(vscode.l10n.t('Open a file or select some text to read aloud first.'));
    return undefined;
  }
  const { document, selection } = editor;
  const fileName = path.posix.basename(document.uri.path) || 'text';
  const raw = selection.isEmpty ? document.getText() : document.getText(selection);
  if (raw.trim() === '') {
    const problem = selection.isEmpty
      ? vscode.l10n.t('{0} is empty: there is nothing to read aloud.', fileName)
      : vscode.l10n.t('The selection holds only blanks: select some text to read aloud.');
    void prompter.showInformationMessage(problem);
    return undefined;
  }
  const text = await documentSpeechText(raw, document.languageId);
  if (text.trim() === '') {
    void prompter.showInformationMessage(vscode.l10n.t('There is nothing to read aloud: the text holds only code, marks or blanks.'));
    return undefined;
  }
  const baseName = fileName.replace(/\.[^.]*$/, '') || 'speech';
  return { text, title: selection.isEmpty ? fileName : vscode.l10n.t('the selection in {0}', fileName), baseName };
}
