// The one way tests wait for something that happens on its own time (a file on disk, a turn finishing, a message
// in a page): poll a condition until it holds, or fail after a deadline saying what was awaited and what was
// last seen. No test sleeps for a fixed time.

export interface WaitForOptions {
  /** What is awaited, for the failure message: "the turn to finish". */
  readonly what: string;
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

/** Resolves with the first truthy value `read` returns; rejects after `timeoutMs` (default 10 s). */
export async function waitFor<T>(read: () => T | Promise<T>, options: WaitForOptions): Promise<NonNullable<T>> {
  const { what, timeoutMs = 10_000, intervalMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last seen: ${describe(last)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return String(value);
  }
}
