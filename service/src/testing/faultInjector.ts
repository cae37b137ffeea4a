// Pending injected faults (POST /_local/faults): each one matches a route and a port and is consumed by the next
// `count` matching requests. A hold fault keeps its requests at a gate until a test releases it
// (POST /_local/faults/{id}/release), so a test acts mid-answer on an event, never after a fixed delay.
import { randomBytes } from 'node:crypto';
import * as z from 'zod';

export type Port = 'primary' | 'alt';

export const faultSpecSchema = z
  .object({
    route: z.string().startsWith('/'),
    port: z.enum(['primary', 'alt', 'any']).default('any'),
    count: z.number().int().min(1).default(1),
    status: z.number().int().min(100).max(599).optional(),
    body: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    dropAfterChunks: z.number().int().min(0).optional(),
    stallMs: z.number().int().min(0).max(600_000).optional(),
    stallAfterChunks: z.number().int().min(0).optional(),
    malformedChunk: z.string().optional(),
    afterChunks: z.number().int().min(0).optional(),
    holdAfterChunks: z.number().int().min(0).optional(),
  })
  .refine((f) => [f.status, f.dropAfterChunks, f.stallMs, f.malformedChunk, f.holdAfterChunks].filter((b) => b !== undefined).length === 1, {
    message: 'exactly one behaviour: status, dropAfterChunks, stallMs, malformedChunk or holdAfterChunks',
  });
export type FaultSpec = z.infer<typeof faultSpecSchema>;

/**
 * Where a hold fault's requests wait: `reached` counts the requests that came to the gate, `waiting` those still
 * there; once released, the gate lets every request through, those waiting and those to come.
 */
export class HoldGate {
  reached = 0;
  waiting = 0;
  released = false;
  private readonly waiters = new Set<() => void>();

  /** Waits until the gate is released or the request is gone (`signal`). */
  async pass(signal: AbortSignal): Promise<void> {
    this.reached++;
    if (this.released || signal.aborted) return;
    this.waiting++;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        signal.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
    this.waiting--;
  }

  release(): void {
    this.released = true;
    for (const done of [...this.waiters]) done();
  }

  toJSON(): { reached: number; waiting: number; released: boolean } {
    return { reached: this.reached, waiting: this.waiting, released: this.released };
  }
}

export interface Fault extends FaultSpec {
  readonly id: string;
  remaining: number;
  readonly gate: HoldGate;
}

export class FaultInjector {
  private faults: Fault[] = [];
  /** Every fault added since the last clear, consumed or not: a hold fault is looked up by id to be released. */
  private readonly added = new Map<string, Fault>();

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault-${randomBytes(6).toString('hex')}`, remaining: spec.count, gate: new HoldGate() };
    this.faults.push(fault);
    this.added.set(fault.id, fault);
    return fault;
  }

  /** A fault added since the last clear, pending or consumed. */
  get(id: string): Fault | undefined {
    return this.added.get(id);
  }

  /** Drops the pending faults and releases every request held at a gate. */
  clear(): void {
    this.faults = [];
    for (const fault of this.added.values()) fault.gate.release();
    this.added.clear();
  }

  /** Takes the first pending fault for this route and port, counting it down. */
  take(path: string, port: Port): Fault | undefined {
    const fault = this.faults.find((f) => f.route === path && (f.port === 'any' || f.port === port));
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}
