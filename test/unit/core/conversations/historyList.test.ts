// The history's list (list.json): start-up reads it and the open conversation, not the history; a missing, unreadable,
// older or stale list is rebuilt or corrected from the files; a save touches only the file of the conversation that
// changed; and what a window remembers of its own writes stays bounded.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { summaryOf, type Conversation } from '../../../../src/core/conversations/conversationModel';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import { HistoryList } from '../../../../src/core/conversations/historyList';
import { WriteLedger } from '../../../../src/core/conversations/writeLedger';
import { conversation, turn } from './fixtures';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-list-'));
  folders.push(dir);
  return dir;
}
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const many = (count: number): Conversation[] =>
  Array.from({ length: count }, (_, i) =>
    conversation([turn(`t${i}`, `question ${i}`, `answer ${i}`)], { id: `c${i}`, title: `Conversation ${i}`, updatedAt: 1_000 + i }),
  );

/** A history of `count` conversations saved by one window, its list written; c0 is open. */
async function savedHistory(count: number): Promise<{ dir: string; conversations: Conversation[] }> {
  const dir = folder();
  const store = new ConversationStore(dir);
  const conversations = many(count);
  await store.save({ version: 1, activeId: 'c0', conversations });
  await store.flush();
  return { dir, conversations };
}

const listFile = (dir: string): string => path.join(dir, 'list.json');
/** The list file's rows as objects, by the names of its `fields`. */
const listed = (dir: string): { id: string; title: string; turnCount: number }[] => {
  const file = JSON.parse(readFileSync(listFile(dir), 'utf8')) as { fields: string[]; conversations: unknown[][] };
  return file.conversations.map(
    (row) => Object.fromEntries(file.fields.map((field, i) => [field, row[i]])) as { id: string; title: string; turnCount: number },
  );
};
const ids = (items: readonly { id: string }[]): string[] => items.map((i) => i.id).sort();

