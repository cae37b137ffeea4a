// MaaS: Read Aloud — the selection (or the whole document) is synthesised and handed to the speech player:
// short text in one real-time synthesis, longer text sentence by sentence through the pipeline, so the first
// sentence plays while the next ones are synthesised.
import { synthesizePipelined } from '../../core/speech/pipelinedSynthesizer';
import { splitSentences } from '../../core/speech/sentenceSplitter';
import { isServiceError } from '../../core/serviceError';
import { readAloudSource } from '../speech/readAloudSource';
import { requireSpeechCredentials, speechErrorText } from '../speech/speechMessages';
import { synthesisRequest } from '../speech/speechRequest';
import type { FeatureDependencies } from './featureDependencies';

export interface ReadAloudResult {
  readonly sentences: number;
}

export function readAloudCommand(deps: FeatureDependencies): () => Promise<ReadAloudResult | undefined> {
  return async () => {
    const source = await readAloudSource(deps.prompter);
    if (source === undefined) return undefined;
    if (!(await requireSpeechCredentials(deps.speechCredentials, deps.prompter))) return undefined;
    const features = deps.settings.features;
    const sentences = [...source.text].length <= features.speechLongTextThreshold ? [source.text] : splitSentences(source.text);
    const client = deps.client();
    const segments = synthesizePipelined(sentences, async (text, signal) => {
      const result = await client.synthesize(synthesisRequest(features, text), { signal });
      return { audio: result.audio, format: result.format };
    });
    try {
      await deps.player.play(segments, { title: source.title, sentences: sentences.length, format: features.speechFormat, baseName: source.baseName });
      return { sentences: sentences.length };
    } catch (error) {
      if (isServiceError(error) && error.kind === 'cancelled') return undefined;
      deps.logger.warn(`Read Aloud failed: ${error instanceof Error ? error.message : String(error)}`);
      void deps.prompter.showErrorMessage(speechErrorText(error, (text) => deps.logger.redact(text)));
      return undefined;
    }
  };
}
