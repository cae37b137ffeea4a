import { waitFor } from '../../../harness/waitFor';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { conversationSchema, summaryOf, titleFromQuestion, type Conversation } from '../../../../src/core/conversations/conversationModel';
import { ConversationStore, type StoreChange } from '../../../../src/core/conversations/conversationStore';
import { isConversationFile } from '../../../../src/core/conversations/historyFolder';
import { conversation, turn } from './fixtures';

/** The conversation files in the store's folder, as a look at the disk shows them. */
function conversationFiles(store: ConversationStore): string[] {
  return readdirSync(store.path).filter(isConversationFile);
}

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-store-'));
  folders.push(dir);
  return dir;
}
after(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every conversation of a history folder with its turns, as a new window finds them: the open one, then the list's. */
async function everything(dir: string): Promise<Conversation[]> {
  const store = new ConversationStore(dir);
  const { data } = await store.load();
  const others = await Promise.all((data.unloaded ?? []).map(async (summary) => store.read(summary.id)));
  return [...data.conversations, ...others.flatMap((read) => (read.kind === 'ok' ? [read.conversation] : []))];
}

describe('ConversationStore', () => {
  it('starts empty and reads back what it saved: the open conversation whole, the others by their summary', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    assert.deepEqual((await store.load()).data, { version: 1, activeId: undefined, conversations: [], unloaded: [] });
    const c1 = conversation([turn('t1', 'q', 'a')], { updatedAt: 5 });
    const c2 = conversation([turn('t2', 'q2', 'a2')], { id: 'c2', updatedAt: 9 });
    await store.save({ version: 1, activeId: 'c1', conversations: [c2, c1] });
    const again = new ConversationStore(dir);
    const { data } = await again.load();
    assert.equal(data.activeId, 'c1');
    assert.deepEqual(data.conversations, [c1], 'the open conversation is read whole');
    assert.deepEqual(
      data.unloaded?.map((s) => ({ id: s.id, title: s.title, model: s.model, updatedAt: s.updatedAt, turnCount: s.turnCount })),
      [summaryOf(c2)],
      'the others are summaries',
    );
    const read = await again.read('c2');
    assert.deepEqual(read.kind === 'ok' ? read.conversation : read, c2, 'a summary opens to the whole conversation');
    assert.deepEqual(conversationFiles(store).sort(), ['c1.json', 'c2.json'], 'one file per conversation');
  });

  it('keeps a partial answer saved mid-stream and marks it interrupted after a reload', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    await store.save({
      version: 1,
      conversations: [conversation([turn('t1', 'q', 'half an ans', { status: 'streaming' }), turn('t2', 'q2', '', { status: 'pending' })])],
    });
    const reloaded = await new ConversationStore(dir).load();
    const turns = reloaded.data.conversations[0]?.turns ?? [];
    assert.equal(reloaded.data.conversations.length, 1);
    assert.deepEqual(
      turns.map((t) => [t.status, t.answer]),
      [
        ['interrupted', 'half an ans'],
        ['interrupted', ''],
      ],
    );
  });

  it('serialises saves so the last one wins, and leaves no temporary files', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    const writes = Array.from({ length: 20 }, (_, i) => store.save({ version: 1, conversations: [conversation([turn('t', 'q', `answer ${i}`)])] }));
    await Promise.all(writes);
    const saved = JSON.parse(readFileSync(store.conversationFile('c1'), 'utf8')) as { turns: { answer: string }[] };
    assert.equal(saved.turns[0]?.answer, 'answer 19');
    assert.deepEqual(
      readdirSync(store.path).filter((name) => name.endsWith('.tmp')),
      [],
    );
  });

  it("writes only the conversations that changed, so another window's conversations are left alone", async () => {
    const dir = folder();
    const windowA = new ConversationStore(dir);
    const windowB = new ConversationStore(dir);
    const a = conversation([turn('ta', 'from A', 'x')], { id: 'a' });
    const b = conversation([turn('tb', 'from B', 'y')], { id: 'b' });
    await windowA.save({ version: 1, conversations: [a] });
    await windowB.save({ version: 1, conversations: [b] });
    await windowA.save({ version: 1, conversations: [{ ...a, title: 'renamed in A' }] });
    const saved = await everything(dir);
    assert.deepEqual(saved.map((c) => c.id).sort(), ['a', 'b']);
    assert.equal(saved.find((c) => c.id === 'a')?.title, 'renamed in A');
  });

  it('removes the file of a deleted conversation', async () => {
    const store = new ConversationStore(folder());
    await store.save({ version: 1, conversations: [conversation([], { id: 'a' }), conversation([], { id: 'b' })] });
    await store.save({ version: 1, conversations: [conversation([], { id: 'b' })] });
    assert.deepEqual(conversationFiles(store), ['b.json']);
  });

  it('sets a corrupt conversation file aside, reports it, keeps the others, and never overwrites it', async () => {
    for (const content of ['{"id":"bad","title":', '{"id":"bad"}', 'not json']) {
      const dir = folder();
      const store = new ConversationStore(dir);
      await store.save({ version: 1, conversations: [conversation([turn('t', 'q', 'a')], { id: 'good' })] });
      mkdirSync(store.path, { recursive: true });
      writeFileSync(store.conversationFile('bad'), content);
      const loaded = await new ConversationStore(dir).load();
      assert.deepEqual(
        [...loaded.data.conversations, ...(loaded.data.unloaded ?? [])].map((c) => c.id),
        ['good'],
        'the readable conversation is kept',
      );
      assert.equal(loaded.setAside.length, 1, 'the corruption is reported');
      assert.equal(readFileSync(loaded.setAside[0]?.movedTo ?? '', 'utf8'), content, 'the corrupt file is kept, byte for byte');
      assert.equal(existsSync(store.conversationFile('bad')), false);
    }
  });

  it('an id in index.json or list.json that breaks the file-name rule names no file: one outside the folder is left alone', async () => {
    for (const where of ['index', 'list'] as const) {
      const root = folder();
      const dir = path.join(root, 'chat');
      // A file beside the history folder that does not parse: reading it as a conversation would move it aside.
      const victim = path.join(root, 'victim.json');
      writeFileSync(victim, 'not a conversation');
      const store = new ConversationStore(dir);
      await store.save({ version: 1, activeId: 'good', conversations: [conversation([turn('t', 'q', 'a')], { id: 'good' })] });
      await store.flush();
      const crafted = '../../victim';
      if (where === 'index') writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ version: 1, activeId: crafted }));
      else {
        const list = JSON.parse(readFileSync(path.join(dir, 'list.json'), 'utf8')) as { conversations: unknown[][] };
        list.conversations.unshift([crafted, 'Crafted', 'svc_llm', Date.now() + 1000, 1, 10, 0]);
        writeFileSync(path.join(dir, 'list.json'), JSON.stringify(list));
        writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ version: 1 }));
      }
      const loaded = await new ConversationStore(dir).load();
      assert.equal(readFileSync(victim, 'utf8'), 'not a conversation', `${where}: the file outside is untouched`);
      assert.deepEqual(readdirSync(root).sort(), ['chat', 'victim.json'], `${where}: nothing was moved beside it`);
      assert.deepEqual(
        [...loaded.data.conversations, ...(loaded.data.unloaded ?? [])].map((c) => c.id),
        ['good'],
        `${where}: the history is whole`,
      );
      if (where === 'index') assert.equal(loaded.setAside.length, 1, 'the crafted index is set aside, in the folder, and reported');
      else assert.equal(loaded.listRebuilt, 'unreadable', 'the crafted list is rebuilt from the files');
    }
    assert.throws(() => new ConversationStore(folder()).conversationFile('../x'), /not a conversation id/);
  });

  it('writes the history readable by its owner only: conversations, the index, the list and images 0600, folders 0700', async () => {
    const dir = path.join(folder(), 'chat');
    const store = new ConversationStore(dir);
    const c1 = conversation([turn('t', 'q', 'a')], { id: 'c1' });
    await store.save({ version: 1, activeId: 'c1', conversations: [c1] });
    await store.flush();
    const image = await store.saveImage('image/png', Buffer.from([1, 2, 3]));
    // The last, synchronous save as a window closes writes the same way.
    store.saveSync({ version: 1, activeId: 'c2', conversations: [c1, conversation([turn('t', 'q', 'a')], { id: 'c2' })] });
    const mode = (file: string): number => statSync(file).mode & 0o777;
    for (const file of ['conversations/c1.json', 'conversations/c2.json', 'index.json', 'list.json', `images/${image}`])
      assert.equal(mode(path.join(dir, file)).toString(8), '600', file);
    for (const folderName of ['.', 'conversations', 'images']) assert.equal(mode(path.join(dir, folderName)).toString(8), '700', folderName);
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

describe('ConversationStore.watch: two windows sharing the folder', () => {
  /** Collects the changes a store reports; `next` waits for the next one (or fails after a while). */
  function watching(store: ConversationStore): { changes: StoreChange[]; next(): Promise<StoreChange>; dispose(): void } {
    const changes: StoreChange[] = [];
    const waiting: ((change: StoreChange) => void)[] = [];
    const handle = store.watch(
      (change) => {
        changes.push(change);
        waiting.shift()?.(change);
      },
      (error) => assert.fail(error),
    );
    return {
      changes,
      next: () =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no change reported within 5 s')), 5_000);
          waiting.push((change) => {
            clearTimeout(timer);
            resolve(change);
          });
        }),
      dispose: () => handle.dispose(),
    };
  }
  let markers = 0;
  /**
   * Another window writes a conversation of its own; resolves, once that is reported, with the changes reported before
   * it. Files are looked at one at a time in the order they settled, so every file written earlier has been looked at.
   */
  async function reportedBefore(dir: string, seen: ReturnType<typeof watching>): Promise<StoreChange[]> {
    const marker = conversation([turn('m', 'a later question from elsewhere', 'its answer')], { id: `marker-${(markers += 1)}` });
    await new ConversationStore(dir).save({ version: 1, conversations: [marker] });
    const isMarker = (change: StoreChange): boolean => change.kind === 'changed' && change.conversation.id === marker.id;
    await waitFor(() => seen.changes.some(isMarker), { what: `the report of ${marker.id}`, timeoutMs: 10_000 });
    return seen.changes.slice(0, seen.changes.findIndex(isMarker));
  }

  it('reports a conversation another window added, changed and deleted, and never its own writes', async () => {
    const dir = folder();
    const windowA = new ConversationStore(dir);
    const windowB = new ConversationStore(dir);
    await windowA.load();
    await windowB.load();
    const inA = watching(windowA);
    const inB = watching(windowB);
    try {
      const mine = conversation([turn('tb', 'from B', 'y')], { id: 'b' });
      await windowB.save({ version: 1, conversations: [mine] });
      const added = await inA.next();
      assert.deepEqual(added, { kind: 'changed', conversation: mine });

      // Many quick saves of B's own, as while an answer streams: none is reported back to B.
      for (let i = 0; i < 10; i++) await windowB.save({ version: 1, conversations: [{ ...mine, title: `streaming ${i}` }] });
      const titleInA = () => {
        const latest = inA.changes.at(-1);
        return latest?.kind === 'changed' ? latest.conversation.title : undefined;
      };
      await waitFor(() => titleInA() === 'streaming 9', { what: "A to end at B's latest write", timeoutMs: 5_000, intervalMs: 50 });

      // A takes the change as its own state: saving that state writes nothing, so B hears nothing.
      await windowA.save({ version: 1, conversations: [{ ...mine, title: 'streaming 9' }] });
      await windowB.save({ version: 1, conversations: [] });
      assert.deepEqual(await inA.next(), { kind: 'removed', id: 'b' });
      assert.deepEqual(await reportedBefore(dir, inB), [], 'B never hears of its own writes');
    } finally {
      inA.dispose();
      inB.dispose();
    }
  });

  it('reports the files another window wrote in the order it wrote them, a long one before a short one after it', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    await store.load();
    const seen = watching(store);
    try {
      // Written one right after the other: the long file takes longer to read than the short one.
      const long = conversation(
        Array.from({ length: 400 }, (_, i) => turn(`l${i}`, `question ${i}`, `${'a long answer '.repeat(800)}${i}`)),
        { id: 'long' },
      );
      writeFileSync(store.conversationFile('long'), JSON.stringify(long));
      writeFileSync(store.conversationFile('short'), JSON.stringify(conversation([turn('s1', 'short', 'answer')], { id: 'short' })));
      const ids = (): string[] => seen.changes.map((change) => (change.kind === 'changed' ? change.conversation.id : change.id));
      await waitFor(() => ids().length >= 2, { what: 'both files reported', timeoutMs: 10_000 });
      assert.deepEqual(ids(), ['long', 'short']);
    } finally {
      seen.dispose();
    }
  });

  it("never reports its own writes of objects whose keys are not in the schema's order (as state updates build them)", async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    await store.load();
    const seen = watching(store);
    try {
      const base = conversation([turn('t1', 'question', '')], { id: 'c' });
      for (let i = 0; i < 12; i++) {
        // The same data with the keys in reverse order, as spreads of changed fields can leave them.
        const reversed = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T;
        const updated = { ...turn('t1', 'question', 'a'.repeat(i)), status: i < 11 ? ('streaming' as const) : ('done' as const) };
        const reordered = reversed({ ...base, turns: [reversed(updated)] });
        assert.notEqual(JSON.stringify(reordered), JSON.stringify(conversationSchema.parse(reordered)), 'the keys are out of the schema order');
        await store.save({ version: 1, conversations: [reordered] });
      }
      assert.deepEqual(await reportedBefore(dir, seen), [], "an echo of its own write taken for another window's would replace newer state");
    } finally {
      seen.dispose();
    }
  });

  it("a save merges with what another window wrote since, so neither window's new turns are lost, and says so", async () => {
    const dir = folder();
    const windowA = new ConversationStore(dir);
    const shared = conversation([turn('t1', 'q1', 'a1', { createdAt: 1 })], { id: 'x' });
    await windowA.save({ version: 1, conversations: [shared] });
    const windowB = new ConversationStore(dir);
    await windowB.load();
    const inB = watching(windowB);
    try {
      // A adds a turn; B adds another before it heard of A's (no settle): B's save must not overwrite A's turn.
      await windowA.save({ version: 1, conversations: [{ ...shared, turns: [...shared.turns, turn('fromA', 'qa', 'aa', { createdAt: 2 })] }] });
      await windowB.save({ version: 1, conversations: [{ ...shared, turns: [...shared.turns, turn('fromB', 'qb', 'ab', { createdAt: 3 })] }] });
      const onDisk = (await everything(dir))[0];
      assert.deepEqual(
        onDisk?.turns.map((x) => x.id),
        ['t1', 'fromA', 'fromB'],
      );
      const told = inB.changes.find((c) => c.kind === 'changed' && c.conversation.turns.length === 3);
      assert.ok(told, "B is told about the merged conversation, to show A's turn and keep it in later saves");
    } finally {
      inB.dispose();
    }
  });

  it('ignores temporary files and files that do not parse, and stops reporting once disposed', async () => {
    const dir = folder();
    const store = new ConversationStore(dir);
    const watched = watching(store);
    try {
      writeFileSync(path.join(store.path, 'x.json.123.tmp'), '{');
      writeFileSync(store.conversationFile('broken'), '{ not json');
      writeFileSync(store.conversationFile('other-id'), JSON.stringify(conversation([], { id: 'not-other-id' })));
      assert.deepEqual(await reportedBefore(dir, watched), []);
    } finally {
      watched.dispose();
    }
    const heardBeforeDisposal = watched.changes.length;
    // A watcher started now hears of the next file; the one disposed hears nothing of it.
    const later = watching(store);
    try {
      writeFileSync(store.conversationFile('late'), JSON.stringify(conversation([], { id: 'late' })));
      const late = await later.next();
      assert.equal(late.kind === 'changed' ? late.conversation.id : late.id, 'late');
      assert.equal(watched.changes.length, heardBeforeDisposal);
    } finally {
      later.dispose();
    }
  });
});

describe('titleFromQuestion', () => {
  it('takes the first non-empty line, folded and capped', () => {
    assert.equal(titleFromQuestion('\n  How do I   sort?\nmore'), 'How do I sort?');
    assert.equal(titleFromQuestion('x'.repeat(100)).length, 60);
    assert.equal(titleFromQuestion('请解释这段代码'), '请解释这段代码');
  });
});
