// Decodes images in a worker thread, never on the extension host's own: the worker (imageDecodeWorker.ts) starts with
// the first image, not at activation, takes the images one at a time, stays for the next of a burst and is let go
// once idle. It runs with a cap on its JavaScript heap (`resourceLimits`) and each image with a deadline: an image
// that passes either is refused in words that say which, the worker is terminated, and the next image gets a new one.
// (Pixel buffers live outside the heap; the header's pixel limit and imageDecoding.ts's checks bound those.)
import { Worker } from 'node:worker_threads';
import { Emitter, type Event } from '../emitter';
import type { DecodeOutcome, DecodeRequest } from './imageDecoding';

/** How long one image may take to decode, thumbnail and downscale in the worker. */
export const imageDecodeDeadlineMs = 120_000;
/** The worker's JavaScript heap (old generation), in MB. */
export const imageWorkerHeapMb = 512;
/** How long an idle worker is kept for the next image. */
const imageWorkerIdleMs = 30_000;

export type DecodeStopped =
  | { readonly ok: false; readonly reason: 'timedOut'; readonly seconds: number }
  | { readonly ok: false; readonly reason: 'outOfMemory'; readonly megabytes: number };

/** Why a worker was let go, once its thread has ended. */
export type WorkerStop = 'idle' | 'deadline' | 'memory' | 'failed';

export interface ImageDecoderOptions {
  /** The worker's bundle. */
  readonly workerFile: string;
  readonly deadlineMs?: number;
  readonly heapMb?: number;
  readonly idleMs?: number;
}

interface Job {
  readonly request: DecodeRequest;
  readonly resolve: (outcome: DecodeOutcome | DecodeStopped) => void;
  readonly reject: (error: Error) => void;
}

export class ImageDecoder {
  private readonly queue: Job[] = [];
  private running: { readonly job: Job; readonly deadline: NodeJS.Timeout } | undefined;
  private worker: Worker | undefined;
  private idle: NodeJS.Timeout | undefined;
  private disposed = false;
  private readonly deadlineMs: number;
  private readonly heapMb: number;
  private readonly idleMs: number;
  private readonly stopped = new Emitter<WorkerStop>();
  /** A worker was let go (idle, past a limit, or failed) and its thread has ended. */
  readonly onDidStopWorker: Event<WorkerStop> = this.stopped.event;

  constructor(private readonly options: ImageDecoderOptions) {
    this.deadlineMs = options.deadlineMs ?? imageDecodeDeadlineMs;
    this.heapMb = options.heapMb ?? imageWorkerHeapMb;
    this.idleMs = options.idleMs ?? imageWorkerIdleMs;
  }

  /** The image's outcome, after the images before it; a worker that fails otherwise than by its limits rejects. */
  decode(request: DecodeRequest): Promise<DecodeOutcome | DecodeStopped> {
    if (this.disposed) return Promise.reject(new Error('The image decoder has been disposed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.next();
    });
  }

  dispose(): void {
    this.disposed = true;
    const error = new Error('The image decoder has been disposed.');
    if (this.running !== undefined) {
      clearTimeout(this.running.deadline);
      this.running.job.reject(error);
      this.running = undefined;
    }
    for (const job of this.queue.splice(0)) job.reject(error);
    this.stopWorker(undefined);
    this.stopped.dispose();
  }

  private next(): void {
    if (this.running !== undefined || this.disposed) return;
    const job = this.queue.shift();
    if (job === undefined) {
      if (this.worker === undefined) return;
      this.worker.unref();
      this.idle = setTimeout(() => this.stopWorker('idle'), this.idleMs);
      return;
    }
    clearTimeout(this.idle);
    let worker: Worker;
    try {
      worker = this.worker ?? this.startWorker();
    } catch (error) {
      job.reject(error instanceof Error ? error : new Error(String(error)));
      this.next();
      return;
    }
    worker.ref();
    const deadline = setTimeout(() => this.finish(worker, { ok: false, reason: 'timedOut', seconds: this.deadlineMs / 1000 }, 'deadline'), this.deadlineMs);
    this.running = { job, deadline };
    // A copy of the image's bytes alone (not of a larger buffer they may be a view of), handed over uncopied; the
    // caller's bytes stay theirs. (Buffer's slice would share them: the Uint8Array constructor copies.)
    const bytes = new Uint8Array(job.request.bytes);
    worker.postMessage({ ...job.request, bytes }, [bytes.buffer]);
  }

  private startWorker(): Worker {
    const worker = new Worker(this.options.workerFile, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    this.worker = worker;
    worker.on('message', (outcome: DecodeOutcome) => this.finish(worker, outcome, undefined));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.finish(worker, { ok: false, reason: 'outOfMemory', megabytes: this.heapMb }, 'memory');
      else this.finish(worker, error, 'failed');
    });
    worker.on('exit', (code) => this.finish(worker, new Error(`The image worker stopped (exit code ${code}).`), 'failed'));
    return worker;
  }

  /** Ends the running job with what its worker said; a worker that passed a limit or failed is let go first. */
  private finish(worker: Worker, result: DecodeOutcome | DecodeStopped | Error, stop: WorkerStop | undefined): void {
    if (worker !== this.worker) return;
    if (stop !== undefined) this.stopWorker(stop);
    const running = this.running;
    if (running === undefined) return;
    clearTimeout(running.deadline);
    this.running = undefined;
    if (result instanceof Error) running.job.reject(result);
    else running.job.resolve(result);
    this.next();
  }

  /** Terminates the worker; `onDidStopWorker` tells `why` once its thread has ended. */
  private stopWorker(why: WorkerStop | undefined): void {
    clearTimeout(this.idle);
    const worker = this.worker;
    if (worker === undefined) return;
    this.worker = undefined;
    void worker.terminate().then(() => {
      if (why !== undefined) this.stopped.fire(why);
    });
  }
}
