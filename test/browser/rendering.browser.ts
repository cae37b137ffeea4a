// Rendering details in Chromium with a fake host: fence languages by any alias, the transcript as a focusable log
// for screen readers, Copy's visible confirmation, reasoning shown collapsed, and what a streaming delta costs the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversation, snapshot, turn } from './snapshotFixture';
import { cspViolations, deliver, openWebview, posted, settled, waitForPosted } from './webviewHarness';
import { suiteSession } from './suiteSession';

const fence = (language: string, code: string): string => ['```' + language, code, '```'].join('\n');

describe('rendering', () => {
  const session = suiteSession();

  it('aligns table columns with classes, so rendering a table trips no CSP violation (no style attribute is ever parsed)', async () => {
    const page = await openWebview(session());
    const table = ['| left | centre | right | none |', '|:-----|:------:|------:|------|', '| a | b | c | d |'].join('\n');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: `${table}\n\nAfter.` })] }) }) });
    await page.locator('[data-testid="answer"] td').nth(3).waitFor();
    const cells = await page.locator('[data-testid="answer"] td').evaluateAll((nodes) => nodes.map((n) => [n.className, n.getAttribute('style')]));
    assert.deepEqual(cells, [
      ['align-left', null],
      ['align-center', null],
      ['align-right', null],
      ['', null],
    ]);
    const alignments = await page.locator('[data-testid="answer"] td').evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).textAlign));
    assert.deepEqual(alignments.slice(0, 3), ['left', 'center', 'right']);
    assert.deepEqual(await cspViolations(page), []);
  });

  it("fences named by an alias (ts, js, py, sh, yml) get their language's class, colours and editor language", async () => {
    const page = await openWebview(session());
    const answer = [
      fence('ts', 'const a: number = 1;'),
      fence('js', 'let b = "x";'),
      fence('py', 'def f(): return 1'),
      fence('sh', 'if true; then echo hi; fi'),
      fence('yml', 'key: value'),
      fence('mermaid', 'graph TD'),
    ].join('\n\n');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer })] }) }) });
    await page.locator('pre code').nth(5).waitFor();
    const blocks = await page.locator('pre code').evaluateAll((nodes) => nodes.map((n) => [n.className, n.querySelector('[class^="hljs-"]') !== null]));
    assert.deepEqual(blocks, [
      ['language-typescript', true],
      ['language-javascript', true],
      ['language-python', true],
      ['language-bash', true],
      ['language-yaml', true],
      ['language-mermaid', false],
    ]);
    assert.equal(await page.locator('.code-language').first().textContent(), 'typescript');
    await page.getByTestId('code-open').first().click();
    assert.equal((await waitForPosted(page, 'openCode')).language, 'typescript', 'Open in editor gets a language VS Code knows');
    await page.close();
  });

  it('the transcript is a log focusable from the keyboard, busy while an answer streams; one live region announces the answer once', async () => {
    const page = await openWebview(session());
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'streaming', answer: 'Hal' })] }) }),
    });
    const transcript = page.getByTestId('transcript');
    await page.getByTestId('turn').waitFor();
    assert.equal(await transcript.getAttribute('role'), 'log');
    assert.equal(await transcript.getAttribute('aria-live'), 'off', 'the live region alone announces, so nothing is read twice');
    const spoken = await page.evaluate(() => [...document.querySelectorAll('[aria-live="polite"]')].filter((region) => !region.closest('[hidden]')).length);
    assert.equal(spoken, 1, "one polite live region a screen reader hears (the closed history panel's search status is hidden)");
    assert.equal(await transcript.getAttribute('tabindex'), '0');
    assert.equal(await transcript.getAttribute('aria-busy'), 'true');
    await transcript.focus();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'transcript');
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', answer: 'Hallo' }) });
    await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.getAttribute('aria-busy') === 'false');
    assert.match((await page.getByTestId('live-region').textContent()) ?? '', /^Answer: Hallo/);
    await page.close();
  });

  it('Copy says "Copied" at once (a check, and its name), then "Copy" again; so does a code block\'s Copy', async () => {
    const page = await openWebview(session());
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: `Text\n\n${fence('ts', 'let x = 1;')}` })] }) }),
    });
    const copy = page.getByTestId('copy-answer');
    await copy.click();
    assert.equal(await copy.getAttribute('aria-label'), 'Copied', 'screen readers hear it');
    assert.equal(await copy.locator('.codicon-check').count(), 1, 'a check replaces the copy icon');
    assert.equal((await waitForPosted(page, 'copyText')).text, `Text\n\n${fence('ts', 'let x = 1;')}`);
    const codeCopy = page.getByTestId('code-copy');
    await codeCopy.click();
    assert.equal(await codeCopy.getAttribute('aria-label'), 'Copied');
    const copies = (await posted(page)).flatMap((m) => (m.type === 'copyText' ? [m.text] : []));
    assert.deepEqual(copies.at(-1), 'let x = 1;');
    await page.waitForFunction(() => document.querySelector('[data-testid=copy-answer]')?.getAttribute('aria-label') === 'Copy', undefined, { timeout: 4000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=code-copy]')?.getAttribute('aria-label') === 'Copy', undefined, { timeout: 4000 });
    assert.equal(await copy.locator('.codicon-copy').count(), 1, 'the copy icon is back');
    await page.close();
  });

  it('reasoning starts collapsed, while it streams and after, and opens on request', async () => {
    const page = await openWebview(session());
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', status: 'streaming', reasoning: 'Let me think', answer: '' })] }) }),
    });
    const reasoning = page.getByTestId('reasoning');
    await reasoning.waitFor();
    const isOpen = (): Promise<boolean> => reasoning.evaluate((el) => (el as HTMLDetailsElement).open);
    assert.equal(await isOpen(), false);
    assert.equal(await reasoning.locator('summary').textContent(), 'Thinking…');
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', reasoning: ' harder.', answer: 'Done.' });
    await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: 't1', reasoning: 'Let me think harder.', answer: 'Done.' }) });
    await page.getByTestId('answer').getByText('Done.').waitFor();
    assert.equal(await isOpen(), false, 'still collapsed when the answer is done');
    assert.equal(await reasoning.locator('.reasoning-body').isVisible(), false);
    await reasoning.locator('summary').click();
    assert.equal(await isOpen(), true);
    await page.close();
  });

  it('a streaming delta asks for one animation frame and changes nothing in the page but the answer', async () => {
    const page = await openWebview(session());
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({ active: conversation({ id: 'c1', turns: [turn({ id: 't1', status: 'streaming', answer: 'First words.' })] }) }),
    });
    await page.locator('[data-testid="turn"][data-status="streaming"]').waitFor();
    await settled(page);
    // From here on: the frames the page asks for, and every node a change of the DOM touches.
    await page.evaluate(() => {
      const probe = window as unknown as { __frames: number; __outside: string[]; __raf: typeof requestAnimationFrame };
      probe.__frames = 0;
      probe.__outside = [];
      probe.__raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        probe.__frames += 1;
        return probe.__raf(callback);
      };
      const answer = document.querySelector('[data-testid="answer"]');
      new MutationObserver((records) => {
        for (const record of records) {
          if (answer?.contains(record.target) === true) continue;
          const target = record.target instanceof Element ? record.target : record.target.parentElement;
          probe.__outside.push(`${record.type} ${record.attributeName ?? ''} on ${target?.outerHTML.slice(0, 80) ?? '?'}`);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 't1', answer: ' More words.' });
    await page.getByTestId('answer').getByText('More words.').waitFor();
    // Two frames later, with the page's own requestAnimationFrame, so that waiting asks for none.
    await page.evaluate(() => {
      const probe = window as unknown as { __raf: typeof requestAnimationFrame };
      return new Promise<void>((resolve) => probe.__raf(() => probe.__raf(() => resolve())));
    });
    const { frames, outside } = await page.evaluate(() => {
      const probe = window as unknown as { __frames: number; __outside: string[] };
      return { frames: probe.__frames, outside: probe.__outside };
    });
    assert.equal(frames, 1, 'one frame renders the delta');
    assert.deepEqual(outside, [], 'only the answer changed');
    await page.close();
  });
});
