import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeFileAtomic } from '../../../../src/core/files/atomicWrite';

describe('writeFileAtomic', () => {
  it('creates missing folders and leaves only the target behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    const target = path.join(dir, 'a', 'b', 'audio.wav');
    await writeFileAtomic(target, new Uint8Array([82, 73, 70, 70]));
    assert.equal(readFileSync(target, 'latin1'), 'RIFF');
    assert.deepEqual(readdirSync(path.dirname(target)), ['audio.wav']);
  });

  it('replaces an existing file whole, never leaving it empty in between', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    const target = path.join(dir, 'audio.wav');
    writeFileSync(target, 'old content');
    const big = new Uint8Array(8 * 1024 * 1024).fill(7);
    const seen = new Set<number>();
    let writing = true;
    const watcher = (async () => {
      while (writing) {
        seen.add(readFileSync(target).length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await writeFileAtomic(target, big);
    writing = false;
    await watcher;
    seen.add(readFileSync(target).length);
    assert.deepEqual(
      [...seen].filter((n) => n !== 'old content'.length && n !== big.length),
      [],
    );
    assert.deepEqual(readdirSync(dir), ['audio.wav']);
  });

  it('removes its temporary file and keeps the old file when the write fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    const target = path.join(dir, 'folder-in-the-way');
    // A folder at the target: the rename fails after the bytes were written to the temporary file.
    await writeFileAtomic(path.join(target, 'inner'), 'x');
    await assert.rejects(writeFileAtomic(target, 'new'));
    assert.deepEqual(readdirSync(dir), ['folder-in-the-way']);
  });
});
