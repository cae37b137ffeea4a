// The extension's globalState, written one update at a time. VS Code's memento keeps all of an extension's global state
// in one object, sends the whole object on each write, and replaces it with the copy the workbench echoes back after
// every write. An update made while an earlier write's echo is still on its way is overwritten by that echo and then
// never written, although its promise resolves: two features (or two long-text tasks) writing at once lose a write.
// Here each update starts once the one before it has completed (its echo has arrived by then), and `get` answers with
// the updates still queued, so a read-modify-write sees every earlier write of this window.
import type * as vscode from 'vscode';

export class SerialMemento implements vscode.Memento {
  private queue: Promise<void> = Promise.resolve();
  /** Writes started or queued and not settled yet. */
  private writing = 0;
  /** Values given to `update` that are not written yet, the newest per key, with how many writes of it are queued. */
  private readonly queued = new Map<string, { value: unknown; writes: number }>();

  constructor(private readonly memento: vscode.Memento) {}

  keys(): readonly string[] {
    const keys = new Set(this.memento.keys());
    for (const [key, { value }] of this.queued) {
      if (value === undefined) keys.delete(key);
      else keys.add(key);
    }
    return [...keys];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const queued = this.queued.get(key);
    if (queued === undefined) {
      const stored = this.memento.get<T>(key);
      return stored === undefined ? defaultValue : stored;
    }
    return queued.value === undefined ? defaultValue : (copyOf(queued.value) as T);
  }

  update(key: string, value: unknown): Promise<void> {
    const given = copyOf(value);
    const entry = this.queued.get(key);
    this.queued.set(key, { value: given, writes: (entry?.writes ?? 0) + 1 });
    const write = (): Thenable<void> => this.memento.update(key, given);
    // With nothing in flight the write starts now, as the memento's own update would.
    const written = this.writing === 0 ? Promise.resolve(safely(write)) : this.queue.then(write);
    this.writing += 1;
    const settle = (): void => {
      this.writing -= 1;
      const current = this.queued.get(key);
      if (current === undefined) return;
      if (current.writes <= 1) this.queued.delete(key);
      else current.writes -= 1;
    };
    const done = written.then(settle, (error: unknown) => {
      settle();
      throw error;
    });
    // A failed write does not stop the ones after it.
    this.queue = done.catch(() => undefined);
    return done;
  }
}

/** A JSON copy of an object, as the memento keeps and hands out (a caller changing its object changes no state). */
function copyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}

/** The memento's update, its synchronous throw (if any) as a rejection. */
function safely(write: () => Thenable<void>): Thenable<void> {
  try {
    return write();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
