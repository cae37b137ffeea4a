// The chat session through its public surface, on plain Node: how turns are scheduled and stopped, how their
// deltas reach the view, when the history is written, and what the user is told (notices, errors).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ConversationsState } from '../../../../src/core/conversations/conversationsState';
import { ServiceError } from '../../../../src/core/http/serviceError';
import type { HostToWebview } from '../../../../src/shared/protocol';
import { waitFor } from '../../../harness/waitFor';
import { ObservedStore, sessionsPerTest } from './sessionFixture';

/** The history folder, counting the saves the session asks for and telling each as it is asked (its write then on its way). */
class CountingStore extends ObservedStore {
  saves = 0;
  private readonly asked = new Set<(data: ConversationsState) => void>();

  override save(data: ConversationsState): Promise<void> {
    this.saves += 1;
    const written = super.save(data);
    for (const listener of [...this.asked]) listener(data);
    return written;
  }

  /** Resolves when a save of a state that `matches` is asked for. */
  nextSave(matches: (data: ConversationsState) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const listener = (data: ConversationsState): void => {
        if (!matches(data)) return;
        this.asked.delete(listener);
        resolve();
      };
      this.asked.add(listener);
    });
  }
}

const start = sessionsPerTest();

const ofType = <T extends HostToWebview['type']>(messages: readonly HostToWebview[], type: T): Extract<HostToWebview, { type: T }>[] =>
  messages.filter((m): m is Extract<HostToWebview, { type: T }> => m.type === type);

function savedTurns(folder: string): { id: string; status: string; answer: string }[] {
  const dir = path.join(folder, 'conversations');
  // The conversation files only (a write on its way leaves a temporary file beside them for a moment).
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { turns: { id: string; status: string; answer: string }[] }).turns);
}

