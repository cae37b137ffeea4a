// globalState written one update at a time: against a memento that behaves as VS Code's does (the whole state sent on
// each write, and replaced by the workbench's echo of it), two writers at once lose nothing, and reads see the writes
// still queued.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { SerialMemento } from '../../../src/vscode/serialMemento';

const copy = <T>(value: T): T => (value !== null && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as T) : value);

/**
 * VS Code's extension memento, step by step: `update` changes the local copy; `send()` is its scheduler writing the
 * whole copy to the workbench; `deliver()` hands back the workbench's next message: the echo of a write (which
 * replaces the local copy), then the write's reply (which resolves its updates).
 */
class WorkbenchMemento implements vscode.Memento {
  local: Record<string, unknown> = {};
  stored: Record<string, unknown> = {};
  updates = 0;
  failNext = false;
  private waiting: { resolve(): void; reject(error: Error): void }[] = [];
  private readonly inbox: (() => void)[] = [];

  keys(): readonly string[] {
    return Object.keys(this.local).filter((key) => this.local[key] !== undefined);
  }

  get<T>(key: string, defaultValue?: T): T | undefined {
    const value = this.local[key] as T | undefined;
    return value === undefined ? defaultValue : value;
  }

  update(key: string, value: unknown): Promise<void> {
    this.updates += 1;
    this.local[key] = copy(value);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  send(): void {
    const waiting = this.waiting;
    this.waiting = [];
    if (this.failNext) {
      this.failNext = false;
      this.inbox.push(() => waiting.forEach((w) => w.reject(new Error('the storage refused the write'))));
      return;
    }
    const sent = copy(this.local);
    this.stored = sent;
    this.inbox.push(
      () => (this.local = copy(sent)),
      () => waiting.forEach((w) => w.resolve()),
    );
  }

  deliver(): void {
    this.inbox.shift()?.();
  }

  /** Sends what is waiting and delivers every message, until nothing more is written. */
  async settle(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setImmediate(resolve)); // what the replies set off runs first
      if (this.waiting.length === 0 && this.inbox.length === 0) return;
      if (this.waiting.length > 0) this.send();
      while (this.inbox.length > 0) this.deliver();
    }
    throw new Error('the writes never settled');
  }
}

/** One write sent and not yet echoed, then a second writer's update, then the echo of the first write. */
async function twoWriters(memento: vscode.Memento, workbench: WorkbenchMemento): Promise<void> {
  const first = memento.update('maas.speech.longTasks', []);
  workbench.send();
  const second = memento.update('maas.speech.longTaskLeases', {});
  workbench.deliver(); // the echo of the first write
  workbench.deliver(); // its reply
  await first;
  await workbench.settle();
  await second;
}

describe('SerialMemento', () => {
  it('the model loses a write as VS Code does when a second writer updates while an echo is on its way', async () => {
    const workbench = new WorkbenchMemento();
    workbench.local = { 'maas.speech.longTasks': [{ taskId: 't' }], 'maas.speech.longTaskLeases': { t: { owner: 'w' } } };
    await twoWriters(workbench, workbench);
    assert.deepEqual(workbench.stored, { 'maas.speech.longTasks': [], 'maas.speech.longTaskLeases': { t: { owner: 'w' } } }, 'the lease release was lost');
  });

  it('writes one update at a time, so a second writer loses nothing', async () => {
    const workbench = new WorkbenchMemento();
    workbench.local = { 'maas.speech.longTasks': [{ taskId: 't' }], 'maas.speech.longTaskLeases': { t: { owner: 'w' } } };
    const memento = new SerialMemento(workbench);
    await twoWriters(memento, workbench);
    assert.deepEqual(workbench.stored, { 'maas.speech.longTasks': [], 'maas.speech.longTaskLeases': {} });
    assert.deepEqual(memento.get('maas.speech.longTaskLeases'), {});
  });

  it('a read answers with the newest update still queued, so a read-modify-write builds on the writes before it', async () => {
    const workbench = new WorkbenchMemento();
    const memento = new SerialMemento(workbench);
    const writes = [memento.update('list', ['a']), memento.update('list', [...memento.get<string[]>('list', []), 'b']), memento.update('gone', undefined)];
    assert.equal(workbench.updates, 1, 'the second waits for the first');
    assert.deepEqual(memento.get('list'), ['a', 'b']);
    assert.equal(memento.get('gone', 'default'), 'default');
    const read = memento.get<string[]>('list', []);
    read.push('changed by the reader');
    assert.deepEqual(memento.get('list'), ['a', 'b'], 'a read is a copy');
    const given = ['c'];
    const third = memento.update('other', given);
    given.push('changed by the writer');
    assert.deepEqual(memento.get('other'), ['c'], 'what was given is copied');
    writes.push(third);
    assert.deepEqual([...memento.keys()].sort(), ['list', 'other']);
    await workbench.settle();
    await Promise.all(writes);
    assert.deepEqual(workbench.stored, { list: ['a', 'b'], other: ['c'] });
    assert.deepEqual(memento.get('list'), ['a', 'b']);
  });

  it('a failed write rejects its own update only; the next one is written', async () => {
    const workbench = new WorkbenchMemento();
    const memento = new SerialMemento(workbench);
    workbench.failNext = true;
    const failed = memento.update('a', 1);
    const next = memento.update('b', 2);
    workbench.send();
    workbench.deliver();
    await assert.rejects(failed, /refused/);
    await workbench.settle();
    await next;
    assert.deepEqual(workbench.stored, { a: 1, b: 2 }, 'the failed value stays in the local copy and goes out with the next write');
    assert.equal(memento.get('b'), 2);
  });
});
