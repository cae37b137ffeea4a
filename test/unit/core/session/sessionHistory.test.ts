// A long history in the chat session: the list comes from the history's list file, a conversation's turns are read
// when it is opened (and leave memory when another is), conversations that are not open can still be renamed,
// exported and deleted, and what the start-up check finds (another window's conversation, an unreadable file) shows.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Conversation } from '../../../../src/core/conversations/conversationModel';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import type { ChatSnapshot, HostToWebview } from '../../../../src/shared/protocol';
import { conversation, turn } from '../conversations/fixtures';
import { waitFor } from '../../../harness/waitFor';
import { ObservedStore, sessionsPerTest, type SessionUnderTest } from './sessionFixture';

const start = sessionsPerTest();

/** A history folder with `count` conversations (c0 the newest and open), the list written as a window leaves it. */
async function history(count: number, extra: (c: Conversation, i: number) => Partial<Conversation> = () => ({})): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-session-history-'));
  const store = new ConversationStore(folder);
  const conversations = Array.from({ length: count }, (_, i) => {
    const base = conversation([turn(`t${i}`, `question ${i}`, `answer ${i}`), turn(`u${i}`, `more ${i}`, `again ${i}`)], {
      id: `c${i}`,
      title: `Conversation ${i}`,
      updatedAt: 10_000 - i,
    });
    return { ...base, ...extra(base, i) };
  });
  await store.save({ version: 1, activeId: 'c0', conversations });
  await store.flush();
  return folder;
}

function started(folder: string): SessionUnderTest {
  return start({ folder });
}

const lastSnapshot = (messages: readonly HostToWebview[]): ChatSnapshot | undefined =>
  messages.flatMap((m) => (m.type === 'snapshot' ? [m.snapshot] : [])).at(-1);