describe('the history list', () => {
  it('start-up reads the list and the open conversation, not the other files', async () => {
    const { dir, conversations } = await savedHistory(5);
    // Every other file replaced by bytes that do not parse, with its size and time unchanged: read, it would be set aside.
    for (const c of conversations.slice(1)) {
      const file = path.join(dir, 'conversations', `${c.id}.json`);
      const { size, atime, mtime } = statSync(file);
      writeFileSync(file, 'x'.repeat(size));
      utimesSync(file, atime, mtime);
    }
    const { data, setAside } = await new ConversationStore(dir).load();
    assert.deepEqual(setAside, [], 'no other file was read');
    assert.deepEqual(data.conversations, [conversations[0]]);
    assert.deepEqual(
      data.unloaded?.map((s) => s.title),
      ['Conversation 4', 'Conversation 3', 'Conversation 2', 'Conversation 1'],
      'newest change first, from the list',
    );
  });

  it('a missing list is rebuilt from the files, the open conversation kept', async () => {
    const { dir, conversations } = await savedHistory(4);
    rmSync(listFile(dir));
    const store = new ConversationStore(dir);
    const loaded = await store.load();
    assert.equal(loaded.listRebuilt, 'missing');
    assert.equal(loaded.data.activeId, 'c0');
    assert.deepEqual(ids(loaded.data.unloaded ?? []), ['c1', 'c2', 'c3']);
    await store.flush();
    assert.deepEqual(ids(listed(dir)), ids(conversations), 'the rebuilt list is written');
  });

  for (const [what, text] of [
    ['cut short', '{"version":1,"conversations":[{"id":"c1"'],
    ['of another version', JSON.stringify({ version: 2, entries: [] })],
    [
      'with a malformed row',
      JSON.stringify({ version: 1, fields: ['id', 'title', 'model', 'createdAt', 'updatedAt', 'turnCount', 'size', 'mtimeMs'], conversations: [['c1', 7]] }),
    ],
    [
      'with a turn count that is not a whole number',
      JSON.stringify({
        version: 1,
        fields: ['id', 'title', 'model', 'updatedAt', 'turnCount', 'size', 'mtimeMs'],
        conversations: [['c1', 't', 'svc_llm', 1, 1.5, 10, 10]],
      }),
    ],
    ['with fields in another order', JSON.stringify({ version: 1, fields: ['title', 'id'], conversations: [] })],
  ] as const) {
    it(`a list ${what} is rebuilt, and nothing is reported lost or set aside`, async () => {
      const { dir } = await savedHistory(3);
      writeFileSync(listFile(dir), text);
      const store = new ConversationStore(dir);
      const loaded = await store.load();
      assert.equal(loaded.listRebuilt, 'unreadable');
      assert.deepEqual(loaded.setAside, []);
      assert.deepEqual(ids([...loaded.data.conversations, ...(loaded.data.unloaded ?? [])]), ['c0', 'c1', 'c2']);
      await store.flush();
      assert.deepEqual(ids(listed(dir)), ['c0', 'c1', 'c2']);
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.includes('corrupt')),
        [],
      );
    });
  }

  it('a history an older version wrote (index.json with the open conversation only, no list) opens as it did', async () => {
    const dir = folder();
    const old = many(3);
    mkdirSync(path.join(dir, 'conversations'));
    for (const c of old) writeFileSync(path.join(dir, 'conversations', `${c.id}.json`), JSON.stringify(c), { flag: 'w' });
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ version: 1, activeId: 'c1' }));
    const loaded = await new ConversationStore(dir).load();
    assert.equal(loaded.listRebuilt, 'missing');
    assert.equal(loaded.data.activeId, 'c1');
    assert.deepEqual(loaded.data.conversations, [old[1]]);
    assert.deepEqual(
      loaded.data.unloaded?.map((s) => s.id),
      ['c2', 'c0'],
    );
  });

  it('the check after start-up corrects a stale list: files changed, added, removed or unreadable behind its back', async () => {
    const { dir, conversations } = await savedHistory(5);
    const file = (id: string): string => path.join(dir, 'conversations', `${id}.json`);
    // What an older version or another window may do while this window's list says otherwise.
    writeFileSync(file('c1'), JSON.stringify({ ...conversations[1], title: 'Renamed elsewhere', turns: [], updatedAt: 5_000 }));
    writeFileSync(file('new'), JSON.stringify(conversation([turn('n', 'q', 'a')], { id: 'new', title: 'Added elsewhere', updatedAt: 6_000 })));
    rmSync(file('c2'));
    writeFileSync(file('c3'), '{ broken');
    const store = new ConversationStore(dir);
    const loaded = await store.load();
    assert.ok(
      loaded.data.unloaded?.some((s) => s.id === 'c2'),
      'start-up trusts the list',
    );
    const { changes, setAside } = await store.check();
    const changed = changes.flatMap((c) => (c.kind === 'changed' ? [summaryOf(c.conversation)] : []));
    assert.deepEqual(changed.map((s) => [s.id, s.title, s.turnCount]).sort(), [
      ['c1', 'Renamed elsewhere', 0],
      ['new', 'Added elsewhere', 1],
    ]);
    assert.deepEqual(
      changes
        .filter((c) => c.kind === 'removed')
        .map((c) => (c.kind === 'removed' ? c.id : ''))
        .sort(),
      ['c2', 'c3'],
    );
    assert.equal(setAside.length, 1, 'the unreadable file is set aside and reported');
    assert.equal(readFileSync(setAside[0]?.movedTo ?? '', 'utf8'), '{ broken');
    await store.flush();
    assert.deepEqual(
      listed(dir)
        .map((e) => [e.id, e.title])
        .sort(),
      [
        ['c0', 'Conversation 0'],
        ['c1', 'Renamed elsewhere'],
        ['c4', 'Conversation 4'],
        ['new', 'Added elsewhere'],
      ],
    );
    assert.deepEqual((await store.check()).changes, [], 'once corrected, the next check reads nothing');
  });

  it("a save writes the changed conversation's file only: not the others, not the index, and not the list for a streaming answer", async (context) => {
    const { dir } = await savedHistory(30);
    // The list's write is timed (listDelayMs after a change): fake timers run it at once, when it was scheduled.
    context.mock.timers.enable({ apis: ['setTimeout'] });
    const store = new ConversationStore(dir, { listDelayMs: 60_000 });
    const { data } = await store.load();
    const files = [...readdirSync(path.join(dir, 'conversations')).map((n) => path.join('conversations', n)), 'index.json', 'list.json'];
    const stamps = (): Map<string, string> => new Map(files.map((f) => [f, `${statSync(path.join(dir, f)).ino}:${statSync(path.join(dir, f)).mtimeMs}`]));
    /** Saves, runs the list write if one was scheduled, and resolves once everything queued before is on disk. */
    const saveAndSettle = async (next: typeof data): Promise<void> => {
      await store.save(next);
      context.mock.timers.runAll();
      await store.save(next); // writes nothing new; resolves after every write queued before it, the list's included
    };
    const before = stamps();
    const open = data.conversations[0] as Conversation;
    const streaming = { ...open, turns: open.turns.map((t) => ({ ...t, answer: `${t.answer} and more`, status: 'streaming' as const })) };
    await saveAndSettle({ ...data, conversations: [streaming] });
    const after1 = stamps();
    const touched = files.filter((f) => before.get(f) !== after1.get(f));
    assert.deepEqual(touched, [path.join('conversations', 'c0.json')]);

    // A new question changes the conversation's summary: the list follows.
    await saveAndSettle({ ...data, conversations: [{ ...streaming, turns: [...streaming.turns, turn('t-new', 'another', '')], updatedAt: 9_999 }] });
    assert.equal(listed(dir).find((e) => e.id === 'c0')?.turnCount, 2);
    assert.deepEqual(
      files.filter((f) => after1.get(f) !== stamps().get(f)),
      [path.join('conversations', 'c0.json'), 'list.json'],
    );
  });

  it('the last save as the window closes writes the list with the new file stamps, so the next check reads nothing', async () => {
    const { dir } = await savedHistory(4);
    const store = new ConversationStore(dir);
    const { data } = await store.load();
    const open = data.conversations[0] as Conversation;
    store.saveSync({ ...data, conversations: [{ ...open, turns: [{ ...(open.turns[0] as Conversation['turns'][number]), answer: 'final words' }] }] });
    const next = new ConversationStore(dir);
    await next.load();
    assert.deepEqual((await next.check()).changes, []);
    assert.ok(existsSync(listFile(dir)));
  });
});

