// Text read aloud through the speech player: short text in one real-time synthesis, longer text sentence by sentence
// through the pipeline, so the first sentence plays while the next ones are synthesised. MaaS: Read Aloud, the chat
// view's speaker button and @maas /read all come here.
import { isServiceError } from '../../core/http/serviceError';
import { synthesizePipelined } from '../../core/speech/pipelinedSynthesizer';
import { speechPieces } from '../../core/speech/speechLimits';
import type { Credentials } from '../../core/credentials/credentials';
import type { MaasClient } from '../../core/maasClient';
import { requireSpeechCredentials, speechErrorText } from '../errors/speechMessages';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import type { SettingsReader } from '../settings/settings';
import type { ReadAloudSource } from './readAloudSource';
import type { SpeechFeature } from './speechFeature';
import { sentenceSynthesizer } from './speechRequest';

/** What reading aloud needs, passed in explicitly (docs/style.md rule 3). */
export interface SpeakDependencies {
  readonly settings: SettingsReader;
  readonly client: () => MaasClient;
  /** Read aloud's player; throws, with words for the user, when read aloud could not start. */
  readonly speech: () => Pick<SpeechFeature, 'player'>;
  readonly credentials: Pick<Credentials, 'hasSpeech'>;
  readonly logger: Logger;
  readonly prompter: Prompter;
}

export interface ReadAloudResult {
  readonly sentences: number;
}

/** Synthesises `source.text` and plays it through the speech player; errors become a message. */
export async function speakText(deps: SpeakDependencies, source: ReadAloudSource): Promise<ReadAloudResult | undefined> {
  const settings = deps.settings.settings;
  const sentences = speechPieces(source.text, settings.speechLongTextThreshold);
  // One sentence synthesised ahead of the one pulled; the chat player pulls at most one past the sentence playing,
  // so synthesis stays at most two sentences ahead of what is heard (webviewSpeechPlayer.ts).
  const segments = synthesizePipelined(
    sentences,
    sentenceSynthesizer(deps.client, () => settings),
    { prefetch: 1 },
  );
  try {
    await deps.speech().player.play(segments, {
      title: source.title,
      sentences: sentences.length,
      format: settings.speechFormat,
      baseName: source.baseName,
      ...(source.turnId === undefined ? {} : { turnId: source.turnId }),
    });
    return { sentences: sentences.length };
  } catch (error) {
    if (isServiceError(error) && error.kind === 'cancelled') return undefined;
    deps.logger.warn(`Read Aloud failed: ${error instanceof Error ? error.message : String(error)}`);
    void deps.prompter.showErrorMessage(speechErrorText(error, (text) => deps.logger.redact(text)));
    return undefined;
  }
}

/** The chat's speaker button and @maas /read: the answer (already cleaned for reading) goes to the chat view's player. */
export function readAnswerAloud(deps: SpeakDependencies): (source: ReadAloudSource) => Promise<void> {
  return async (source) => {
    if (!(await requireSpeechCredentials(deps.credentials, deps.prompter))) return;
    await speakText(deps, source);
  };
}
