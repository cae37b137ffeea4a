// A hold fault of the local service (service/README.md, "Test-only routes"): the requests it catches wait at a gate
// until the test releases it, and the gate says how many came to it. A test acts while a request is held, when the gate
// says one is, never after a guessed delay.
import { waitFor } from './waitFor';

export interface GateState {
  /** Requests that came to the gate. */
  readonly reached: number;
  /** Those still held there. */
  readonly waiting: number;
  readonly released: boolean;
}

export interface HoldFault {
  /** The path the fault catches, matched exactly. */
  readonly route: string;
  /** How many requests it catches (default 1). */
  readonly count?: number;
  /** Data events sent before the gate on the chat route; 0 (the default) holds any route before its first byte. */
  readonly holdAfterChunks?: number;
  readonly port?: 'primary' | 'alt' | 'any';
}

export interface ServiceGate {
  readonly id: string;
  /** Resolves once `count` requests (default 1) are held at the gate. */
  held(count?: number, timeoutMs?: number): Promise<GateState>;
  /** Lets every held request, and every later one it catches, through. */
  release(): Promise<void>;
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Adds a hold fault to the local service at `baseUrl` (either of its ports). */
export async function holdRequests(baseUrl: string, fault: HoldFault): Promise<ServiceGate> {
  const { id } = await call<{ id: string }>(`${baseUrl}/_local/faults`, { holdAfterChunks: 0, count: 1, ...fault });
  const faultUrl = `${baseUrl}/_local/faults/${encodeURIComponent(id)}`;
  return {
    id,
    held: (count = 1, timeoutMs = 30_000) =>
      waitFor(
        async () => {
          const { gate } = await call<{ gate: GateState }>(faultUrl);
          return gate.waiting >= count ? gate : undefined;
        },
        { what: `${count} request(s) held at the gate of ${fault.route}`, timeoutMs },
      ),
    release: async () => {
      await call(`${faultUrl}/release`, {});
    },
  };
}
