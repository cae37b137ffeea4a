// Read aloud's parts: the player (the chat view's, with the media preview as its one fallback while no chat view can
// be shown), the voice list, the long-text tasks followed across reloads, and the Save button's dialog.
import path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services/extensionServices';
import { FileSpeechPlayer } from './fileSpeechPlayer';
import { saveAudioFile, type SaveAudio } from './saveAudioFile';
import { LongTaskTracker } from './longTaskTracker';
import type { SpeechPlayer } from './speechPlayer';
import { VoiceCatalog } from './voiceCatalog';
import { WebviewSpeechPlayer } from './webviewSpeechPlayer';

export interface SpeechFeature {
  /** Where read-aloud audio goes: the chat view's player (an in-host test may put a recording player in its place). */
  player: SpeechPlayer;
  readonly chatPlayer: WebviewSpeechPlayer;
  readonly voices: VoiceCatalog;
  readonly longTasks: LongTaskTracker;
  readonly saveAudio: SaveAudio;
}

export function createSpeech(services: ExtensionServices): SpeechFeature {
  const { context, globalState, prompter, logger } = services;
  const client = (): ReturnType<typeof services.clients.get> => services.clients.get();
  const saveAudio = saveAudioFile(prompter);
  const chatPlayer = new WebviewSpeechPlayer({ fallback: mediaPreviewPlayer(context.globalStorageUri.fsPath), saveAudio });
  const longTasks = new LongTaskTracker(globalState, client, prompter, logger);
  context.subscriptions.push(longTasks);
  return {
    player: chatPlayer,
    chatPlayer,
    voices: new VoiceCatalog(globalState, client, () => services.settings.settings.baseUrl),
    longTasks,
    saveAudio,
  };
}

/** The audio written to one file in the extension's storage and opened in VS Code's media preview (WAV and MP3). */
function mediaPreviewPlayer(storageDir: string): SpeechPlayer {
  return new FileSpeechPlayer(
    (meta) => Promise.resolve(path.join(storageDir, 'speech', `read-aloud.${meta.format}`)),
    async (file) => {
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { preview: true, preserveFocus: true });
    },
  );
}
