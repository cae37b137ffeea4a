// What Read Aloud reads: the editor's selection, or the whole document when nothing is selected, cleaned of code,
// citation marks and Markdown syntax.
import path from 'node:path';
import * as vscode from 'vscode';
import { speechText } from '../../core/speech/speechText';
import type { Prompter } from '../prompter';

export interface ReadAloudSource {
  readonly text: string;
  readonly title: string;
  /** Default file name for saving, without extension. */
  readonly baseName: string;
}

export async function readAloudSource(prompter: Prompter): Promise<ReadAloudSource | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) {
    void prompter.showInformationMessage(vscode.l10n.t('Open a file or select some text to read aloud first.'));
    return undefined;
  }
  const selection = editor.selection;
  const raw = selection.isEmpty ? editor.document.getText() : editor.document.getText(selection);
  const text = speechText(raw);
  if (text.trim() === '') {
    void prompter.showInformationMessage(vscode.l10n.t('There is nothing to read aloud: the text holds only code, marks or blanks.'));
    return undefined;
  }
  const fileName = path.posix.basename(editor.document.uri.path) || 'text';
  const baseName = fileName.replace(/\.[^.]*$/, '') || 'speech';
  return { text, title: selection.isEmpty ? fileName : vscode.l10n.t('the selection in {0}', fileName), baseName };
}
