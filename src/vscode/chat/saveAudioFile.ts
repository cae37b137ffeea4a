// Saves read-aloud audio where the user chooses (the chat player's Save button).
import { writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { SpeechFormat } from '../../shared/protocol';

export async function saveAudioFile(audio: Uint8Array, format: SpeechFormat, baseName: string): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${baseName}.${format}`;
  const target = await vscode.window.showSaveDialog({
    defaultUri: folder === undefined ? undefined : vscode.Uri.joinPath(folder, name),
    filters: format === 'wav' ? { [vscode.l10n.t('WAV audio')]: ['wav'] } : { [vscode.l10n.t('MP3 audio')]: ['mp3'] },
    title: vscode.l10n.t('Save Audio'),
  });
  if (target === undefined) return;
  await writeFile(target.fsPath, audio);
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved the audio to {0}.', target.fsPath));
}
