// Read aloud's parts: the players (the chat view's, and the media preview until that view is shown), the voice
// list, the long-text tasks followed across reloads, and the Save button's dialog.
import type { ExtensionServices } from '../activation/extensionServices';
import { saveAudioFile, type SaveAudio } from './saveAudioFile';
import { LongTaskTracker } from './longTaskTracker';
import { previewSpeechPlayer } from './previewSpeechPlayer';
import { SpeechPlayerSlot } from './speechPlayer';
import { VoiceCatalog } from './voiceCatalog';
import { WebviewSpeechPlayer } from './webviewSpeechPlayer';

export interface SpeechFeature {
  /** Where read-aloud audio goes: the chat view's player once attached. */
  readonly player: SpeechPlayerSlot;
  readonly chatPlayer: WebviewSpeechPlayer;
  readonly voices: VoiceCatalog;
  readonly longTasks: LongTaskTracker;
  readonly saveAudio: SaveAudio;
}

export function createSpeech(services: ExtensionServices): SpeechFeature {
  const { context, globalState, prompter, logger } = services;
  const client = (): ReturnType<typeof services.clients.get> => services.clients.get();
  const previewPlayer = previewSpeechPlayer(context.globalStorageUri.fsPath);
  const saveAudio = saveAudioFile(prompter);
  const chatPlayer = new WebviewSpeechPlayer({ fallback: previewPlayer, saveAudio });
  const player = new SpeechPlayerSlot(previewPlayer);
  // Read aloud plays in the chat view (falling back to the media preview while no view can be shown).
  player.attach(chatPlayer);
  const longTasks = new LongTaskTracker(globalState, client, prompter, logger);
  context.subscriptions.push(longTasks);
  return {
    player,
    chatPlayer,
    voices: new VoiceCatalog(globalState, client, () => services.settings.settings.baseUrl),
    longTasks,
    saveAudio,
  };
}
