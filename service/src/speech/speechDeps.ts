// What every speech handler needs, built once by createSpeechRoutes.
import { createHash } from 'node:crypto';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError } from './speechError';
import { optionalString } from './requestFields';
import type { SpeechContext } from '../speechContract';
import type { AudioUrlSigner } from './audioUrlSigner';
import type { LongTaskQueue } from './longTaskQueue';
import type { RequestFields } from './requestFields';
import type { SpeechOptions } from './speechOptions';
import type { SynthesisSlots } from './synthesisSlots';
import type { TaskStore } from './taskStore';

export interface SpeechDeps {
  readonly context: SpeechContext;
  readonly options: SpeechOptions;
  readonly slots: SynthesisSlots;
  readonly signer: AudioUrlSigner;
  readonly store: TaskStore;
  readonly queue: LongTaskQueue;
  readonly audioDir: string;
  /** Aborted by close(): ends real-time syntheses in flight. */
  readonly shutdown: AbortSignal;
}

/** Checks appkey and token; returns a hash of the appkey (tasks remember whose they are without keeping it). */
export function requireCredentials(fields: RequestFields, context: SpeechContext): string {
  const appkey = optionalString(fields, 'appkey');
  const token = optionalString(fields, 'token');
  if (appkey === undefined || appkey === '') throw new SpeechError(SpeechErrorCode.badCredentials, 'appkey is missing');
  if (token === undefined || token === '') throw new SpeechError(SpeechErrorCode.badCredentials, 'token is missing');
  if (!context.credentialsValid(appkey, token)) {
    throw new SpeechError(SpeechErrorCode.badCredentials, 'appkey or token is invalid');
  }
  return hashAppkey(appkey);
}

export function hashAppkey(appkey: string): string {
  return createHash('sha256').update(appkey).digest('hex');
}
