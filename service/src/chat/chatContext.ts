// Everything the chat route needs from the running service, passed in explicitly.
import type { Dispatcher } from 'undici';
import type { BusyLimiter } from './busyLimiter';
import type { RangeMode } from './parameterRanges';
import type { KnowledgeIndex } from './retrieval/knowledgeIndex';
import type { SensitiveWords } from './sensitiveWords';
import type { UpstreamConfig } from './upstreamAnswer';
import type { StateStore } from '../state/stateStore';
import type { NextAnswers } from '../testing/nextAnswers';
import type { RequestLog } from '../testing/requestLog';

export interface ChatContext {
  readonly store: StateStore;
  readonly sensitive: SensitiveWords;
  readonly knowledgeIndex: KnowledgeIndex;
  readonly nextAnswers: NextAnswers;
  readonly requestLog: RequestLog;
  readonly busy: BusyLimiter;
  readonly paceMs: number;
  readonly upstream: UpstreamConfig | undefined;
  readonly allowRemoteImages: boolean;
  /** Fetches remote images trusting `remoteImageCa` too; undefined = the default trust store. */
  readonly remoteImageDispatcher: Dispatcher | undefined;
  readonly references: boolean;
  readonly cornerMark: string;
  readonly maxImageBytes: number;
  readonly defaultTextThreshold: number;
  readonly acceptDefaultRepetitionPenalty: boolean;
  /** What an out-of-range parameter gets (--ranges). */
  readonly ranges: RangeMode;
  /** Cap on a request body (--max-body-bytes). */
  readonly maxBodyBytes: number;
}
