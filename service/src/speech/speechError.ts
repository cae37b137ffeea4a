// The speech routes' error model: every failure is a JSON `{ request_id, code, message }` with a non-zero code
// (docs/service.md and docs/wire.md, Speech). The codes are our own [choice]; the spec only says "0 = success".
import type { ServerResponse } from 'node:http';
import type { SpeechErrorCode } from './speechCodes';

export class SpeechError extends Error {
  constructor(
    readonly code: SpeechErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

export function sendSpeechJson(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers with the error body; `status` is 200 unless the [choice] switch `--speech-error-status` says otherwise. */
export function sendSpeechError(res: ServerResponse, status: number, requestId: string, error: SpeechError): void {
  sendSpeechJson(res, status, { request_id: requestId, code: error.code, message: error.message });
}