describe('ChatSession: running turns', () => {
  it('asks once per turn, streams the answer to the view in batched deltas, and ends with the whole turn', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Hello?' });
    const answer = await t.backend.answer(0);
    assert.deepEqual(answer.request.messages, [{ role: 'user', content: 'Hello?' }]);
    answer
      .text('Hel', 'lo', ' there')
      .push({ type: 'usage', usage: { promptTokens: 1, completionTokens: 3, totalTokens: 4 } }, { type: 'finish', reason: 'stop' })
      .end();
    const turn = await t.finished(turnId);
    assert.equal(turn.status, 'done');
    assert.equal(turn.answer, 'Hello there');
    assert.equal(turn.finishReason, 'stop');
    assert.equal(t.backend.answers.length, 1, 'one request for one turn');
    const deltas = ofType(t.emitted, 'turnDelta').filter((d) => d.turnId === turnId);
    const updates = ofType(t.emitted, 'turnUpdate').filter((u) => u.turn.id === turnId);
    const started = updates.find((u) => u.turn.status === 'streaming');
    assert.equal(
      (started?.turn.answer ?? '') + deltas.map((d) => d.answer ?? '').join(''),
      'Hello there',
      'the update that starts the stream and the deltas add up to the answer, nothing twice',
    );
    assert.ok(deltas.length < 3, `three pieces pushed at once arrive batched (${deltas.length} messages)`);
    assert.equal(updates.at(-1)?.turn.status, 'done');
    assert.equal(updates.at(-1)?.turn.answer, 'Hello there');
  });

  it('what the view shows while streaming is always the start of the answer: no text arrives twice', async () => {
    // The view replaces a turn on turnUpdate and appends a turnDelta: replaying the messages in order is what it shows.
    const shownWhileStreaming = (turnId: string, from: number): string[] => {
      let shown = '';
      const seen: string[] = [];
      for (const message of t.emitted.slice(from)) {
        if (message.type === 'turnUpdate' && message.turn.id === turnId) shown = message.turn.answer;
        else if (message.type === 'turnDelta' && message.turnId === turnId) shown += message.answer ?? '';
        else continue;
        seen.push(shown);
      }
      return seen;
    };
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Who?' });
    const answer = await t.backend.answer(0);
    answer.text('You');
    await waitFor(() => t.turn(turnId)?.answer === 'You', { what: 'the first word' });
    answer.text(' asked', ': who').push({ type: 'finish', reason: 'stop' }).end();
    await t.finished(turnId);
    for (const shown of shownWhileStreaming(turnId, 0)) assert.ok('You asked: who'.startsWith(shown), `the view showed "${shown}"`);
    // Regenerate (and Edit) start the same turn again from an empty answer.
    const before = t.emitted.length;
    await t.session.rerun(turnId);
    const again = await t.backend.answer(1);
    again.text('Again');
    await waitFor(() => t.turn(turnId)?.answer === 'Again', { what: 'the first word of the new answer' });
    again.text(' here').push({ type: 'finish', reason: 'stop' }).end();
    await t.finished(turnId);
    const regenerated = shownWhileStreaming(turnId, before);
    for (const shown of regenerated) assert.ok('Again here'.startsWith(shown), `the view showed "${shown}" after Regenerate`);
    assert.equal(regenerated.at(-1), 'Again here');
  });

  it('Stop aborts the request and keeps what arrived; the turn is stopped, not failed', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Long answer please' });
    const answer = await t.backend.answer(0);
    answer.text('The first part');
    await waitFor(() => t.turn(turnId)?.answer === 'The first part', { what: 'the first text' });
    t.session.stop(turnId);
    const turn = await t.finished(turnId);
    assert.equal(answer.aborted, true, 'the request was aborted');
    assert.equal(turn.status, 'stopped');
    assert.equal(turn.answer, 'The first part');
    assert.equal(turn.error, undefined);
  });

  it('Regenerate while streaming replaces the running answer: the old run writes nothing more', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Twice?' });
    const first = await t.backend.answer(0);
    first.text('old ');
    await waitFor(() => t.turn(turnId)?.answer === 'old ', { what: 'the old text' });
    await t.session.rerun(turnId);
    const second = await t.backend.answer(1);
    assert.equal(first.aborted, true, 'the first request was aborted');
    first.text('late text from the old run');
    second.text('new answer').push({ type: 'finish', reason: 'stop' }).end();
    const turn = await t.finished(turnId);
    assert.equal(turn.answer, 'new answer');
    assert.equal(turn.status, 'done');
  });

  it('shows an automatic retry as "attempt 2 of 4" and drops it when the text starts', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Busy?' });
    const answer = await t.backend.answer(0);
    answer.push({ type: 'retry', attempt: 2, maxAttempts: 4, delayMs: 500, error: new ServiceError('busy', 'busy') });
    const withRetry = await waitFor(() => ofType(t.emitted, 'turnUpdate').find((u) => u.turn.retry !== undefined), { what: 'the retry in the view' });
    assert.equal(withRetry.turn.retry?.attempt, 2, 'the retry about to happen is the second attempt');
    assert.equal(withRetry.turn.retry?.maxAttempts, 4);
    answer.text('Now it answers').end();
    await t.finished(turnId);
    assert.equal(ofType(t.emitted, 'turnUpdate').at(-1)?.turn.retry, undefined);
  });

  it('a dropped stream keeps the partial answer, marked interrupted, with the error to show', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Then the line drops' });
    const answer = await t.backend.answer(0);
    answer.text('Half an ');
    await waitFor(() => t.turn(turnId)?.answer === 'Half an ', { what: 'the first half' });
    answer.fail(new ServiceError('interrupted', 'The stream broke off (key sk-secret).'));
    const turn = await t.finished(turnId);
    assert.equal(turn.status, 'interrupted');
    assert.equal(turn.answer, 'Half an ');
    assert.equal(turn.error?.kind, 'interrupted');
    assert.doesNotMatch(turn.error?.message ?? '', /sk-secret/, 'secrets are masked before the error is kept');
  });

  it("puts the conversation's own persona first, else the persona setting's (none when both are blank)", async () => {
    const t = start({ settings: { persona: '  Be brief. ' } });
    const ask = async (index: number): Promise<string | undefined> => {
      const turnId = await t.session.startTurn({ kind: 'chat', question: `q${index}` });
      const answer = await t.backend.answer(index);
      answer.text('ok').end();
      await t.finished(turnId);
      const first = answer.request.messages[0];
      return first?.role === 'system' ? String(first.content) : undefined;
    };
    assert.equal(await ask(0), 'Be brief.');
    await t.session.setPersona('You answer in haiku.');
    assert.equal(await ask(1), 'You answer in haiku.');
    await t.session.setPersona('   ');
    assert.equal(await ask(2), 'Be brief.', 'a blank persona of its own leaves the setting in charge');
    t.settings = { ...t.settings, persona: '' };
    assert.equal(await ask(3), undefined);
  });

  it("sends the conversation's parameters with its model only: a turn on another model goes without them", async () => {
    const t = start();
    await t.session.setParams({ temperature: 0.3, maxTokens: 77 });
    const chat = await t.session.startTurn({ kind: 'chat', question: 'Hi' });
    const first = await t.backend.answer(0);
    assert.deepEqual([first.request.model, first.request.temperature, first.request.max_tokens], ['svc_llm', 0.3, 77]);
    first.text('Hello').end();
    await t.finished(chat);
    const image = { id: 'i', name: 'cat.png', mime: 'image/png', width: 1, height: 1, bytes: 1, thumbnail: '', url: 'https://example.com/cat.png' };
    const described = await t.session.startTurn({ kind: 'chat', question: 'And this?', images: [image], model: 'svc_vl' });
    const second = await t.backend.answer(1);
    assert.deepEqual([second.request.model, second.request.temperature, second.request.max_tokens], ['svc_vl', undefined, undefined]);
    second.text('A cat').end();
    await t.finished(described);
  });

  it('without a service address, or with an invalid one, the turn fails at once saying which', async () => {
    const t = start({ settings: { baseUrl: '' } });
    const missing = await t.finished(await t.session.startTurn({ kind: 'chat', question: 'a' }));
    assert.equal(missing.error?.kind, 'noBaseUrl');
    t.settings = { ...t.settings, baseUrl: '', baseUrlProblem: 'ftp://maas.example.com' };
    const invalid = await t.finished(await t.session.startTurn({ kind: 'chat', question: 'b' }));
    assert.equal(invalid.error?.kind, 'invalidBaseUrl');
    assert.equal(invalid.error?.value, 'ftp://maas.example.com', 'the value is kept, so the view can quote it');
    assert.equal(t.backend.answers.length, 0, 'nothing was sent');
  });
});

