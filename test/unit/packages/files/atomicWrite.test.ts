import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeFileAtomic, writeFileAtomicSync } from '../../../../packages/files/atomicWrite';

const forms: readonly [string, (file: string, data: string | Uint8Array) => Promise<void>][] = [
  ['writeFileAtomic', writeFileAtomic],
  ['writeFileAtomicSync', async (file, data) => writeFileAtomicSync(file, data)],
];

for (const [name, write] of forms) {
  describe(name, () => {
    it('creates missing folders and leaves only the target behind', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
      const target = path.join(dir, 'a', 'b', 'audio.wav');
      await write(target, new Uint8Array([82, 73, 70, 70]));
      assert.equal(readFileSync(target, 'latin1'), 'RIFF');
      assert.deepEqual(readdirSync(path.dirname(target)), ['audio.wav']);
    });

    it('replaces an existing file', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
      const target = path.join(dir, 'state.json');
      writeFileSync(target, 'old content');
      await write(target, '{"new":true}\n');
      assert.equal(readFileSync(target, 'utf8'), '{"new":true}\n');
      assert.deepEqual(readdirSync(dir), ['state.json']);
    });

    it('removes its temporary file and leaves the target alone when the write fails', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
      const target = path.join(dir, 'folder-in-the-way');
      // A folder at the target: the rename fails after the bytes were written to the temporary file.
      mkdirSync(target);
      writeFileSync(path.join(target, 'inner'), 'x');
      await assert.rejects(write(target, 'new'), { code: 'EISDIR' });
      assert.deepEqual(readdirSync(dir), ['folder-in-the-way']);
      assert.deepEqual(readdirSync(target), ['inner']);
    });
  });
}

describe('writeFileAtomic, while another reader polls the file', () => {
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
});

describe('writeFileAtomic with commit', () => {
  it('a write told at its rename that a later one has the last word leaves the file as that one wrote it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    const target = path.join(dir, 'conversation.json');
    let closed = false;
    const stale = writeFileAtomic(target, 'streaming', { commit: () => !closed });
    // The window closes while the write above is on its way: the last state is written at once.
    writeFileAtomicSync(target, 'interrupted');
    closed = true;
    await stale;
    assert.equal(readFileSync(target, 'utf8'), 'interrupted');
    assert.deepEqual(readdirSync(dir), ['conversation.json'], 'its temporary file removed');
    await writeFileAtomic(target, 'next', { commit: () => true });
    assert.equal(readFileSync(target, 'utf8'), 'next');
  });
});

describe('the temporary file of an atomic write', () => {
  /** The name of the temporary file while it exists: the `commit` question comes just before the rename. */
  async function temporaryNameOf(target: string): Promise<string> {
    let seen = '';
    await writeFileAtomic(target, 'x', {
      commit: () => {
        seen = readdirSync(path.dirname(target)).find((name) => name !== path.basename(target)) ?? '';
        return true;
      },
    });
    return seen;
  }

  it('has a name no other writer can foresee: random, without the process id or the time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
    const target = path.join(dir, 'index.json');
    const names = [await temporaryNameOf(target), await temporaryNameOf(target)];
    for (const name of names) {
      assert.match(name, /^index\.json\.[0-9a-f]{16}\.tmp$/, name);
      assert.ok(!name.includes(String(process.pid)), `no process id in ${name}`);
    }
    assert.notEqual(names[0], names[1]);
  });

  for (const [name, write] of forms) {
    it(`${name} never writes through a link planted at its temporary name, and leaves the link alone`, async (t) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
      const outside = path.join(mkdtempSync(path.join(tmpdir(), 'atomic-outside-')), 'victim.txt');
      writeFileSync(outside, 'untouched');
      const target = path.join(dir, 'list.json');
      // The random part made known, as if guessed: a link to a file outside waits at that name.
      const guessed = Buffer.from('0011223344556677', 'hex');
      t.mock.method(crypto, 'randomBytes', () => guessed);
      symlinkSync(outside, `${target}.${guessed.toString('hex')}.tmp`);
      await assert.rejects(write(target, 'secret history'), { code: 'EEXIST' });
      assert.equal(readFileSync(outside, 'utf8'), 'untouched');
      assert.equal(lstatSync(`${target}.${guessed.toString('hex')}.tmp`).isSymbolicLink(), true, 'the link is not removed either');
      assert.equal(existsSync(target), false);
    });

    it(`${name} with mode 0o600 writes a file only its owner may read, replacing a file that others could read`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
      const target = path.join(dir, 'new', 'conversation.json');
      await write(target, 'first');
      chmodSync(target, 0o644);
      const options = { mode: 0o600 };
      if (name === 'writeFileAtomic') await writeFileAtomic(target, 'second', options);
      else writeFileAtomicSync(target, 'second', options);
      assert.equal(statSync(target).mode & 0o777, 0o600);
      assert.equal(readFileSync(target, 'utf8'), 'second');
    });
  }
});
