// Pending injected faults (POST /_local/faults): each one matches a route and a port and is consumed by the next
// `count` matching requests.
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
  })
  .refine((f) => [f.status, f.dropAfterChunks, f.stallMs, f.malformedChunk].filter((b) => b !== undefined).length === 1, {
    message: 'exactly one behaviour: status, dropAfterChunks, stallMs or malformedChunk',
  });
export type FaultSpec = z.infer<typeof faultSpecSchema>;
export interface Fault extends FaultSpec {
  readonly id: string;
  remaining: number;
}

export class FaultInjector {
  private faults: Fault[] = [];

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault-${randomBytes(6).toString('hex')}`, remaining: spec.count };
    this.faults.push(fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
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
