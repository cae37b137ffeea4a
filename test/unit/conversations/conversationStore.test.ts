import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { titleFromQuestion } from '../../../src/core/conversations/conversationModel';
import { ConversationStore } from '../../../src/core/conversations/conversationStore';
import { conversation, turn } from './fixtures';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-store-'));
  folders.push(dir);
  return dir;
}
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('ConversationStore', () => {
  it('starts empty and reads back what it saved', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    assert.deepEqual((await store.load()).data, { version: 1, conversations: [] });
    const data = { version: 1 as const, activeId: 'c1', conversations: [conversation([turn('t1', 'q', 'a')])] };
    await store.save(data);
    assert.deepEqual((await new ConversationStore(dir).load()).data, data);
  });

  it('keeps a partial answer saved mid-stream and marks it interrupted after a reload', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    await store.save({ version: 1, conversations: [conversation([turn('t1', 'q', 'half an ans', { status: 'streaming' }), turn('t2', 'q2', '', { status: 'pending' })])] });
    const reloaded = await new ConversationStore(dir).load();
    const turns = reloaded.data.conversations[0]?.turns ?? [];
    assert.deepEqual(turns.map((t) => [t.status, t.answer]), [['interrupted', 'half an ans'], ['interrupted', '']]);
  });

  it('serialises saves so the last one wins, and leaves no temporary files', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    const writes = Array.from({ length: 20 }, (_, i) => store.save({ version: 1, conversations: [conversation([turn('t', 'q', `answer ${i}`)])] }));
    await Promise.all(writes);
    const saved = JSON.parse(readFileSync(store.path, 'utf8')) as { conversations: { turns: { answer: string }[] }[] };
    assert.equal(saved.conversations[0]?.turns[0]?.answer, 'answer 19');
    assert.deepEqual(readdirSync(dir).filter((name) => name.endsWith('.tmp')), []);
  });

  it('sets a corrupt store aside, reports it, and never overwrites it', async () => {
    for (const content of ['{"version":1,"conversations":[{"id":', '{"version":2,"conversations":[]}', 'not json']) {
      const dir = folder();
      const store = new ConversationStore(dir);
      writeFileSync(store.path, content);
      const loaded = await store.load();
      assert.deepEqual(loaded.data.conversations, []);
      assert.ok(loaded.setAside, 'the corruption is reported');
      assert.equal(readFileSync(loaded.setAside.movedTo, 'utf8'), content, 'the corrupt file is kept, byte for byte');
      assert.equal(existsSync(store.path), false);
    }
  });

  it('keeps image bytes beside the store', async () => {
    const store = new ConversationStore(folder());
    const name = await store.saveImage('image/png', Buffer.from([1, 2, 3]));
    assert.match(name, /\.png$/);
    assert.deepEqual([...(await store.readImage(name))], [1, 2, 3]);
    await store.deleteImages([name]);
    await assert.rejects(store.readImage(name));
  });
});

describe('titleFromQuestion', () => {
  it('takes the first non-empty line, folded and capped', () => {
    assert.equal(titleFromQuestion('\n  How do I   sort?\nmore'), 'How do I sort?');
    assert.equal(titleFromQuestion('x'.repeat(100)).length, 60);
    assert.equal(titleFromQuestion('请解释这段代码'), '请解释这段代码');
  });
});
