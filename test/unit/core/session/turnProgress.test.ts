// Following a turn's stream from outside the chat view (ChatSession.onTurnProgress): every piece of text as it
// arrives, in order and unbatched, and the end with the turn as the history keeps it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TurnProgress } from '../../../../src/core/session/chatSession';
import { waitFor } from '../../../harness/waitFor';
import { sessionsPerTest, type SessionUnderTest } from './sessionFixture';

const start = sessionsPerTest();

function follow(t: SessionUnderTest): TurnProgress[] {
  const seen: TurnProgress[] = [];
  t.session.onTurnProgress((progress) => seen.push(progress));
  return seen;
}

describe('ChatSession: following a turn as it streams', () => {
  it('hears each piece of the answer as it arrives, then the end with the whole turn', async () => {
    const t = start();
    const seen = follow(t);
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Hello?' });
    (await t.backend.answer(0)).text('Hel', 'lo', ' there').push({ type: 'finish', reason: 'stop' }).end();
    await t.finished(turnId);
    const ofTurn = seen.filter((p) => p.turn.id === turnId);
    assert.deepEqual(
      ofTurn.flatMap((p) => (p.event.type === 'delta' ? [p.event.answer] : [])),
      ['Hel', 'lo', ' there'],
      "one event per piece, not the view's batches",
    );
    assert.deepEqual(
      ofTurn.map((p) => p.turn.answer),
      ['Hel', 'Hello', 'Hello there', 'Hello there', 'Hello there'],
      'the turn as it stands after each event',
    );
    assert.equal(ofTurn[0]?.before.status, 'pending');
    const end = ofTurn.at(-1);
    assert.equal(end?.event.type, 'end');
    assert.equal(end?.turn.status, 'done');
    assert.equal(end?.turn.finishReason, 'stop');
    assert.equal(end?.conversationId, t.session.state.current.conversations.activeId);
  });

  it('a stopped answer ends as stopped, with what arrived', async () => {
    const t = start();
    const seen = follow(t);
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Tell me a long story.' });
    const answer = await t.backend.answer(0);
    answer.text('Once upon');
    await waitFor(() => t.turn(turnId)?.answer === 'Once upon', { what: 'the first text' });
    t.session.stop(turnId);
    await t.finished(turnId);
    const end = seen.at(-1);
    assert.equal(end?.event.type, 'end');
    assert.equal(end?.turn.status, 'stopped');
    assert.equal(end?.turn.answer, 'Once upon');
  });

  it('a follower that fails does not stop the answer or the view; the failure is logged', async () => {
    const t = start();
    t.session.onTurnProgress(() => {
      throw new Error('the follower broke');
    });
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Hello?' });
    (await t.backend.answer(0)).text('Hi').end();
    const turn = await t.finished(turnId);
    assert.equal(turn.status, 'done');
    assert.equal(turn.answer, 'Hi');
    const shown = t.emitted.flatMap((m) => (m.type === 'turnUpdate' && m.turn.id === turnId ? [m.turn] : []));
    assert.equal(shown.at(-1)?.status, 'done', 'the view saw the end');
    assert.ok(t.logLines.some((line) => line.startsWith('Following a turn failed')));
  });
});
