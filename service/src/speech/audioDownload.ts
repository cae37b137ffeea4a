// GET /audio/<file>?expires=…&sig=…: a finished long task's audio, without credentials, while the signature
// holds. Unlike the speech API this answers with real HTTP statuses (403 expired or tampered, 404 gone), which is
// what a downloader acts on (docs/wire.md: on 403/404 query the task again).
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError, sendSpeechError } from './speechError';
import type { SpeechDeps } from './speechDeps';

const FILE_NAME = /^[0-9a-f-]{36}\.(wav|mp3)$/;
const CONTENT_TYPES: Readonly<Record<string, string>> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

export function handleAudioDownload(deps: SpeechDeps, url: URL, requestId: string, res: ServerResponse): void {
  let fileName: string;
  try {
    fileName = decodeURIComponent(url.pathname.slice('/audio/'.length));
  } catch {
    fileName = '';
  }
  const check = deps.signer.check(fileName, url.searchParams.get('expires'), url.searchParams.get('sig'), Math.floor(deps.options.now() / 1000));
  if (check !== 'valid') {
    const why = check === 'expired' ? 'audio_address has expired; query the task again for a new one' : 'audio_address signature is invalid';
    sendSpeechError(res, 403, requestId, new SpeechError(SpeechErrorCode.badCredentials, why));
    return;
  }
  const match = FILE_NAME.exec(fileName);
  const file = path.join(deps.audioDir, fileName);
  let size: number;
  try {
    if (match === null) throw new Error('not an audio file name');
    size = statSync(file).size;
  } catch {
    sendSpeechError(res, 404, requestId, new SpeechError(SpeechErrorCode.unknownTask, 'audio file not found'));
    return;
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[match[1] ?? ''] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': 'private, max-age=0',
  });
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
