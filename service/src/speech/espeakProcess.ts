// Runs espeak-ng (GPL, so only ever as a separate process) for one run of text in one voice and returns its 16-bit
// mono PCM. The text travels on stdin so that text starting with "-" is never read as an option.
import { spawn } from 'node:child_process';
import { pcmFromBytes } from './pcmBytes';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError } from './speechError';

export interface EspeakRequest {
  /** espeak-ng voice with variant, e.g. "cmn+f2". */
  readonly voice: string;
  readonly text: string;
  readonly wordsPerMinute: number;
  /** espeak-ng pitch, 0..99 (50 = the voice's own). */
  readonly pitch: number;
}

export interface Pcm {
  readonly sampleRate: number;
  readonly samples: Int16Array;
}

const TIMEOUT_MS = 60_000;

export function runEspeak(command: string, request: EspeakRequest, signal?: AbortSignal): Promise<Pcm> {
  signal?.throwIfAborted();
  const args = ['-v', request.voice, '-s', String(request.wordsPerMinute), '-p', String(request.pitch), '-b', '1', '--stdin', '--stdout'];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const kill = (): void => {
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, TIMEOUT_MS);
    signal?.addEventListener('abort', kill, { once: true });
    const settle = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => undefined); // a child that died early closes stdin; 'close' reports why
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle();
      const detail = error.code === 'ENOENT' ? 'espeak-ng is not installed (apt-get install espeak-ng)' : error.message;
      reject(new SpeechError(SpeechErrorCode.synthesisFailed, `synthesis failed: ${detail}`));
    });
    child.on('close', (code) => {
      settle();
      if (signal?.aborted) {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      } else if (code !== 0) {
        const detail = Buffer.concat(stderr).toString('utf8').trim().slice(0, 200) || `exit code ${String(code)}`;
        reject(new SpeechError(SpeechErrorCode.synthesisFailed, `synthesis failed: espeak-ng: ${detail}`));
      } else {
        try {
          resolve(parseStreamedWav(Buffer.concat(stdout)));
        } catch (error) {
          reject(error);
        }
      }
    });
    child.stdin.end(`${request.text}\n`, 'utf8');
  });
}

/**
 * espeak-ng writes its WAV header before it knows the length, so both size fields are placeholders (0x7ffff…);
 * a general WAV reader (wavefile) trusts them and fails. This reads the fmt chunk and takes the rest as data.
 */
function parseStreamedWav(bytes: Buffer): Pcm {
  const fail = (why: string): never => {
    throw new SpeechError(SpeechErrorCode.synthesisFailed, `synthesis failed: espeak-ng output ${why}`);
  };
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    return fail('is not WAV');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(offset + 8) !== 1 || bytes.readUInt16LE(offset + 10) !== 1 || bytes.readUInt16LE(offset + 22) !== 16) {
        return fail('is not 16-bit mono PCM');
      }
      sampleRate = bytes.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      if (sampleRate === 0) return fail('has data before fmt');
      return { sampleRate, samples: pcmFromBytes(bytes.subarray(offset + 8)) };
    }
    offset += 8 + size + (size % 2);
  }
  return fail('has no data chunk');
}
