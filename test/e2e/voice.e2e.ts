// Answers read aloud as they stream, as a listener hears them: the chat view in code-server with audio allowed to
// autoplay, the local service answering at its real-time pace. The toggle in the question box turns the voice on; the
// first sentence is heard while the answer is still streaming, marked in the answer; a second question stops it and
// the new answer is spoken instead. Screenshots during the stream go to .test-results/voice/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { repoRoot } from '../harness/tools';
import { ask, openChat, until, waitForStatus } from './chatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';

const shots = path.join(repoRoot, '.test-results', 'voice');

/** The audio element of the chat view's player: playing, and how far. */
async function audio(view: FrameLocator): Promise<{ playing: boolean; currentTime: number; src: string }> {
  return view.locator('[data-testid="player-audio"]').evaluate((node) => {
    const element = node as unknown as { paused: boolean; currentTime: number; src: string };
    return { playing: !element.paused, currentTime: element.currentTime, src: element.src };
  });
}

describe('answers read aloud as they stream, in code-server', () => {
  let scenario: ServiceScenario;

  before(async () => {
    mkdirSync(shots, { recursive: true });
    scenario = await openServiceScenario('voice', { autoplay: true, service: { paceMs: 25 } });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('with the toggle on, the first sentence is heard before the answer has finished streaming, marked in the answer', async () => {
    const { page } = scenario;
    const view = await openChat(page);
    const toggle = view.locator('[data-testid="read-answers"]');
    await toggle.click();
    await until(async () => (await toggle.getAttribute('aria-pressed')) === 'true', 10_000, 'the toggle on');
    const turn = await ask(view, 'How do I compute a moving average? Please show code.');
    await until(
      async () => {
        const sound = await audio(view);
        return sound.playing && sound.currentTime > 0;
      },
      30_000,
      'the first sentence to be heard',
    );
    const status = await turn.getAttribute('data-status');
    assert.equal(status, 'streaming', 'heard while the answer still streams');
    const sentence = (await view.locator('[data-testid="player-sentence"]').textContent()) ?? '';
    assert.ok(sentence.length > 8, sentence);
    assert.match((await turn.locator('[data-testid="answer"]').textContent()) ?? '', new RegExp(sentence.slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const highlighted = await view.locator('body').evaluate(() => {
      const registry = (globalThis as unknown as { CSS: { highlights: Map<string, { size: number }> } }).CSS.highlights;
      return registry.get('maas-spoken')?.size ?? 0;
    });
    assert.equal(highlighted, 1, 'the sentence spoken is marked in the answer');
    await page.screenshot({ path: path.join(shots, 'while-streaming.png') });
    assert.equal(await waitForStatus(turn, ['done'], 60_000), 'done');
    await page.screenshot({ path: path.join(shots, 'after-the-stream.png') });
  });

  it('a second question stops the first answer’s voice; the new answer is spoken instead', async () => {
    const { page } = scenario;
    const view = await openChat(page);
    const before = await audio(view);
    assert.ok(before.playing, 'the first answer is still being read (it is longer than its stream)');
    const firstSentence = (await view.locator('[data-testid="player-sentence"]').textContent()) ?? '';
    const turn = await ask(view, 'repeat: The second answer starts here. It is short and it ends.');
    await until(
      async () => ((await view.locator('[data-testid="player-sentence"]').textContent()) ?? '').startsWith('The second answer'),
      30_000,
      'the second answer spoken',
    );
    assert.notEqual(firstSentence, 'The second answer starts here.');
    assert.match((await view.locator('[data-testid="player-position"]').textContent()) ?? '', /^Sentence 1/);
    assert.equal(await waitForStatus(turn, ['done'], 30_000), 'done');
    await page.screenshot({ path: path.join(shots, 'second-question.png') });
  });
});
