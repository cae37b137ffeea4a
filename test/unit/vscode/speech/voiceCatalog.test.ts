// The voice picker's speaker list: cached per service address, so a changed maas.baseUrl never offers the previous
// service's voices, and kept in globalState across a reload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import type { MaasClient } from '../../../../src/core/maasClient';
import type { Speaker } from '../../../../src/core/speech/speechPayloads';
import { VoiceCatalog } from '../../../../src/vscode/speech/voiceCatalog';

class MemoryMemento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
}

/** A client whose speaker list depends on the address it was built for, counting the calls. */
function fakeClients(lists: Record<string, Speaker[]>): { client: (baseUrl: string) => MaasClient; calls: string[] } {
  const calls: string[] = [];
  const client = (baseUrl: string): MaasClient =>
    ({
      listSpeakers: () => {
        calls.push(baseUrl);
        return Promise.resolve(lists[baseUrl] ?? []);
      },
    }) as unknown as MaasClient;
  return { client, calls };
}

const first = [{ id: 'zh_female_a', name: 'A' }];
const second = [{ id: 'en_male_b', name: 'B' }];

describe('VoiceCatalog', () => {
  it('keys the cached list by base URL: a new address fetches its own list, the old one stays cached', async () => {
    let baseUrl = 'https://one.example';
    const { client, calls } = fakeClients({ 'https://one.example': first, 'https://two.example/': second });
    const catalog = new VoiceCatalog(
      new MemoryMemento() as unknown as vscode.Memento,
      () => client(baseUrl),
      () => baseUrl,
    );
    assert.deepEqual(await catalog.speakers(), first);
    assert.deepEqual(await catalog.speakers(), first);
    baseUrl = 'https://two.example/';
    assert.deepEqual(await catalog.speakers(), second, "not the previous service's voices");
    baseUrl = 'https://one.example';
    assert.deepEqual(await catalog.speakers(), first);
    assert.deepEqual(calls, ['https://one.example', 'https://two.example/']);
  });

  it('a reload (new catalog, same globalState) opens from the stored list; refresh fetches again', async () => {
    const state = new MemoryMemento() as unknown as vscode.Memento;
    const { client, calls } = fakeClients({ 'https://one.example': first });
    await new VoiceCatalog(
      state,
      () => client('https://one.example'),
      () => 'https://one.example',
    ).speakers();
    const reloaded = new VoiceCatalog(
      state,
      () => client('https://one.example'),
      () => 'https://one.example',
    );
    assert.deepEqual(await reloaded.speakers(), first);
    assert.equal(calls.length, 1);
    await reloaded.speakers({ refresh: true });
    assert.equal(calls.length, 2);
  });
});
