// Saves read-aloud audio where the user chooses (the chat player's Save button). The dialog and the message go
// through the Prompter, so in-host tests answer the dialog instead of a person.
import { writeFileAtomic } from '../../../packages/files/atomicWrite';
import * as vscode from 'vscode';
import type { SpeechFormat } from '../../shared/protocol';
import type { Prompter } from '../prompter';

export type SaveAudio = (audio: Uint8Array, format: SpeechFormat, baseName: string) => Promise<string | undefined>;

export function saveAudioFile(prompter: Prompter): SaveAudio {
  return async (audio, format, baseName) => {
    const target = await prompter.showSaveDialog({
      defaultUri: defaultAudioUri(`${baseName}.${format}`),
      filters: format === 'wav' ? { [vscode.l10n.t('WAV audio')]: ['wav'] } : { [vscode.l10n.t('MP3 audio')]: ['mp3'] },
      title: vscode.l10n.t('Save Audio'),
    });
    const file = target === undefined ? undefined : diskPath(target, prompter);
    if (file === undefined) return undefined;
    await writeFileAtomic(file, audio);
    void prompter.showInformationMessage(vscode.l10n.t('Saved the audio to {0}.', file));
    return file;
  };
}

/**
 * Where the save dialog starts: the workspace's first folder when it is on disk. A virtual workspace's folder is not
 * offered, since audio is written (atomically, and by long tasks resumed after a reload) to files on disk only.
 */
export function defaultAudioUri(name: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder?.scheme === 'file' ? vscode.Uri.joinPath(folder, name) : undefined;
}

/** The file on disk the dialog chose, or undefined after saying that a file elsewhere (a virtual folder) cannot be. */
export function diskPath(target: vscode.Uri, prompter: Prompter): string | undefined {
  if (target.scheme === 'file') return target.fsPath;
  void prompter.showWarningMessage(
    vscode.l10n.t('Audio is saved only to files on this computer; {0} is not one. Choose a folder on disk.', target.toString(true)),
  );
  return undefined;
}
