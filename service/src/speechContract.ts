// The seam between the local service's HTTP server (service/src/localService.ts, http/serviceRouter.ts) and its
// speech routes (service/src/speech/): the server authenticates nothing for speech, logs and fault-injects every
// request, then offers each request under /maas/v2/api/ and /audio/ to the speech routes.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SpeechContext {
  /** The service's data folder; speech keeps its long-task state there (atomic writes, see packages/files/atomicJsonFile.ts). */
  readonly dataDir: string;
  /** The primary base URL (http://127.0.0.1:PORT), for building `audio_address`. */
  publicBaseUrl(): string;
  /** Whether an appkey/token pair is one of the speech credentials in the service's state. */
  credentialsValid(appkey: string, token: string): boolean;
  /** Whether an appkey exists (tts-long-query carries only the appkey). */
  appkeyKnown(appkey: string): boolean;
  /** A log line (credentials already absent). */
  log(line: string): void;
  /** A line that must be seen even when the service is quiet (a corrupt state file set aside); default: `log`. */
  warn?(line: string): void;
}

export interface SpeechRoutes {
  /**
   * Handles a request whose path starts with /maas/v2/api/ or /audio/. `body` is the complete request body
   * (empty for GET). Returns false when the path is not a speech route (the server then answers 404).
   */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<boolean>;
  /** Stops the background task queue; pending tasks stay persisted and resume on the next start. */
  close(): Promise<void>;
}

export type CreateSpeechRoutes = (context: SpeechContext) => Promise<SpeechRoutes>;
