// What the view shows of the model's context and of images made words: the context meter (the host's count of what
// the next question carries, plus the question being typed), the warning before a question would go over the limit
// with its two ways out, and the vision model's description of images kept with a language model's turn.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, posted, settled } from './webviewHarness';
import { suiteSession } from './suiteSession';

describe('the model context in the chat view', () => {
  const session = suiteSession();

  it('the meter shows the tokens of the next question against the limit, and follows what is typed', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ contextTokens: 2_000 }) }) });
    await settled(page);
    const meter = page.getByTestId('context-meter');
    assert.equal(await meter.textContent(), '2.0K/32K');
    assert.equal(await meter.getAttribute('role'), 'meter');
    assert.equal(await meter.getAttribute('aria-valuenow'), '2000');
    assert.equal(await meter.getAttribute('aria-valuemax'), '32768');
    assert.equal(await meter.getAttribute('aria-label'), 'Context: 2,000 of 32,768 tokens (6%) for the next question');
    await page.getByTestId('chat-input').fill('one two three 四五');
    assert.equal(await meter.getAttribute('aria-valuenow'), '2005', '3 words and 2 CJK characters');
    assert.equal(await page.getByTestId('context-warning').isHidden(), true);
  });

  it('in a narrow side bar the meter keeps to its bar, so the model picker keeps its name', async () => {
    const page = await openWebview(session());
    await page.setViewportSize({ width: 300, height: 700 });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ contextTokens: 2_000 }) }) });
    await settled(page);
    assert.equal(await page.locator('.context-meter-label').isVisible(), false);
    const picker = page.locator('.model-picker select, .model-picker').first();
    assert.equal(await picker.evaluate((node) => node.scrollWidth <= node.clientWidth), true, 'the model name is not cut');
    await page.setViewportSize({ width: 600, height: 700 });
    assert.equal(await page.locator('.context-meter-label').isVisible(), true);
  });

  it('before a question would go over the limit, a line says so, offering a new conversation and the settings', async () => {
    const page = await openWebview(session());
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ contextTokens: 1_000 }), settings: { ...snapshot().settings, contextLimit: 1_024 } }),
    });
    await settled(page);
    const meter = page.getByTestId('context-meter');
    assert.equal(await meter.evaluate((node) => node.classList.contains('high')), true, 'above 80 %: the warning colour');
    const warning = page.getByTestId('context-warning');
    assert.equal(await warning.isHidden(), true);
    await page.getByTestId('chat-input').fill('word '.repeat(30));
    await warning.waitFor({ state: 'visible' });
    assert.match((await warning.textContent()) ?? '', /about 1,030 tokens, more than the 1,024 the model takes/);
    assert.equal(await meter.evaluate((node) => node.classList.contains('over')), true);
    await page.getByTestId('context-new-conversation').click();
    await page.getByTestId('context-settings').click();
    assert.deepEqual(
      (await posted(page)).filter((m) => m.type === 'newConversation' || m.type === 'runCommand'),
      [{ type: 'newConversation' }, { type: 'runCommand', command: 'openSettings' }],
    );
  });

  it("a language model's turn shows the vision model's description of its images, collapsed, as plain text", async () => {
    const page = await openWebview(session());
    const described = turn({
      id: 't1',
      question: 'What does the chart show?',
      answer: 'Sales peak in March.',
      imageDescription: { model: 'svc_vl', text: 'A bar chart; <b>March</b> is highest.' },
    });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [described] }) }) });
    await settled(page);
    const details = page.getByTestId('image-description');
    assert.equal(await details.locator('summary').textContent(), 'Image described by svc_vl');
    assert.equal(await details.getAttribute('open'), null, 'collapsed');
    assert.equal(await details.locator('.image-description-body').textContent(), 'A bar chart; <b>March</b> is highest.');
    assert.equal(await details.locator('b').count(), 0, 'model output stays text');
  });
});
