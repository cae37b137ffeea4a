// Inline completions in code-server as a user meets them, against the local service: MaaS: Toggle Inline Completions
// turns them on (the status bar says so), typing in a TypeScript file brings ghost text, typing through it sends no new
// request, Escape dismisses it, Tab inserts it, a .env file sends nothing, and turning completions off stops requests.
// The service's answer is set with POST /_local/next-answer; what was sent is read from its request log. A screenshot
// is taken into the run's folder while the ghost text shows (the README's is scripts/screenshots.ts's, of the demo).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { chatRequests } from '../harness/requestLog';
import { until } from './chatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { completionsItem, ghostText, goToLineEnd, shownLine } from './inlineCompletions';
import { openFile, runCommand } from './workbench';

const CART = 'export interface Item {\n  price: number;\n  count: number;\n}\n\nexport function total(items: Item[]): number {\n\n}\n';
const ANSWER = 'return items.reduce((sum, item) => sum + item.price * item.count, 0);';
const PROMPT_MARK = 'Complete the code at <|cursor|>';

/** The completion requests the service has logged, oldest first, each as its messages' JSON. */
async function completionRequests(scenario: ServiceScenario): Promise<string[]> {
  return (await chatRequests(scenario.service.baseUrl)).map((r) => JSON.stringify(r.body.messages)).filter((m) => m.includes(PROMPT_MARK));
}

describe('inline completions in code-server', () => {
  let scenario: ServiceScenario;

  before(async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-e2e-completions-'));
    mkdirSync(path.join(folder, 'src'));
    writeFileSync(path.join(folder, 'src', 'cart.ts'), CART);
    writeFileSync(path.join(folder, '.env'), 'API_TOKEN=\n');
    scenario = await openServiceScenario('completions', {
      folder,
      service: { paceMs: 2 },
      settings: {
        // Only the inline suggestion: no suggest widget, parameter hints or auto-closed brackets over it.
        'editor.quickSuggestions': { other: false, comments: false, strings: false },
        'editor.suggestOnTriggerCharacters': false,
        'editor.parameterHints.enabled': false,
        'editor.autoClosingBrackets': 'never',
        'files.exclude': {},
      },
    });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('turns on with the command; typing shows ghost text; typing through it asks nothing; Escape dismisses it; Tab inserts it', async () => {
    const { page } = scenario;
    const item = completionsItem(page);
    await runCommand(page, 'MaaS: Toggle Inline Completions');
    await item.locator('.codicon-sparkle').waitFor({ timeout: 30_000 });
    // Every request gets the answer, whichever pause in typing it is made at.
    await scenario.api('/_local/next-answer', { body: { text: ANSWER, count: 50 } });
    await openFile(page, 'cart.ts');
    await page.locator('.monaco-editor .view-lines').first().click();
    await goToLineEnd(page, 7);
    await page.keyboard.type('  ');
    await until(async () => (await ghostText(page)).includes('items.reduce((sum, item)'), 30_000, 'the ghost text');
    const sent = await completionRequests(scenario);
    assert.ok(sent.length >= 1);
    assert.match(sent.at(-1) ?? '', /Path: src\/cart\.ts/);
    await page.screenshot({ path: path.join(scenario.server.runDir, 'ghost-text.png'), clip: { x: 0, y: 0, width: 1400, height: 300 } });

    await page.keyboard.type('return items.');
    await until(async () => (await ghostText(page)).startsWith('reduce('), 30_000, 'the rest of the ghost text after typing through it');
    assert.equal((await completionRequests(scenario)).length, sent.length, 'typing through the suggestion sends no request');

    await page.keyboard.press('Escape');
    await until(async () => (await ghostText(page)) === '', 30_000, 'the ghost text to go');

    await runCommand(page, 'Trigger Inline Suggestion');
    await until(async () => (await ghostText(page)).startsWith('reduce('), 30_000, 'the ghost text again');
    await page.keyboard.press('Tab');
    await until(async () => (await shownLine(page, 7)) === `  ${ANSWER}`, 30_000, 'the suggestion inserted');
  });

  it('sends nothing from a .env file, and nothing once turned off', async () => {
    const { page } = scenario;
    await openFile(page, '.env');
    await page.locator('.monaco-editor .view-lines').first().click();
    await goToLineEnd(page, 1);
    await page.keyboard.type('sk-');
    await runCommand(page, 'Trigger Inline Suggestion');
    await runCommand(page, 'MaaS: Toggle Inline Completions');
    const item = completionsItem(page);
    await item.locator('.codicon-circle-slash').waitFor({ timeout: 30_000 });
    // From here until completions are on again, no request may go.
    const before = (await completionRequests(scenario)).length;
    await page.locator('.tab', { hasText: 'cart.ts' }).click();
    await page.locator('.tab.active', { hasText: 'cart.ts' }).waitFor({ timeout: 10_000 });
    await page.locator('.monaco-editor .view-lines').first().click();
    await goToLineEnd(page, 8);
    await page.keyboard.press('Enter');
    await page.keyboard.type('// off');
    await runCommand(page, 'Trigger Inline Suggestion');
    // On again, asked at once: that request is the first since completions went off, and once it is answered (the
    // item is no longer working) it is the only one.
    await runCommand(page, 'MaaS: Toggle Inline Completions');
    await item.locator('.codicon-sparkle').waitFor({ timeout: 30_000 });
    await runCommand(page, 'Trigger Inline Suggestion');
    await until(async () => (await completionRequests(scenario)).length > before, 30_000, 'a request once on again');
    await item.locator('.codicon-sparkle').waitFor({ timeout: 30_000 });
    assert.equal((await completionRequests(scenario)).length, before + 1, 'no request went while completions were off');
    const all = (await chatRequests(scenario.service.baseUrl)).map((r) => JSON.stringify(r.body));
    assert.ok(
      all.every((body) => !body.includes('API_TOKEN') && !body.includes('Path: .env')),
      'nothing of the .env file reached the service',
    );
  });
});
