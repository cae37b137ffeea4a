// A question with images asked of a language model (maas.images.withTextModel), and a request too long for the model:
// what the session sends, what the turn keeps and what the view is told.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatMessage } from '../../../../src/core/chat/chatRequest';
import { sessionsPerTest } from './sessionFixture';

const image = { id: 'i', name: 'chart.png', mime: 'image/png', width: 1, height: 1, bytes: 1, thumbnail: '', url: 'https://example.com/chart.png' };

const start = sessionsPerTest();

const text = (message: ChatMessage | undefined): string =>
  typeof message?.content === 'string' ? message.content : (message?.content.map((p) => (p.type === 'text' ? p.text : `<${p.image_url.url}>`)).join(' ') ?? '');

describe('images with a language model, in the chat view', () => {
  it('describe (the default): the vision model describes the images first, the language model answers from the marked description', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'What does this chart show?', images: [image] });
    const describe = await t.backend.answer(0);
    assert.equal(describe.request.model, 'svc_vl');
    assert.match(text(describe.request.messages[0]), /What does this chart show\?.*<https:\/\/example\.com\/chart\.png>/s);
    describe.text('A bar chart of sales by month; March is highest.').end();
    const answer = await t.backend.answer(1);
    assert.equal(answer.request.model, 'svc_llm', 'the model the user picked answers');
    assert.equal(
      text(answer.request.messages.at(-1)),
      'What does this chart show?\n\n[Description of the attached image(s) by svc_vl, for a model that cannot see images]\nA bar chart of sales by month; March is highest.',
    );
    answer.text('Sales peak in March.').end();
    const turn = await t.finished(turnId);
    assert.equal(turn.model, 'svc_llm');
    assert.deepEqual(turn.imageDescription, { model: 'svc_vl', text: 'A bar chart of sales by month; March is highest.' });
    assert.equal(t.session.state.current.conversations.conversations[0]?.model, 'svc_llm', 'the conversation stays on its model');
    assert.deepEqual(t.shownNotices(), []);
    const shown = t.emitted.flatMap((m) => (m.type === 'turnUpdate' && m.turn.id === turnId ? [m.turn] : []));
    assert.ok(
      shown.some((v) => v.imageDescription?.text.startsWith('A bar chart') === true && v.status === 'pending'),
      'the description is shown before the answer starts',
    );

    // A follow-up re-sends the earlier question with its description, not the image.
    const next = await t.session.startTurn({ kind: 'chat', question: 'And in April?' });
    const followUp = await t.backend.answer(2);
    assert.equal(t.backend.answers.length, 3, 'nothing described again');
    assert.match(text(followUp.request.messages[0]), /by svc_vl, for a model that cannot see images\]\nA bar chart/);
    followUp.text('Lower.').end();
    await t.finished(next);
  });

  it('Regenerate asks again with the description the turn kept: the images are not described twice', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'What does this chart show?', images: [image] });
    (await t.backend.answer(0)).text('A bar chart.').end();
    (await t.backend.answer(1)).text('Sales.').end();
    await t.finished(turnId);
    await t.session.rerun(turnId);
    const again = await t.backend.answer(2);
    assert.equal(again.request.model, 'svc_llm', 'the language model, at once');
    assert.match(text(again.request.messages.at(-1)), /by svc_vl, for a model that cannot see images\]\nA bar chart\.$/);
    again.text('Sales, again.').end();
    assert.deepEqual((await t.finished(turnId)).imageDescription, { model: 'svc_vl', text: 'A bar chart.' });
    assert.equal(t.backend.answers.length, 3);
  });

  it('a failed description ends the turn with its error; nothing is asked of the language model', async () => {
    const t = start();
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'What is it?', images: [image] });
    (await t.backend.answer(0)).fail(new Error('socket hang up'));
    const turn = await t.finished(turnId);
    assert.equal(turn.status, 'error');
    assert.equal(t.backend.answers.length, 1);
  });

  it('refuse: the turn ends saying the model takes no images, and nothing is sent', async () => {
    const t = start({ settings: { imagesWithTextModel: 'refuse' } });
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'What is it?', images: [image] });
    const turn = await t.finished(turnId);
    assert.equal(turn.status, 'error');
    assert.equal(turn.error?.kind, 'imagesNeedVision');
    assert.equal(turn.error?.value, 'svc_llm');
    assert.equal(t.backend.answers.length, 0);
  });
});

describe('the context meter and the model limit, in the chat view', () => {
  it('the snapshot counts the context the next question carries: the persona, the earlier turns and the waiting context', async () => {
    const t = start({ settings: { persona: 'You answer briefly.' } });
    await t.session.refresh();
    const snapshot = async (): Promise<{ tokens: number; limit: number }> => {
      await t.session.refresh();
      const last = [...t.emitted].reverse().find((m) => m.type === 'snapshot');
      assert.ok(last?.type === 'snapshot');
      return { tokens: last.snapshot.active.contextTokens, limit: last.snapshot.settings.contextLimit };
    };
    assert.deepEqual(await snapshot(), { tokens: 3 + 1, limit: 32_768 }, 'the persona: 3 words and a full stop');
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'Hello there' });
    (await t.backend.answer(0)).text('Hi, how can I help?').end();
    await t.finished(turnId);
    assert.deepEqual(
      t.emitted.filter((m) => m.type === 'conversationContext'),
      [{ type: 'conversationContext', conversationId: t.session.state.current.conversations.activeId, omittedTurns: 0, contextTokens: 4 + 2 + 7 }],
      'told the view as the answer ended, without a snapshot',
    );
    assert.equal((await snapshot()).tokens, 4 + 2 + 7, 'and the turn: 2 tokens asked, 7 answered');
    await t.session.addContext({ kind: 'selection', label: 'a.ts:1', languageId: 'ts', text: 'x = 1;' });
    assert.ok((await snapshot()).tokens > 13, 'the waiting selection counts too');
  });

  it('a request over the limit is not sent: the turn says how many tokens, and offers a new conversation', async () => {
    const t = start({ settings: { lmMaxInputTokens: 50 } });
    const turnId = await t.session.startTurn({ kind: 'chat', question: 'word '.repeat(60) });
    const turn = await t.finished(turnId);
    assert.equal(turn.status, 'error');
    assert.equal(turn.error?.kind, 'contextTooLong');
    assert.deepEqual(turn.error?.counts, { tokens: 60, limit: 50 });
    assert.equal(t.backend.answers.length, 0);
  });
});
