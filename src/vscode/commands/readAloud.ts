// MaaS: Read Aloud — the selection (or the whole document) is read aloud (speakText.ts). The chat view is revealed
// first, so its player plays it (the player falls back to the media preview when the view cannot be shown).
import type { FeatureDependencies } from './featureDependencies';
import { revealChatView } from '../chat/revealChat';
import { requireSpeechCredentials } from '../errors/speechMessages';
import { readAloudSource } from '../speech/readAloudSource';
import { speakText, type ReadAloudResult } from '../speech/speakText';

export function readAloudCommand(deps: FeatureDependencies): () => Promise<ReadAloudResult | undefined> {
  return async () => {
    const source = await readAloudSource(deps.prompter);
    if (source === undefined) return undefined;
    if (!(await requireSpeechCredentials(deps.credentials, deps.prompter))) return undefined;
    try {
      await revealChatView();
    } catch (error) {
      deps.logger.warn(`The chat view could not be shown for Read Aloud: ${error instanceof Error ? error.message : String(error)}`);
    }
    return speakText(deps, source);
  };
}