describe('HistoryList', () => {
  it('a list just read holds nothing to write, even when a row was set while its file was being read', async () => {
    // Start-up reads the open conversation while it reads the list, and the conversation's read sets its row.
    const { dir, conversations } = await savedHistory(3);
    const open = conversations[0] as Conversation;
    const { size, mtimeMs } = statSync(path.join(dir, 'conversations', 'c0.json'));
    const list = new HistoryList(dir);
    const reading = list.read();
    list.set(summaryOf(open), { size, mtimeMs });
    assert.equal(await reading, undefined);
    list.set(summaryOf(open), { size, mtimeMs });
    assert.equal(list.needsWrite, false, "the row equals the file's: nothing to write");
    assert.deepEqual(
      list.all().map((e) => e.id),
      ['c2', 'c1', 'c0'],
    );
  });
});

describe('WriteLedger', () => {
  it('remembers its own writes per conversation in bounded memory, and tells them from other texts', () => {
    const ledger = new WriteLedger();
    const c = conversation([], { id: 'a' });
    for (let i = 0; i < 100; i++) ledger.wrote({ ...c, title: `v${i}` }, `text ${i}`);
    assert.equal(ledger.isOwnWrite('a', 'text 99'), true);
    assert.equal(ledger.isOwnWrite('a', 'text 92'), true);
    assert.equal(ledger.isOwnWrite('a', 'text 91'), false, 'only the last few are kept');
    assert.equal(ledger.isOwnWrite('a', 'another window'), false);
    const held = { ...c, title: 'held' };
    ledger.read(held, 'on disk');
    assert.equal(ledger.holds(held), true);
    assert.equal(ledger.holds({ ...held }), false, 'a changed conversation is a new object');
    ledger.release('a');
    assert.equal(ledger.holds(held), false);
    assert.equal(ledger.isOwnWrite('a', 'text 99'), true, 'an echo of a write before the release is still known');
  });

  it('knows a text that is the version held, one of its own writes, or a base given; not another one', () => {
    const ledger = new WriteLedger();
    const c = conversation([], { id: 'a' });
    ledger.read(c, 'read from disk');
    const base = ledger.version('a');
    ledger.wrote({ ...c, title: 'mine' }, 'written here');
    assert.equal(ledger.knows('a', 'written here'), true, 'held and own');
    assert.equal(ledger.knows('a', 'read from disk'), false, 'no longer held');
    assert.equal(ledger.knows('a', 'read from disk', base), true, 'the base of a save');
    assert.equal(ledger.knows('a', 'another window', base), false);
    assert.equal(ledger.knows('b', 'written here'), false, 'per conversation');
  });
});
