// The knowledge base in the chat view, in Chromium with a fake host: citation chips and the knowledge badge, the sources a chip opens (or a note
// when there is no reference for it), and the speaker button of an answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { knowledgeAnswer, openWith, references, segment, session } from './featureFixture';
import type { HostToWebview } from '../../src/shared/protocol';
import { conversation, snapshot, turn } from './snapshotFixture';
import { cspViolations, deliver, settled, waitForPosted, type WebviewSession } from './webviewHarness';

describe('knowledge answers: citation chips, sources and the speaker button', () => {
  let s: WebviewSession;
  before(async () => {
    s = await session(true);
  });
  after(async () => {
    await s?.close();
  });

  it('renders a chip for every mark format (not in code), with the source on hover, and a click opens the sources', async () => {
    const page = await openWith(s, {
      turns: [turn({ id: 'k1', kind: 'knowledge', answer: knowledgeAnswer, knowledge: { mode: 'strict', bases: [{ id: 1, name: 'HR' }], references } })],
    });
    const chips = page.getByTestId('citation');
    await chips.first().waitFor();
    assert.deepEqual(await chips.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.mark)), ['^[1]^', '[^2^]', '[1]', '【2】', '【1†source】']);
    assert.equal(await page.locator('code').textContent(), 'x[1]', 'a mark inside code stays code');
    assert.match((await chips.nth(0).getAttribute('title')) ?? '', /Leave policy.*ten days/);
    assert.match((await chips.nth(1).getAttribute('title')) ?? '', /Travel policy/);
    assert.equal(await page.getByTestId('knowledge-badge').textContent(), 'Strict');
    assert.equal(await page.getByTestId('no-hits').count(), 0);
    assert.equal(await page.getByTestId('sources').isVisible(), false);
    await chips.nth(1).click();
    assert.equal(await page.getByTestId('sources').isVisible(), true);
    assert.match((await page.locator('.source.selected').textContent()) ?? '', /Travel policy.*Book economy class/);
    await page.close();
  });

  it('marks split across streamed deltas end up as chips; without references a chip says "Source n"', async () => {
    const page = await openWith(s, {
      turns: [turn({ id: 'k2', kind: 'knowledge', status: 'streaming', answer: '', knowledge: { mode: 'divergent', bases: [], references: [] } })],
    });
    for (const piece of ['First^', '[', '3', ']', '^ then 【', '4†do', 'c】 done.'])
      await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 'k2', answer: piece });
    await deliver(page, {
      type: 'turnUpdate',
      conversationId: 'c1',
      turn: turn({ id: 'k2', kind: 'knowledge', answer: 'First^[3]^ then 【4†doc】 done.', knowledge: { mode: 'divergent', bases: [], references: [] } }),
    });
    await settled(page);
    const chips = page.getByTestId('citation');
    assert.deepEqual(await chips.allTextContents(), ['3', '4']);
    assert.equal(await chips.nth(0).getAttribute('title'), 'Source 3');
    assert.equal(await page.getByTestId('sources').isVisible(), false);
    await chips.nth(0).click();
    assert.equal(
      await page.getByTestId('source-missing').textContent(),
      'Source 3: the service sent no text for this source.',
      'a click without references still answers',
    );
    await chips.nth(1).click();
    assert.deepEqual(
      await page.getByTestId('source-missing').allTextContents(),
      ['Source 4: the service sent no text for this source.'],
      'one note, for the last chip clicked',
    );
    assert.equal(await page.getByTestId('knowledge-badge').textContent(), 'Divergent');
    assert.equal(await page.getByTestId('no-hits').count(), 0, 'an answer with marks is not "no hits"');
    await page.close();
  });

  it('a long answer, whose final render runs in a task of its own, gets "No hits" from its rendered chips: none with marks, the badge without', async () => {
    // Over 10,000 characters: the answer view renders it after the turn's other parts (markdownView.ts, OWN_TASK_CHARS).
    const long = `First^[3]^ then 【4†doc】.\n\n${'A sentence of the answer without a mark. '.repeat(400)}`;
    const page = await openWith(s, {
      turns: [turn({ id: 'k4', kind: 'knowledge', answer: long, knowledge: { mode: 'divergent', bases: [], references: [] } })],
    });
    const chips = page.getByTestId('citation');
    await chips.first().waitFor();
    await settled(page);
    assert.deepEqual(await chips.allTextContents(), ['3', '4']);
    assert.equal(await page.getByTestId('no-hits').count(), 0, 'the badge is decided on the rendered answer');
    assert.equal(await page.getByTestId('answer').evaluate((el) => el.classList.contains('answer-notice')), false);
    await page.close();
    // The same length without a mark: the badge comes with the render that shows there is none.
    const unmarked = await openWith(s, {
      turns: [
        turn({ id: 'k5', kind: 'knowledge', answer: long.replace(/\^\[3\]\^|【4†doc】/g, ''), knowledge: { mode: 'divergent', bases: [], references: [] } }),
      ],
    });
    await unmarked.getByTestId('no-hits').waitFor();
    assert.equal(await unmarked.getByTestId('citation').count(), 0);
    assert.equal(await unmarked.getByTestId('answer').evaluate((el) => el.classList.contains('answer-notice')), true);
    await unmarked.close();
  });

  it('a long final answer whose render is pending meets read-aloud and a conversation switch: each conversation keeps its own badge', async () => {
    const long = `First^[3]^ then 【4†doc】.\n\n${'A sentence of the answer without a mark. '.repeat(400)}`;
    const knowledge = { mode: 'divergent' as const, bases: [], references: [] };
    const streaming = { id: 'c1', turns: [turn({ id: 'k6', kind: 'knowledge', status: 'streaming', answer: 'First^[3', knowledge })] };
    const other = conversation({ id: 'c2', title: 'Second chat', turns: [turn({ id: 'k7', kind: 'knowledge', answer: 'Nothing on this.', knowledge })] });
    const page = await openWith(s, streaming);
    const final: HostToWebview = { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 'k6', kind: 'knowledge', answer: long, knowledge }) };
    const rest: HostToWebview[] = [
      { type: 'speechStart', playbackId: 'p1', title: 'Answer', sentences: 2, format: 'wav', turnId: 'k6' },
      segment(0, 'First then.', false),
      { type: 'snapshot', snapshot: snapshot({ active: other }) },
    ];
    // The final answer is applied in a frame that leaves its render to a task of its own; read-aloud and the switch
    // arrive in that frame, before or after that task (both orders must end the same).
    await page.evaluate(
      ([first, next]) =>
        new Promise<void>((resolve) => {
          window.postMessage(first, '*');
          window.addEventListener(
            'message',
            () =>
              requestAnimationFrame(() => {
                for (const message of next) window.postMessage(message, '*');
                resolve();
              }),
            { once: true },
          );
        }),
      [final, rest] as const,
    );
    await page.locator('[data-turn-id="k7"]').waitFor();
    await page.getByTestId('no-hits').waitFor();
    assert.equal(await page.locator('[data-turn-id="k6"]').count(), 0, 'the first conversation is gone from the view');
    assert.equal(await page.getByTestId('no-hits').count(), 1, 'the second conversation has its own badge');
    // Back to the first conversation, now finished: its chips, and no badge.
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ id: 'c1', turns: [final.turn] }) }) });
    const chips = page.getByTestId('citation');
    await chips.first().waitFor();
    await settled(page);
    assert.deepEqual(await chips.allTextContents(), ['3', '4']);
    assert.equal(await page.getByTestId('no-hits').count(), 0, 'an answer with marks is not "no hits"');
    assert.deepEqual(await cspViolations(page), []);
    await page.close();
  });

  it('shows "No hits" and the apology as a notice when the answer has no mark and no references', async () => {
    const apology = 'Sorry, the knowledge base has nothing on this question.';
    const page = await openWith(s, {
      turns: [turn({ id: 'k3', kind: 'knowledge', answer: apology, knowledge: { mode: 'strict', bases: [], references: [] } })],
    });
    await page.getByTestId('no-hits').waitFor();
    assert.equal(await page.getByTestId('no-hits').textContent(), 'No hits');
    assert.equal((await page.getByTestId('answer').textContent())?.trim(), apology);
    assert.equal(await page.getByTestId('answer').evaluate((el) => el.classList.contains('answer-notice')), true);
    assert.equal(await page.getByTestId('turn-error').count(), 0, 'a notice, not an error');
    await page.close();
    const removed = await openWith(s, {
      turns: [
        turn({
          id: 'k4',
          kind: 'knowledge',
          answer: 'An answer whose marks were removed.',
          knowledge: { mode: 'strict', bases: [], references: [], marksRemoved: true },
        }),
      ],
    });
    await removed.getByTestId('knowledge-badge').waitFor();
    assert.equal(await removed.getByTestId('no-hits').count(), 0, 'no "No hits" guessed when marks were asked away');
    await removed.close();
  });

  it('the speaker button of a finished answer posts readAloud with its turn', async () => {
    const page = await openWith(s, { turns: [turn({ id: 't9', answer: 'Hello there.' }), turn({ id: 't10', status: 'streaming', answer: 'Still' })] });
    assert.equal(await page.getByTestId('read-aloud').count(), 1, 'only finished answers have one');
    await page.getByTestId('read-aloud').click();
    assert.deepEqual(await waitForPosted(page, 'readAloud'), { type: 'readAloud', turnId: 't9' });
    await page.close();
  });
});
