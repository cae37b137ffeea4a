// Model output never executes: every payload of test/fixtures/xss-corpus.json, streamed as an answer, delivered in
// a snapshot, and carried by every other text the host sends (titles, notices, chips, errors, sources, persona…),
// must call nothing, load nothing, open no dialog and trip no CSP violation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { ChatSnapshot, TurnView } from '../../src/shared/protocol';
import { conversation, snapshot, turn } from './snapshotFixture';
import { cspViolations, deliver, imagesSettled, openWebview, posted, settled } from './webviewHarness';
import { suiteSession } from './suiteSession';

interface Corpus {
  readonly payloads: readonly { readonly name: string; readonly markdown: string }[];
}

const corpus = JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'xss-corpus.json'), 'utf8')) as Corpus;

// Counts calls to window.__pwned(); loaded with the page's nonce before the bundle. CSP violations are recorded by
// the harness (openWebview).
const tripwire = `
window.__pwnCount = 0;
window.__pwned = function () { window.__pwnCount += 1; };
`;

interface Watch {
  readonly foreignRequests: string[];
  readonly dialogs: string[];
}

function watch(page: Page, origin: string): Watch {
  const result: Watch = { foreignRequests: [], dialogs: [] };
  page.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`)) result.foreignRequests.push(request.url());
  });
  page.on('dialog', (dialog) => {
    result.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return result;
}

/**
 * Waits until whatever the content set off has run: two frames rendered (a toggle, an autofocus), every image loaded or
 * failed (an onload, an onerror), then a violation of the page's own after those (the CSP violations come in order).
 * Resolves with the violations.
 */
async function afterDeferredHandlers(page: Page): Promise<string[]> {
  await settled(page);
  await imagesSettled(page);
  return cspViolations(page);
}

async function assertInert(page: Page, seen: Watch): Promise<void> {
  const violations = await afterDeferredHandlers(page);
  const state = await page.evaluate(() => {
    const w = window as unknown as { __pwnCount: number };
    const answers = Array.from(document.querySelectorAll('[data-testid="answer"]'));
    const attributes: string[] = [];
    const hrefs: string[] = [];
    const forbidden: string[] = [];
    for (const answer of answers) {
      for (const el of Array.from(answer.querySelectorAll('*'))) {
        if (
          ['SCRIPT', 'IMG', 'SVG', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'META', 'BASE', 'STYLE', 'LINK', 'VIDEO', 'AUDIO', 'MATH'].includes(
            el.tagName.toUpperCase(),
          )
        )
          forbidden.push(el.tagName);
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith('on') || attr.name === 'style' || attr.name === 'src' || attr.name === 'srcdoc')
            attributes.push(`${el.tagName}[${attr.name}]`);
        }
        const href = el.getAttribute('href');
        if (href !== null) hrefs.push(href);
        // A link the chat would not open is shown as its text, never as a link that does nothing.
        else if (el.tagName === 'A') forbidden.push('A without href');
      }
    }
    return { pwned: w.__pwnCount, attributes, hrefs, forbidden, location: location.href };
  });
  assert.equal(state.pwned, 0, 'window.__pwned() was called');
  assert.deepEqual(violations, [], 'CSP violations');
  assert.deepEqual(state.forbidden, [], 'forbidden elements in answers');
  assert.deepEqual(state.attributes, [], 'dangerous attributes in answers');
  for (const href of state.hrefs) assert.match(href, /^(https?:|mailto:)/i, `href ${href}`);
  assert.deepEqual(seen.foreignRequests, [], 'requests other than the page’s own');
  assert.deepEqual(seen.dialogs, [], 'dialogs');
}

/** The whole page, not only answers: no script or active element in the body, no handler, images only local. */
async function assertPageInert(page: Page, seen: Watch): Promise<void> {
  const violations = await afterDeferredHandlers(page);
  const state = await page.evaluate(() => {
    const w = window as unknown as { __pwnCount: number };
    const problems: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*:not([data-page-script])'))) {
      const tag = el.tagName.toUpperCase();
      if (['SCRIPT', 'SVG', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'META', 'BASE', 'STYLE', 'LINK', 'VIDEO', 'MATH'].includes(tag)) problems.push(tag);
      for (const attr of Array.from(el.attributes)) if (attr.name.startsWith('on') || attr.name === 'srcdoc') problems.push(`${tag}[${attr.name}]`);
      const src = el.getAttribute('src');
      if (src !== null && !/^(data:image\/|blob:)/.test(src)) problems.push(`${tag}[src=${src}]`);
      const href = el.getAttribute('href');
      if (href !== null && !/^(https?:|mailto:)/i.test(href)) problems.push(`${tag}[href=${href}]`);
    }
    return { pwned: w.__pwnCount, problems };
  });
  assert.equal(state.pwned, 0, 'window.__pwned() was called');
  assert.deepEqual(violations, [], 'CSP violations');
  assert.deepEqual(state.problems, [], 'active content in the page');
  assert.deepEqual(seen.foreignRequests, [], 'requests other than the page’s own');
  assert.deepEqual(seen.dialogs, [], 'dialogs');
}

/** A snapshot with `text` in every field the host fills with text that may come from a model, a user or a server. */
function everywhere(text: string, index: number): ChatSnapshot {
  const knowledgeTurn = turn({
    id: `k${index}`,
    kind: 'knowledge',
    question: text,
    answer: `See^[1]^ ${text}`,
    knowledge: { mode: 'strict', bases: [{ id: 1, name: text }], references: [{ index: 1, title: text, text }] },
  });
  const failed = turn({
    id: `e${index}`,
    question: text,
    status: 'error',
    model: text,
    images: [{ id: 'i', name: text, mime: 'image/png', width: 1, height: 1, bytes: 1, thumbnail: text, url: text }],
    context: [{ id: 'x', kind: 'selection', label: text, languageId: text, characters: 1 }],
    error: { kind: text, title: text, detail: text, serverMessage: text, serverMessageTranslation: text, actions: ['retry'] },
  });
  return snapshot({
    baseUrl: text,
    extensionVersion: text,
    conversations: [
      { id: 'c1', title: text, updatedAt: 1, turnCount: 2 },
      { id: 'c2', title: text, updatedAt: 0, turnCount: 1 },
    ],
    active: conversation({ title: text, persona: text, turns: [knowledgeTurn, failed] }),
    pendingContext: [{ id: 'p', kind: 'file', label: text, languageId: text, characters: 1 }],
    notices: [{ id: `n${index}`, level: 'error', text }],
    settings: { fontSize: 13, maxImageBytes: 200_000, defaultPersona: text, defaultPersonaFromWorkspace: false, contextLimit: 32_768, readAnswers: false },
  });
}

describe('XSS corpus', () => {
  const session = suiteSession({ extraScripts: { '/tripwire.js': tripwire } });

  it(`has at least 40 payloads (${corpus.payloads.length})`, () => {
    assert.ok(corpus.payloads.length >= 40);
  });

  it('streamed as answers: nothing executes, loads or navigates', async () => {
    const page = await openWebview(session());
    const seen = watch(page, session().server.origin);
    const turns: TurnView[] = corpus.payloads.map((payload) => turn({ id: payload.name, status: 'streaming', answer: '' }));
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns }) }) });
    await page.locator(`[data-turn-id="${corpus.payloads[corpus.payloads.length - 1]?.name ?? ''}"]`).waitFor();
    for (const payload of corpus.payloads) {
      for (let i = 0; i < payload.markdown.length; i += 5) {
        await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: payload.name, answer: payload.markdown.slice(i, i + 5) });
      }
      await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: turn({ id: payload.name, status: 'done', answer: payload.markdown }) });
    }
    await page.locator('[data-testid="turn"][data-status="streaming"]').first().waitFor({ state: 'detached' });
    await assertInert(page, seen);
    // Clicking every link only asks the host, which gets only safe schemes.
    const before = page.url();
    const links = page.locator('[data-testid="answer"] a');
    const count = await links.count();
    for (let i = 0; i < count; i += 1) await links.nth(i).click();
    const opened = (await posted(page)).filter((m) => m.type === 'openLink');
    assert.equal(page.url(), before);
    for (const message of opened) assert.match(message.type === 'openLink' ? message.href : '', /^(https?:|mailto:)/i);
    await assertInert(page, seen);
    await page.close();
  });

  it('delivered in a snapshot: nothing executes, loads or navigates', async () => {
    const page = await openWebview(session());
    const seen = watch(page, session().server.origin);
    const turns = corpus.payloads.map((payload) =>
      turn({ id: payload.name, question: payload.markdown, reasoning: payload.markdown, answer: payload.markdown }),
    );
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ title: corpus.payloads[0]?.markdown ?? '', turns }) }) });
    await page.locator(`[data-turn-id="${corpus.payloads[corpus.payloads.length - 1]?.name ?? ''}"] [data-testid="answer"]`).waitFor();
    await page
      .locator('details[data-testid="reasoning"]')
      .first()
      .evaluate((el) => ((el as HTMLDetailsElement).open = true));
    await assertInert(page, seen);
    await page.close();
  });

  it('carried by every other text the host sends (titles, notices, chips, errors, sources, persona): nothing executes', async () => {
    const page = await openWebview(session());
    const seen = watch(page, session().server.origin);
    // The page's own scripts (fake host, tripwire, bundle) are the only ones allowed.
    await page.evaluate(() => Array.from(document.scripts).forEach((script) => script.setAttribute('data-page-script', '')));
    // The conversation list open, so that each snapshot builds its rows (none are built for a closed list).
    await deliver(page, { type: 'toggleConversations' });
    for (const [index, payload] of corpus.payloads.entries()) {
      await deliver(page, { type: 'snapshot', snapshot: everywhere(payload.markdown, index) });
      await deliver(page, { type: 'notices', notices: [{ id: `live${index}`, level: 'warning', text: payload.markdown }] });
      await page.locator(`[data-turn-id="e${index}"]`).waitFor();
    }
    await page.getByTestId('conversation-item').first().waitFor();
    const last = corpus.payloads[corpus.payloads.length - 1]?.markdown ?? '';
    assert.equal(await page.getByTestId('notice').last().locator('.notice-text').textContent(), last, 'the payloads were shown, as text');
    await assertPageInert(page, seen);
    await page.close();
  });
});
