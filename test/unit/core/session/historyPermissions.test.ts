// The chat history holds every question and answer: only its owner may read it. A history an earlier version wrote
// (files 0644, folders 0755, readable by every user of the machine) is narrowed to its owner, files 0600 and folders
// 0700, once the session has started; a link in the folder is left as it is, and what it points to is not touched.
import assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import { conversation, turn } from '../conversations/fixtures';
import { sessionsPerTest } from './sessionFixture';

const start = sessionsPerTest();

/** Every file and folder under `folder` (itself included), links left out, with its permission bits. */
function modes(folder: string): Map<string, number> {
  const found = new Map<string, number>([[folder, lstatSync(folder).mode & 0o777]]);
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const item = path.join(entry.parentPath, entry.name);
    found.set(item, lstatSync(item).mode & 0o777);
  }
  return found;
}

/** A history as an earlier version left it: readable by everyone, with an image, a file set aside and a link out. */
async function historyReadableByAll(): Promise<{ folder: string; outside: string }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-history-modes-'));
  const store = new ConversationStore(folder);
  const conversations = Array.from({ length: 3 }, (_, i) => conversation([turn(`t${i}`, `question ${i}`, `answer ${i}`)], { id: `c${i}`, updatedAt: 100 - i }));
  await store.save({ version: 1, activeId: 'c0', conversations });
  await store.flush();
  mkdirSync(path.join(folder, 'images'));
  writeFileSync(path.join(folder, 'images', 'a.png'), 'png bytes');
  writeFileSync(path.join(folder, 'conversations', 'c9.json.corrupt-2025-01-01T00-00-00-000Z'), '{ not json');
  for (const [item] of modes(folder)) chmodSync(item, lstatSync(item).isDirectory() ? 0o755 : 0o644);
  const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'maas-outside-')), 'shared.txt');
  writeFileSync(outside, 'not the history', { mode: 0o644 });
  chmodSync(outside, 0o644);
  symlinkSync(outside, path.join(folder, 'conversations', 'link-out'));
  return { folder, outside };
}

describe('ChatSession: the history readable by its owner only', { skip: process.platform === 'win32' ? 'Windows has no such permissions' : false }, () => {
  it('narrows every file to 0600 and every folder to 0700 after start-up, leaving links and what they point to alone', async () => {
    const { folder, outside } = await historyReadableByAll();
    const before = modes(folder);
    assert.ok([...before.values()].every((mode) => mode === 0o644 || mode === 0o755));
    const t = start({ folder });
    await t.checked();
    const after = modes(folder);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort(), 'nothing added or removed');
    for (const [item, mode] of after) assert.equal(mode.toString(8), lstatSync(item).isDirectory() ? '700' : '600', item);
    assert.equal(lstatSync(outside).mode & 0o777, 0o644, 'the file a link points to is not the history');
    const folders = [...after.keys()].filter((item) => lstatSync(item).isDirectory()).length;
    assert.ok(
      t.logLines.includes(`The chat history is now readable by you only: ${after.size - folders} files and ${folders} folders narrowed.`),
      t.logLines.join('\n'),
    );
  });

  it('says nothing when the history is readable by its owner only already', async () => {
    const { folder } = await historyReadableByAll();
    for (const [item] of modes(folder)) chmodSync(item, lstatSync(item).isDirectory() ? 0o700 : 0o600);
    const t = start({ folder });
    await t.checked();
    assert.ok(!t.logLines.some((line) => line.includes('readable by you only')), t.logLines.join('\n'));
  });
});