describe('ChatSession: an invalid address that carries a secret', () => {
  it('is quoted masked: in the stored error, in the snapshot the view gets, and in the log', async () => {
    const t = start({ settings: { baseUrl: '', baseUrlProblem: 'maas.example.com/?key=sk-secret-0001' } });
    const turn = await t.finished(await t.session.startTurn({ kind: 'chat', question: 'a' }));
    await t.session.refresh();
    const snapshot = ofType(t.emitted, 'snapshot').at(-1)?.snapshot;
    const seen = [turn.error?.value, turn.error?.message, snapshot?.baseUrlProblem, ...t.logLines].join('\n');
    assert.doesNotMatch(seen, /sk-secret/);
    assert.equal(turn.error?.value, 'maas.example.com/?key=***-0001', 'still quoted, so the user sees which value is wrong');
    assert.equal(snapshot?.baseUrlProblem, 'maas.example.com/?key=***-0001');
  });
});

describe('ChatSession: saving the history', () => {
  it('writes a new turn before its answer starts, at most once per interval while it streams, and the end at once', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Saved?' });
    assert.deepEqual(
      savedTurns(t.folder).map((s) => [s.id, s.status]),
      [[turnId, 'pending']],
      'on disk before any answer',
    );
    const answer = await t.backend.answer(0);
    answer.text('one ');
    await waitFor(() => savedTurns(t.folder)[0]?.answer === 'one ', { what: 'the streaming text on disk (throttled save)' });
    answer.text('two').end();
    await t.finished(turnId);
    await waitFor(() => savedTurns(t.folder)[0]?.status === 'done', { what: 'the finished turn on disk' });
    assert.equal(savedTurns(t.folder)[0]?.answer, 'one two');
  });

  it('a turn answered in one go is written twice: when it starts and when it ends, never once per change', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-session-'));
    const store = new CountingStore(folder);
    // A long save interval: no throttled streaming save falls inside the test.
    const t = start({ folder, deps: { store, saveIntervalMs: 60_000 } });
    await t.session.whenLoaded();
    const before = store.saves;
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Once?' });
    const answer = await t.backend.answer(0);
    answer.text('All ', 'at once').push({ type: 'finish', reason: 'stop' }).end();
    await t.finished(turnId);
    await t.written();
    assert.equal(store.saves - before, 2, 'one save as the turn starts, one as it ends');
    assert.deepEqual(
      savedTurns(folder).map((s) => [s.status, s.answer]),
      [['done', 'All at once']],
    );
  });

  it('closing the window mid-answer writes what arrived at once, marked interrupted', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Closing soon' });
    const answer = await t.backend.answer(0);
    answer.text('kept text');
    await waitFor(() => t.turn(turnId)?.answer === 'kept text', { what: 'the text' });
    t.session.dispose();
    assert.deepEqual(
      savedTurns(t.folder).map((s) => [s.status, s.answer]),
      [['interrupted', 'kept text']],
      'synchronously, before dispose returns',
    );
  });

  it('a save still on its way as the window closes does not replace the last state written at the close', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-session-'));
    const store = new CountingStore(folder);
    const t = start({ folder, deps: { store } });
    await t.session.startTurn({ kind: 'chat', question: 'Closing soon' });
    const answer = await t.backend.answer(0);
    const streaming = (text: string) => (data: ConversationsState) => data.conversations.some((c) => c.turns.some((turn) => turn.answer === text));
    const first = store.nextSave(streaming('kept text'));
    answer.text('kept text');
    await first;
    await t.written();
    // A save of the streaming state, on its way when the window closes (a delta's save timer starts it).
    const onItsWay = store.nextSave(streaming('kept text and more'));
    answer.text(' and more');
    await onItsWay;
    t.session.dispose();
    await t.written();
    assert.deepEqual(
      savedTurns(t.folder).map((s) => [s.status, s.answer]),
      [['interrupted', 'kept text and more']],
    );
  });

  it("two windows on one history folder keep each other's turns in the same conversation", async () => {
    const a = start();
    const first = await a.session.startTurn({ kind: 'chat', question: 'From window A' });
    (await a.backend.answer(0)).text('A answers').end();
    await a.finished(first);
    await a.written();
    const b = start({ folder: a.folder });
    await b.session.whenLoaded();
    const conversationId = a.session.state.current.conversations.activeId;
    assert.equal(b.session.state.current.conversations.activeId, conversationId, 'B opens the same conversation');
    const fromB = await b.session.startTurn({ kind: 'chat', question: 'From window B' });
    (await b.backend.answer(0)).text('B answers').end();
    await b.finished(fromB);
    await waitFor(() => a.turn(fromB)?.status === 'done', { what: "B's turn to show up in A" });
    const fromA = await a.session.startTurn({ kind: 'chat', question: 'A again' });
    (await a.backend.answer(1)).text('A once more').end();
    await a.finished(fromA);
    await waitFor(() => b.turn(fromA)?.status === 'done', { what: "A's second turn to show up in B" });
    for (const window of [a, b]) {
      const turns = window.session.state.current.conversations.conversations.find((c) => c.id === conversationId)?.turns.map((turn) => turn.question);
      assert.deepEqual(turns, ['From window A', 'From window B', 'A again']);
    }
    await a.written();
    assert.deepEqual(
      savedTurns(a.folder).map((s) => s.answer),
      ['A answers', 'B answers', 'A once more'],
      'neither window overwrote the other on disk',
    );
  });
});

