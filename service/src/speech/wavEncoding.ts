// WAV output: in memory for real-time answers, and streamed to a file for long tasks (header written last).
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { bytesFromPcm, wavHeader } from './pcmBytes';
import type { PcmSink } from './synthesizer';

/** Collects a real-time answer (at most the real-time text limit's worth) and returns it as a WAV file. */
export class WavMemorySink implements PcmSink {
  private readonly parts: Buffer[] = [];
  private dataBytes = 0;

  write(samples: Int16Array): Promise<void> {
    const bytes = bytesFromPcm(samples);
    this.parts.push(bytes);
    this.dataBytes += bytes.length;
    return Promise.resolve();
  }

  toWav(sampleRate: number): Buffer {
    return Buffer.concat([wavHeader(this.dataBytes, sampleRate), ...this.parts]);
  }
}

/** Streams a long task's PCM into a WAV file, so hours of audio never sit in memory; I/O stays off the event loop. */
export class WavFileWriter implements PcmSink {
  private dataBytes = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly sampleRate: number,
  ) {}

  static async create(path: string, sampleRate: number): Promise<WavFileWriter> {
    const file = await open(path, 'w');
    await file.write(Buffer.alloc(44)); // the header's place, written last
    return new WavFileWriter(file, sampleRate);
  }

  async write(samples: Int16Array): Promise<void> {
    const bytes = bytesFromPcm(samples);
    await this.file.write(bytes);
    this.dataBytes += bytes.length;
  }

  async finish(): Promise<void> {
    await this.file.write(wavHeader(this.dataBytes, this.sampleRate), 0, 44, 0);
    await this.file.sync();
    await this.file.close();
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}
