// The webview's state reducer: snapshots replace everything, deltas append to the right turn, stale ones are ignored.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatSnapshot, TurnView } from '../../../src/shared/protocol';
import { initialViewState, reduceViewState, type ViewState } from '../../../src/webview/viewState';
import { conversation, snapshot, turn } from '../../browser/snapshotFixture';

function stateWith(turns: readonly TurnView[]): ViewState {
  return reduceViewState(initialViewState, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns }) }) }).state;
}

function active(state: ViewState): ChatSnapshot['active'] {
  assert.ok(state.snapshot);
  return state.snapshot.active;
}

describe('reduceViewState', () => {
  it('a snapshot replaces the whole state and repaints everything', () => {
    const first = stateWith([turn({ id: 'a' })]);
    const next = reduceViewState(first, { type: 'snapshot', snapshot: snapshot({ active: conversation({ id: 'c2', turns: [] }) }) });
    assert.equal(active(next.state).id, 'c2');
    assert.deepEqual(next.change, { kind: 'all' });
  });

  it('deltas append answer and reasoning to their turn, and a pending turn becomes streaming', () => {
    let state = stateWith([turn({ id: 'a', answer: 'done' }), turn({ id: 'b', status: 'pending', retry: { attempt: 1, maxAttempts: 3, at: 1 } })]);
    for (const [answer, reasoning] of [
      ['Hel', 'think'],
      ['lo', undefined],
      [undefined, 'ing'],
    ] as const) {
      const reduced = reduceViewState(state, { type: 'turnDelta', conversationId: 'c1', turnId: 'b', answer, reasoning });
      assert.deepEqual(reduced.change, { kind: 'turn', turnId: 'b' });
      state = reduced.state;
    }
    const [a, b] = active(state).turns;
    assert.equal(a?.answer, 'done');
    assert.equal(b?.answer, 'Hello');
    assert.equal(b?.reasoning, 'thinking');
    assert.equal(b?.status, 'streaming');
    assert.equal(b?.retry, undefined);
  });

  it('ignores deltas for unknown turns, other conversations, or before any snapshot', () => {
    const state = stateWith([turn({ id: 'a', answer: 'x' })]);
    for (const message of [
      { type: 'turnDelta', conversationId: 'c1', turnId: 'nope', answer: 'y' },
      { type: 'turnDelta', conversationId: 'other', turnId: 'a', answer: 'y' },
    ] as const) {
      const reduced = reduceViewState(state, message);
      assert.equal(reduced.state, state);
      assert.deepEqual(reduced.change, { kind: 'none' });
    }
    assert.equal(reduceViewState(initialViewState, { type: 'turnDelta', conversationId: 'c1', turnId: 'a', answer: 'y' }).state.snapshot, null);
  });

  it('a turn update replaces its turn whole, and appends a turn the view does not have yet', () => {
    const state = stateWith([turn({ id: 'a', status: 'streaming', answer: 'part' })]);
    const replaced = reduceViewState(state, {
      type: 'turnUpdate',
      conversationId: 'c1',
      turn: turn({ id: 'a', status: 'error', answer: 'part', error: { kind: 'x', title: 't', detail: 'd', actions: ['retry'] } }),
    });
    assert.equal(active(replaced.state).turns[0]?.status, 'error');
    assert.deepEqual(replaced.change, { kind: 'turn', turnId: 'a' });
    const appended = reduceViewState(replaced.state, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 'b', status: 'pending' }) });
    assert.deepEqual(
      active(appended.state).turns.map((t) => t.id),
      ['a', 'b'],
    );
    const stale = reduceViewState(appended.state, { type: 'turnUpdate', conversationId: 'zzz', turn: turn({ id: 'c' }) });
    assert.equal(stale.state, appended.state);
  });

  it("the host's notice list replaces the shown one (an emptied list clears them); focusInput only asks for focus", () => {
    const state = stateWith([]);
    const once = reduceViewState(state, { type: 'notices', notices: [{ id: 'n', level: 'info', text: 'one' }] });
    const twice = reduceViewState(once.state, { type: 'notices', notices: [{ id: 'm', level: 'warning', text: 'two' }] });
    assert.deepEqual(twice.state.snapshot?.notices, [{ id: 'm', level: 'warning', text: 'two' }]);
    assert.deepEqual(once.change, { kind: 'notices' });
    assert.deepEqual(reduceViewState(twice.state, { type: 'notices', notices: [] }).state.snapshot?.notices, []);
    const focus = reduceViewState(state, { type: 'focusInput' });
    assert.equal(focus.state, state);
    assert.deepEqual(focus.change, { kind: 'focusInput' });
  });
});

describe('conversationContext', () => {
  it("updates the open conversation's context and omitted count; another conversation's is ignored", () => {
    const state = { snapshot: snapshot({ active: conversation({ id: 'c1', contextTokens: 10, omittedTurns: 0 }) }) };
    const next = reduceViewState(state, { type: 'conversationContext', conversationId: 'c1', omittedTurns: 2, contextTokens: 900 });
    assert.equal(next.state.snapshot?.active.contextTokens, 900);
    assert.equal(next.state.snapshot?.active.omittedTurns, 2);
    assert.deepEqual(next.change, { kind: 'all' });
    const other = reduceViewState(state, { type: 'conversationContext', conversationId: 'c2', omittedTurns: 2, contextTokens: 900 });
    assert.deepEqual(other.change, { kind: 'none' });
  });
});