describe('ChatSession: notices, one per cause', () => {
  it('the failover notice follows the address that answers: set by the alternative, replaced, gone when the primary answers', async () => {
    const t = start();
    const ask = async (index: number, primary: boolean): Promise<void> => {
      const turnId = await t.session.startTurn({ kind: 'chat', question: `q${index}` });
      (await t.backend.answer(index))
        .push({ type: 'failover', baseUrl: 'http://alt' }, { type: 'connected', baseUrl: primary ? t.settings.baseUrl : 'http://alt', primary })
        .text('ok')
        .end();
      await t.finished(turnId);
    };
    await ask(0, false);
    await ask(1, false);
    const shown = t.shownNotices();
    assert.equal(shown.length, 1, 'the same cause twice is one notice');
    assert.match(shown[0]?.text ?? '', /^http:\/\/127\.0\.0\.1:9 did not answer; the chat uses the alternative address http:\/\/alt until it does\.$/);
    await ask(2, true);
    assert.deepEqual(t.shownNotices(), [], 'the primary answered again');
    assert.deepEqual(ofType(t.emitted, 'notices').at(-1)?.notices, [], 'and the view was told');
  });

  it('a failover that never reached an answer adds no notice naming an address as in use', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Both down' });
    const answer = await t.backend.answer(0);
    answer.push({ type: 'failover', baseUrl: 'http://alt' }, { type: 'failover', baseUrl: t.settings.baseUrl });
    answer.fail(new ServiceError('network', 'connect ECONNREFUSED'));
    await t.finished(turnId);
    assert.deepEqual(t.shownNotices(), []);
  });

  it('"switched to the vision model" belongs to its conversation and goes when the model changes back', async () => {
    const t = start({ settings: { imagesWithTextModel: 'visionModel' } });
    const image = { id: 'i', name: 'cat.png', mime: 'image/png', width: 1, height: 1, bytes: 1, thumbnail: '', url: 'https://example.com/cat.png' };
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'What is this?', images: [image] });
    (await t.backend.answer(0)).text('A cat').end();
    await t.finished(turnId);
    assert.match(
      t
        .shownNotices()
        .map((n) => n.text)
        .join(),
      /Images need the vision model: switched to svc_vl\./,
    );
    const imageConversation = t.session.state.current.conversations.activeId;
    await t.session.newConversation();
    assert.deepEqual(t.shownNotices(), [], 'not shown in another conversation');
    await t.session.selectConversation(imageConversation ?? '');
    assert.equal(t.shownNotices().length, 1, 'still shown with its own conversation');
    await t.session.setModel('svc_llm');
    assert.deepEqual(t.shownNotices(), [], 'gone once the model is back on the language model');
  });

  it('an upload that is not an image is refused in the words the view uses, and nothing is asked', async () => {
    const t = start();
    await t.session.whenLoaded();
    const bytes = Buffer.from('plain text, not a picture').toString('base64');
    const turnId = await t.session.send('What is this?', [{ name: 'notes.png', mime: 'image/png', dataBase64: bytes, width: 1, height: 1, thumbnail: '' }]);
    assert.equal(turnId, undefined);
    assert.deepEqual(
      t.shownNotices().map((n) => n.text),
      ['notes.png is not a PNG, JPEG, GIF, WebP or BMP image.'],
    );
    assert.equal(t.backend.answers.length, 0);
  });

  it('a refused parameter change says why, in its conversation, until a valid change', async () => {
    const t = start();
    await t.session.whenLoaded();
    await t.session.setParams({ temperature: 0, maxTokens: 2.5 });
    assert.deepEqual(
      t.shownNotices().map((n) => n.text),
      ['Parameters not changed: temperature 0 is outside [0.01, 1.00].; max_tokens must be a whole number in [1, 8192]; 2.5 is not.'],
    );
    await t.session.setParams({ temperature: 0.5 });
    assert.deepEqual(t.shownNotices(), []);
    assert.deepEqual(t.session.state.current.conversations.conversations[0]?.params, { temperature: 0.5 });
  });
});