describe('ChatSession: a long history', () => {
  it('lists every conversation from the list file and holds only the open one in memory', async () => {
    const t = started(await history(40));
    await t.session.refresh();
    const snapshot = lastSnapshot(t.emitted);
    assert.equal(snapshot?.conversations.length, 40);
    assert.deepEqual(snapshot?.conversations[3], { id: 'c3', title: 'Conversation 3', updatedAt: 9_997, turnCount: 2 });
    assert.equal(snapshot?.active.id, 'c0');
    assert.equal(snapshot?.active.turns.length, 2);
    assert.deepEqual(
      t.session.state.current.conversations.conversations.map((c) => c.id),
      ['c0'],
    );
  });

  it('reads a conversation when it is opened; the one left keeps only its summary', async () => {
    const t = started(await history(5));
    await t.session.selectConversation('c3');
    const snapshot = lastSnapshot(t.emitted);
    assert.equal(snapshot?.active.id, 'c3');
    assert.deepEqual(
      snapshot?.active.turns.map((x) => x.answer),
      ['answer 3', 'again 3'],
    );
    assert.deepEqual(
      t.session.state.current.conversations.conversations.map((c) => c.id),
      ['c3'],
    );
    assert.equal(snapshot?.conversations.length, 5, 'the list still shows all');
    // A question in the opened conversation goes with its earlier turns, read from disk.
    const asked = await t.session.send('and then?', []);
    const answer = await t.backend.answer(0);
    assert.deepEqual(
      answer.request.messages.map((m) => m.content),
      ['question 3', 'answer 3', 'more 3', 'again 3', 'and then?'],
    );
    answer.text('then this').end();
    await t.finished(asked ?? '');
  });

  it('renames, exports and deletes conversations that are not open, images included', async () => {
    const folder = await history(4);
    const images = path.join(folder, 'images');
    mkdirSync(images, { recursive: true });
    writeFileSync(path.join(images, 'kept.png'), 'png');
    const file = (id: string): string => path.join(folder, 'conversations', `${id}.json`);
    const withImage = { ...(JSON.parse(readFileSync(file('c2'), 'utf8')) as Conversation) };
    withImage.turns = [
      turn('img', 'what is it?', 'a cat', {
        images: [{ id: 'i', name: 'cat.png', mime: 'image/png', width: 1, height: 1, bytes: 3, thumbnail: '', file: 'kept.png' }],
      }),
    ];
    writeFileSync(file('c2'), JSON.stringify(withImage));
    const t = started(folder);
    await t.checked();

    await t.session.renameConversation('c1', 'Named while closed');
    assert.equal((JSON.parse(readFileSync(file('c1'), 'utf8')) as Conversation).title, 'Named while closed');
    assert.deepEqual(
      t.session.state.current.conversations.conversations.map((c) => c.id),
      ['c0'],
      'renamed, it stays closed',
    );
    assert.equal(lastSnapshot(t.emitted)?.conversations.find((c) => c.id === 'c1')?.title, 'Named while closed');

    const exported = await t.session.conversation('c3');
    assert.deepEqual(
      exported?.turns.map((x) => x.question),
      ['question 3', 'more 3'],
    );

    await t.session.deleteConversation('c2');
    assert.equal(existsSync(file('c2')), false);
    assert.equal(existsSync(path.join(images, 'kept.png')), false, "the closed conversation's images go with it");
    assert.deepEqual(
      lastSnapshot(t.emitted)?.conversations.map((c) => c.id),
      ['c1', 'c0', 'c3'],
      'newest change first: the rename counts',
    );
  });

  it('deleting the open conversation opens the newest one left, read from disk', async () => {
    const t = started(await history(3));
    await t.session.deleteConversation('c0');
    const snapshot = lastSnapshot(t.emitted);
    assert.equal(snapshot?.active.id, 'c1');
    assert.deepEqual(
      snapshot?.active.turns.map((x) => x.answer),
      ['answer 1', 'again 1'],
    );
  });

  it('a question asked while the open conversation, deleted by another window, is being replaced goes to the one opened next', async () => {
    const folder = await history(3);
    const reads: string[] = [];
    let letRead = (): void => undefined;
    const readable = new Promise<void>((resolve) => (letRead = resolve));
    // Reading a conversation from disk waits until the test lets it: the question is asked in between.
    class WaitingStore extends ObservedStore {
      override read(id: string): ReturnType<ConversationStore['read']> {
        reads.push(id);
        return readable.then(() => super.read(id));
      }
    }
    const t = start({ folder, deps: { store: new WaitingStore(folder) } });
    await t.checked(); // following the other windows by now
    rmSync(path.join(folder, 'conversations', 'c0.json'));
    await waitFor(() => reads.includes('c1'), { what: 'the next conversation to be read' });
    const asked = t.session.send('Asked while the next conversation opens', []);
    letRead();
    const turnId = await asked;
    assert.ok(turnId !== undefined);
    (await t.backend.answer(0)).text('Answered there.').end();
    assert.equal((await t.finished(turnId)).answer, 'Answered there.');
    assert.equal(t.session.state.current.conversations.activeId, 'c1');
    assert.deepEqual(
      t.session.state.current.conversations.conversations.find((c) => c.id === 'c1')?.turns.map((x) => x.question),
      ['question 1', 'more 1', 'Asked while the next conversation opens'],
    );
  });

  it('a conversation that cannot be read when opened is set aside and reported, and leaves the list', async () => {
    const folder = await history(3);
    writeFileSync(path.join(folder, 'conversations', 'c2.json'), '{ cut off');
    const t = started(folder);
    await t.session.refresh(); // the check has not run yet, or has: either way, opening it meets the file
    await t.session.selectConversation('c2');
    const snapshot = lastSnapshot(t.emitted);
    assert.equal(snapshot?.active.id, 'c0', 'the open conversation stays');
    assert.deepEqual(
      snapshot?.conversations.map((c) => c.id),
      ['c0', 'c1'],
    );
    assert.match(snapshot?.notices.map((n) => n.text).join('\n') ?? '', /could not be read and was kept aside as .*c2\.json\.corrupt-/);
  });

  it('the start-up check shows a conversation another window wrote while this one was closed', async () => {
    const folder = await history(2);
    const other = conversation([turn('x', 'asked elsewhere', 'answered elsewhere')], { id: 'elsewhere', title: 'From the other window', updatedAt: 20_000 });
    writeFileSync(path.join(folder, 'conversations', 'elsewhere.json'), JSON.stringify(other));
    const t = started(folder);
    await t.checked();
    assert.deepEqual(lastSnapshot(t.emitted)?.conversations[0], { id: 'elsewhere', title: 'From the other window', updatedAt: 20_000, turnCount: 1 });
  });
});
