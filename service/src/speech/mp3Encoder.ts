// MP3 through the `lame` program (LAME is LGPL: run as a separate process, never imported). Raw 16-bit mono PCM goes
// to its stdin as sentences finish; the MP3 comes back on stdout or is written by lame straight to a file.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { bytesFromPcm } from './pcmBytes';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError } from './speechError';
import type { PcmSink } from './synthesizer';

/** Constant bit rates per sample rate (MPEG-2 for 16/24 kHz, MPEG-2.5 for 8 kHz); plenty for speech. */
const KBPS: Readonly<Record<number, number>> = { 8000: 16, 16000: 32, 24000: 48 };

export class Mp3Encoder implements PcmSink {
  private readonly output: Buffer[] = [];
  private readonly done: Promise<void>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => this.output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => undefined); // reported by 'close' below
    this.done = new Promise((resolve, reject) => {
      child.on('error', (error: NodeJS.ErrnoException) => {
        const detail = error.code === 'ENOENT' ? 'lame is not installed (apt-get install lame)' : error.message;
        reject(new SpeechError(SpeechErrorCode.synthesisFailed, `synthesis failed: ${detail}`));
      });
      child.on('close', (code, signal) => {
        if (code === 0) return resolve();
        const detail = Buffer.concat(stderr).toString('utf8').trim().split('\n').pop() ?? '';
        reject(new SpeechError(SpeechErrorCode.synthesisFailed, `synthesis failed: lame ${signal ?? `exit code ${String(code)}`} ${detail}`.trim()));
      });
    });
    this.done.catch(() => undefined); // awaited in finish(); never an unhandled rejection meanwhile
  }

  /** Starts lame for PCM at `sampleRate`; with `outFile` lame writes there, otherwise finish() returns the bytes. */
  static start(command: string, sampleRate: number, outFile?: string): Mp3Encoder {
    const kbps = KBPS[sampleRate] ?? 32;
    const args = ['-r', '-s', String(sampleRate / 1000), '--bitwidth', '16', '--signed', '--little-endian', '-m', 'm'];
    args.push('-b', String(kbps), '--quiet', '-', outFile ?? '-');
    return new Mp3Encoder(spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  async write(samples: Int16Array): Promise<void> {
    if (!this.child.stdin.write(bytesFromPcm(samples))) {
      await new Promise<void>((resolve, reject) => {
        this.child.stdin.once('drain', resolve);
        this.done.then(resolve, reject);
      });
    }
  }

  async finish(): Promise<Buffer> {
    this.child.stdin.end();
    await this.done;
    return Buffer.concat(this.output);
  }

  abort(): void {
    this.child.kill('SIGKILL');
  }
}
