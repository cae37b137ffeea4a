// Saves read-aloud audio where the user chooses (the chat player's Save button). The dialog and the message go
// through the Prompter, so in-host tests answer the dialog instead of a person.
import { writeFileAtomic } from '../../core/files/atomicWrite';
import * as vscode from 'vscode';
import type { SpeechFormat } from '../../shared/protocol';
import type { Prompter } from '../prompter';

export type SaveAudio = (audio: Uint8Array, format: SpeechFormat, baseName: string) => Promise<string | undefined>;

export function saveAudioFile(prompter: Prompter): SaveAudio {
  return async (audio, format, baseName) => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `${baseName}.${format}`;
    const target = await prompter.showSaveDialog({
      defaultUri: folder === undefined ? undefined : vscode.Uri.joinPath(folder, name),
      filters: format === 'wav' ? { [vscode.l10n.t('WAV audio')]: ['wav'] } : { [vscode.l10n.t('MP3 audio')]: ['mp3'] },
      title: vscode.l10n.t('Save Audio'),
    });
    if (target === undefined) return undefined;
    await writeFileAtomic(target.fsPath, audio);
    void prompter.showInformationMessage(vscode.l10n.t('Saved the audio to {0}.', target.fsPath));
    return target.fsPath;
  };
}