describe('ChatSession: where a knowledge-base turn goes', () => {
  const knowledge = { mode: 'strict' as const, bases: [{ id: 1, name: 'Guide' }], retrieval: { knowledge_ids: [1], chat_mode: 2 as const } };

  it('into the open conversation when it is on a language model, answered by that model', async () => {
    const t = start();
    const chatTurn = await t.session.startTurn({ kind: 'chat', question: 'Hi' });
    (await t.backend.answer(0)).text('Hello').end();
    await t.finished(chatTurn);
    const before = t.session.state.current.conversations.activeId;
    const turnId = await t.session.startTurn({ kind: 'knowledge', question: 'Explain', knowledge });
    assert.equal(t.session.state.current.conversations.activeId, before);
    const answer = await t.backend.answer(1);
    assert.equal(answer.request.model, 'svc_llm');
    assert.deepEqual(answer.request.retrieval, knowledge.retrieval);
    answer.end();
    await t.finished(turnId);
  });

  it('into a new conversation on the chat model when the open one is an image conversation, and the picker follows', async () => {
    const t = start();
    const image = { id: 'i', name: 'cat.png', mime: 'image/png', width: 1, height: 1, bytes: 1, thumbnail: '', url: 'https://example.com/cat.png' };
    const imageTurn = await t.session.startTurn({ kind: 'image', question: 'Describe', images: [image], model: 'svc_vl' });
    (await t.backend.answer(0)).text('A cat').end();
    await t.finished(imageTurn);
    const imageConversation = t.session.state.current.conversations.activeId;
    const turnId = await t.session.startTurn({ kind: 'knowledge', question: 'Explain', knowledge });
    assert.notEqual(t.session.state.current.conversations.activeId, imageConversation, 'a conversation of its own');
    assert.equal(t.session.activeModel, 'svc_llm', 'the picker shows the model that answers');
    const snapshot = ofType(t.emitted, 'snapshot').at(-1)?.snapshot;
    assert.equal(snapshot?.active.model, 'svc_llm');
    assert.equal((await t.backend.answer(1)).request.model, 'svc_llm');
    t.backend.answers[1]?.end();
    await t.finished(turnId);
    const old = await t.session.conversation(imageConversation ?? '');
    assert.deepEqual(
      old?.turns.map((turn) => turn.kind),
      ['image'],
      'the image conversation is untouched',
    );
  });

  it('an empty conversation on the vision model is switched to the chat model instead of adding one', async () => {
    const t = start();
    await t.session.setModel('svc_vl');
    const conversations = t.session.state.current.conversations.conversations.length;
    const turnId = await t.session.startTurn({ kind: 'knowledge', question: 'Explain', knowledge });
    assert.equal(t.session.state.current.conversations.conversations.length, conversations);
    assert.equal(t.session.activeModel, 'svc_llm');
    (await t.backend.answer(0)).end();
    await t.finished(turnId);
  });
});
