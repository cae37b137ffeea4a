// @maas in VS Code's `@` list follows maas.nativeChat.enabled: listed while it is on, gone once the user turns it off
// (the participant's `when` clause, which the workbench evaluates; the extension's own switch only removes the
// handler), listed again once it is back on. The setting is changed the way a user's settings.json changes.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { until } from './chatView';
import { focusNativeInput, nativeChat, NATIVE_CHAT_SETTINGS } from './nativeChatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';

/**
 * The rows of the chat input's suggestions for `@`: the input is emptied, `@` typed and the suggestions asked for
 * (Ctrl+Space), and the answer is the list the widget shows, or none when it says it has no suggestions.
 */
async function atSuggestions(page: Page): Promise<string[]> {
  await focusNativeInput(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('@');
  await page.keyboard.press('Control+Space');
  const widget = page.locator('.editor-widget.suggest-widget.visible').first();
  const rows = widget.locator('.monaco-list-row');
  const answered = await until(
    async () => {
      if ((await rows.count()) > 0) return 'rows';
      return (
        (await widget
          .locator('.message')
          .textContent({ timeout: 500 })
          .catch(() => '')) ?? ''
      ).trim() !== ''
        ? 'message'
        : undefined;
    },
    15_000,
    "the chat input's suggestions for @",
  );
  const listed = answered === 'rows' ? await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? '')) : [];
  await page.keyboard.press('Escape');
  return listed;
}

/** Whether a row is @maas's: its label (what the row's accessible name starts with, before the kind) is `@maas`. */
const listsMaas = (rows: readonly string[]): boolean => rows.some((row) => row.split(',')[0]?.trim() === '@maas');

describe("@maas in VS Code's chat and maas.nativeChat.enabled", () => {
  let scenario: ServiceScenario;

  /** Sets maas.nativeChat.enabled in the user's settings.json, as editing it by hand does. */
  function setNativeChat(enabled: boolean): void {
    for (const scope of ['User', 'Machine']) {
      const file = path.join(scenario.server.userDataDir, scope, 'settings.json');
      const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...settings, 'maas.nativeChat.enabled': enabled }, null, 2));
    }
  }

  before(async () => {
    scenario = await openServiceScenario('native-chat-participant', { service: { paceMs: 2 }, settings: NATIVE_CHAT_SETTINGS });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it(
    'lists @maas while the setting is on, not once it is turned off, and again once it is back on',
    {
      todo: "from a clean clone the profile's chat opens in Agent mode, which offers no participants, and Ask appears only once VS Code's chat is set up: the test does not set it up yet",
    },
    async () => {
      const { page } = scenario;
      await nativeChat(page).locator('.interactive-input-part').first().waitFor({ timeout: 60_000 });
      await until(async () => listsMaas(await atSuggestions(page)), 60_000, '@maas in the @ list');

      setNativeChat(false);
      const off = await until(async () => ((rows) => (listsMaas(rows) ? undefined : rows))(await atSuggestions(page)), 60_000, '@maas gone from the @ list');
      assert.ok(!listsMaas(off), JSON.stringify(off));

      setNativeChat(true);
      await until(async () => listsMaas(await atSuggestions(page)), 60_000, '@maas back in the @ list');
    },
  );
});
