// The chat session's one state and what follows it: every change announced with the state before and after it and
// why, in the order the changes were made, to every subscriber; and the session's domain events derived from it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatState, type StateChange } from '../../../../src/core/session/sessionState';
import { sessionsPerTest } from './sessionFixture';

const start = sessionsPerTest();

/** A subscriber's failure where none is expected fails the test. */
function unexpected(error: unknown): void {
  assert.fail(`a subscriber failed: ${String(error)}`);
}

function record(state: ChatState): StateChange[] {
  const heard: StateChange[] = [];
  state.onDidChange((change) => heard.push(change));
  return heard;
}

describe('ChatState: one state, every change announced', () => {
  it('announces a change with the state before and after it and its reason; a change that keeps the state is none', () => {
    const state = new ChatState(unexpected);
    const heard = record(state);
    const before = state.current;
    state.update('context', (s) => ({ ...s, waitingContext: [{ id: 'c', kind: 'selection', label: 'a.ts:1', languageId: 'typescript', text: 'x' }] }));
    state.update('notice', (s) => s);
    assert.equal(heard.length, 1);
    assert.equal(heard[0]?.reason, 'context');
    assert.equal(heard[0]?.before, before);
    assert.equal(heard[0]?.after, state.current);
    assert.deepEqual(
      state.current.waitingContext.map((c) => c.id),
      ['c'],
    );
  });

  it('a change made while one is announced is announced after it, to every subscriber in the same order', () => {
    const state = new ChatState(unexpected);
    state.onDidChange(({ reason }) => {
      if (reason === 'context') state.update('notice', (s) => ({ ...s, notices: s.notices.set('params', 'info', 'follows the context') }));
    });
    const first = record(state);
    const second = record(state);
    state.update('context', (s) => ({ ...s, waitingContext: [] }));
    for (const heard of [first, second]) {
      assert.deepEqual(
        heard.map((c) => c.reason),
        ['context', 'notice'],
      );
      assert.equal(heard[1]?.before, heard[0]?.after, 'each change starts from the one announced before it');
    }
  });

  it('a subscriber that throws is reported; the change stands and the others still hear of it', () => {
    const failures: unknown[] = [];
    const state = new ChatState((error) => failures.push(error));
    state.onDidChange(() => {
      throw new Error('a broken follower');
    });
    const heard = record(state);
    state.update('notice', (s) => ({ ...s, notices: s.notices.set('params', 'info', 'shown') }));
    assert.deepEqual(
      failures.map((e) => (e instanceof Error ? e.message : e)),
      ['a broken follower'],
    );
    assert.equal(heard.length, 1);
    assert.equal(state.current.notices.visibleIn(undefined).length, 1);
  });
});

describe('ChatSession: the open conversation, announced', () => {
  it('tells when another conversation opens (new, chosen, the open one deleted), and not for a rename or a question', async () => {
    const t = start();
    await t.session.refresh();
    const opened: (string | undefined)[] = [];
    t.session.onDidChangeActiveConversation((id) => opened.push(id));
    const first = t.session.state.current.conversations.activeId;
    await t.session.newConversation();
    const second = t.session.state.current.conversations.activeId;
    assert.notEqual(second, first);
    await t.session.renameConversation(second ?? '', 'Renamed');
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Hi' });
    (await t.backend.answer(0)).text('Hello').end();
    await t.finished(turnId);
    assert.deepEqual(opened, [second], 'a rename and a question open nothing');
    await t.session.selectConversation(first ?? '');
    await t.session.deleteConversation(first ?? '');
    // Deleting the open one: none is open until the next is settled, then that one.
    assert.deepEqual(opened, [second, first, undefined, second]);
  });

  it("tells the active conversation's model when it changes", async () => {
    const t = start();
    await t.session.refresh();
    const models: string[] = [];
    t.session.onDidChangeActiveModel((model) => models.push(model));
    await t.session.setModel('svc_vl');
    await t.session.setModel('svc_vl');
    await t.session.newConversation();
    assert.deepEqual(models, ['svc_vl', 'svc_llm'], 'once per change: a new conversation is on the chat model');
  });
});
