// @maas in VS Code's `@` list follows maas.nativeChat.enabled: listed while it is on, gone once the user turns it off
// (the participant's `when` clause, which the workbench evaluates; the extension's own switch only removes the
// handler), listed again once it is back on. The setting is changed the way a user's settings.json changes.
import { after, afterEach, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openChat, until } from './chatView';
import { answerChatSetupOfferIfMade, focusNativeInput, NATIVE_CHAT_SETTINGS, readyNativeChat } from './nativeChatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';
import { editUserSettings } from './userSettings';

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

/**
 * Asks for the `@` suggestions until @maas is `listed` in them, or until they list others but not @maas (an empty
 * answer is not a list without @maas); a timeout names the rows the list last showed.
 */
async function untilListed(page: Page, listed: boolean, what: string): Promise<void> {
  let rows: string[] = [];
  await until(
    async () => {
      rows = await atSuggestions(page);
      return listed ? listsMaas(rows) : rows.length > 0 && !listsMaas(rows);
    },
    60_000,
    what,
  ).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}; the @ list last showed ${rows.map((row) => row.split(',')[0]).join(' ')}`);
  });
}

describe("@maas in VS Code's chat and maas.nativeChat.enabled", () => {
  let scenario: ServiceScenario;

  /** Sets maas.nativeChat.enabled in the user's settings.json, as editing it by hand does. */
  const setNativeChat = (enabled: boolean): void => editUserSettings(scenario.server.userDataDir, { 'maas.nativeChat.enabled': enabled });

  before(async () => {
    scenario = await openServiceScenario('native-chat-participant', { service: { paceMs: 2 }, settings: NATIVE_CHAT_SETTINGS });
    // A fresh profile's chat opens in Agent mode, which lists no participants, and offers Ask only once VS Code's chat
    // is set up: the set-up by hand, as a user who let MaaS Assistant's offer go, ends in Ask mode with svc_llm picked.
    await scenario.prepare(async () => {
      await openChat(scenario.page); // activates the extension, which resolves its models
      await answerChatSetupOfferIfMade(scenario, 'Not now');
      await readyNativeChat(scenario.page, 'svc_llm');
    });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('lists @maas while the setting is on, not once it is turned off, and again once it is back on', async () => {
    const { page } = scenario;
    await untilListed(page, true, '@maas in the @ list');

    setNativeChat(false);
    await untilListed(page, false, '@maas gone from the @ list');

    setNativeChat(true);
    await untilListed(page, true, '@maas back in the @ list');
  });
});
