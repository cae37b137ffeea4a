// MaaS: Read Aloud — the selection (or the whole document) is synthesised and handed to the speech player:
// short text in one real-time synthesis, longer text sentence by sentence through the pipeline, so the first
// sentence plays while the next ones are synthesised. The chat view is revealed first, so its player plays it
// (the player falls back to the media preview when the view cannot be shown).
import { synthesizePipelined } from '../../core/speech/pipelinedSynthesizer';
import { speechPieces } from '../../core/speech/speechLimits';
import { isServiceError } from '../../core/http/serviceError';
import { readAloudSource, type ReadAloudSource } from '../speech/readAloudSource';
import { requireSpeechCredentials, speechErrorText } from '../errors/speechMessages';
import { synthesisRequest } from '../speech/speechRequest';
import { revealChatView, type FeatureDependencies } from '../featureDependencies';

export interface ReadAloudResult {
  readonly sentences: number;
}

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

/** Synthesises `source.text` and plays it through the speech player; errors become a message. */
export async function speakText(deps: FeatureDependencies, source: ReadAloudSource): Promise<ReadAloudResult | undefined> {
  const features = deps.settings.features;
  const sentences = speechPieces(source.text, features.speechLongTextThreshold);
  const client = deps.client();
  // One sentence synthesised ahead of the one pulled; the chat player pulls at most one past the sentence playing,
  // so synthesis stays at most two sentences ahead of what is heard (webviewSpeechPlayer.ts).
  const segments = synthesizePipelined(
    sentences,
    async (text, signal) => {
      const result = await client.synthesize(synthesisRequest(features, text), { signal });
      return { audio: result.audio, format: result.format };
    },
    { prefetch: 1 },
  );
  try {
    await deps.speech().player.play(segments, { title: source.title, sentences: sentences.length, format: features.speechFormat, baseName: source.baseName });
    return { sentences: sentences.length };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'cancelled') return undefined;
    deps.logger.warn(`Read Aloud failed: ${error instanceof Error ? error.message : String(error)}`);
    void deps.prompter.showErrorMessage(speechErrorText(error, (text) => deps.logger.redact(text)));
    return undefined;
  }
}

/** The chat's speaker button: the answer (already cleaned for reading) goes to the chat view's player. */
export function readAnswerAloud(deps: FeatureDependencies): (source: ReadAloudSource) => Promise<void> {
  return async (source) => {
    if (!(await requireSpeechCredentials(deps.credentials, deps.prompter))) return;
    await speakText(deps, source);
  };
}
