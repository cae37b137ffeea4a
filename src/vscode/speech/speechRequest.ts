// The synthesis fields from the maas.speech.* settings (spec 4.5; volume goes out as `volumn`).
import type { MaasClient } from '../../core/maasClient';
import type { SentenceSynthesizer } from '../../core/speech/pipelinedSynthesizer';
import type { SynthesisRequest } from '../../core/speech/speechPayloads';
import type { Settings } from '../settings/settingsDeclaration';

export function synthesisRequest(settings: Settings, text: string): SynthesisRequest {
  return {
    text,
    format: settings.speechFormat,
    sample_rate: settings.speechSampleRate,
    volumn: settings.speechVolume,
    speed: settings.speechSpeed,
    pitch: settings.speechPitch,
    ...(settings.speechVoice === '' ? {} : { voice: settings.speechVoice }),
  };
}

/** One sentence by real-time synthesis with these settings: the synthesizer of Read Aloud's and the answers' pipelines. */
export function sentenceSynthesizer(client: () => MaasClient, settings: () => Settings): SentenceSynthesizer {
  return (text, signal) => client().synthesize(synthesisRequest(settings(), text), { signal });
}
