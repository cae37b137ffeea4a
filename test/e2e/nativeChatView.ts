// VS Code's own Chat view in e2e scenarios (the secondary side bar): its input, its mode picker (Ask, Agent) and its
// model picker, and a question sent as a user types it.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { extensionLogsIn, type CodeServer } from '../harness/codeServer';
import { extensionId, repoRoot } from '../harness/tools';
import { until } from './chatView';
import { notification, runCommand } from './workbench';

/** The native Chat view: the secondary side bar's chat part. */
export function nativeChat(page: Page): Locator {
  return page.locator('.part.auxiliarybar');
}

/**
 * Starts a new chat session in the native Chat view and waits until it shows, empty: the chat handles the click
 * asynchronously, and a question typed before the new session shows would land in the previous one.
 */
export async function newNativeChat(page: Page): Promise<void> {
  const chat = nativeChat(page);
  await chat.locator('.codicon-add, [aria-label^="New Chat"]').first().click();
  await until(async () => (await chat.locator('.interactive-request, .interactive-response').count()) === 0, 20_000, 'a new, empty chat');
}

/** Closes a modal dialog on the workbench, if one shows, as Escape does for a user. */
export async function closeDialog(page: Page): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box');
  if (!(await dialog.isVisible())) return;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
}

/** Picks a chat mode (Ask, Agent) in the native chat's mode picker. */
export async function chooseMode(page: Page, mode: 'Ask' | 'Agent'): Promise<void> {
  const chat = nativeChat(page);
  const current = chat.locator('.interactive-input-part a.action-label', { hasText: /^(Ask|Agent|Plan|Edit)$/ }).first();
  const chosen = chat.locator('.interactive-input-part a.action-label', { hasText: new RegExp(`^${mode}$`) }).first();
  if (((await current.textContent()) ?? '').trim() === mode) return;
  const item = page.getByRole('menuitemcheckbox', { name: new RegExp(`^${mode},`) }).first();
  const within = (locator: Locator, timeout: number): Promise<boolean> =>
    locator.waitFor({ state: 'visible', timeout }).then(
      () => true,
      () => false,
    );
  // The picker may ignore a key or a click while the chat is still starting, and its menu may close before the click
  // lands (a busy machine): open it, pick the mode, and again until the mode shows.
  await until(
    async () => {
      if (!(await item.isVisible())) {
        // The mode picker's own key (Ctrl+.) from the chat's input opens it reliably; a click on the button at times
        // only shows its tooltip.
        await focusNativeInput(page);
        await page.keyboard.press('Control+Period');
      }
      if (await within(item, 3_000)) await item.click({ timeout: 3_000 }).catch(() => undefined);
      return (await within(chosen, 3_000)) || undefined;
    },
    60_000,
    `the mode picker to switch to ${mode}`,
  );
}

/** Opens the model picker and returns the rows it lists. */
export async function pickerRows(page: Page): Promise<string[]> {
  await nativeChat(page).locator('a.model-picker-name').first().click();
  const rows = page.locator('.action-widget .monaco-list-row');
  await rows.first().waitFor({ timeout: 10_000 });
  return rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
}

/** Chat: Open Chat (Ctrl+Alt+I) until the cursor is in the native chat's input. */
export async function focusNativeInput(page: Page): Promise<void> {
  const focused = page.locator('.part.auxiliarybar .interactive-input-part :focus');
  await until(
    async () => {
      await page.keyboard.press('Control+Alt+I');
      // The shortcut again only when the input has not taken the cursor a while after it.
      return focused
        .first()
        .waitFor({ timeout: 2_000 })
        .then(
          () => true,
          () => false,
        );
    },
    20_000,
    "the cursor in the native chat's input",
  );
}

export async function sendNative(page: Page, text: string): Promise<void> {
  await focusNativeInput(page);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/**
 * Answers MaaS Assistant's offer to set up VS Code's chat (shown once the key is set on a profile whose chat is not
 * set up) with `answer`.
 */
export async function answerChatSetupOffer(page: Page, answer: 'Set Up' | 'Not now'): Promise<void> {
  const offer = await chatSetupOffer(page);
  await offer.getByRole('button', { name: answer }).click();
  await offer.waitFor({ state: 'hidden', timeout: 10_000 });
  const center = page.locator('.notifications-center');
  if (await center.isVisible()) await runCommand(page, 'Notifications: Hide Notifications');
}

/**
 * The extension's decision about its offer to set up VS Code's chat, as its log states it once taken at start-up
 * (`offered: …` with the steps, or `not offered: …` with the reason; src/core/nativeChat/chatSetupPlan.ts).
 */
export async function chatSetupDecision(server: CodeServer): Promise<string> {
  return until(
    async () => {
      for (const log of extensionLogsIn(server.userDataDir, extensionId)) {
        const decision = /VS Code's chat set-up ((?:not )?offered.*)\.$/m.exec(readFileSync(log, 'utf8'));
        if (decision !== null) return decision[1];
      }
      return undefined;
    },
    60_000,
    "the extension's decision about its offer to set up VS Code's chat, in its log",
  );
}

/**
 * For a scenario that sets VS Code's chat up by hand: answers the offer when the extension made one (so that it
 * neither covers the chat nor waits in the Notifications center), and goes on when the extension's log says it
 * made none (VS Code's chat may be on already; test/e2e/nativeChatSetup.e2e.ts is the test of the offer itself).
 */
export async function answerChatSetupOfferIfMade(scenario: { readonly page: Page; readonly server: CodeServer }, answer: 'Set Up' | 'Not now'): Promise<void> {
  if ((await chatSetupDecision(scenario.server)).startsWith('offered')) await answerChatSetupOffer(scenario.page, answer);
}

/**
 * MaaS Assistant's offer to set up VS Code's chat, once it shows: as a toast, or in the Notifications center. A toast
 * hides after 10 s while the window has the focus (VS Code's purge timeout for information), possibly while the
 * scenario is still opening a view; the offer then waits in the Notifications center, where a user finds it too.
 * The offer names the steps missing when the extension looks: turning VS Code's chat on and the utility models, or
 * the utility models alone when VS Code's chat is on already by then; a user answers either.
 */
export async function chatSetupOffer(page: Page): Promise<Locator> {
  const text = /without signing in to GitHub|for its background requests/;
  const center = page.locator('.notifications-center');
  const offer = notification(page, text)
    .or(center.locator('.notification-list-item', { hasText: text }))
    .first();
  await until(
    async () => {
      if (await offer.isVisible()) return true;
      if (!(await center.isVisible())) await runCommand(page, 'Notifications: Show Notifications');
      const shown = await offer.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      return shown || undefined;
    },
    90_000,
    'the offer to set up VS Code’s chat, as a toast or in the Notifications center',
  );
  return offer;
}

/**
 * Makes VS Code's chat ready on a fresh profile by hand, as a user who let MaaS Assistant's offer go does once: Chat:
 * Manage Language Models (which runs its set-up), then picks `model` in the Chat view's model picker, in Ask mode.
 */
export async function readyNativeChat(page: Page, model: string): Promise<void> {
  await openLanguageModels(page, model);
  await openNativeChatInAsk(page);
  await pickNativeModel(page, model);
}

/** Runs Chat: Manage Language Models (on a fresh profile, VS Code's chat set-up); resolves with its editor once it lists `model`. */
export async function openLanguageModels(page: Page, model: string): Promise<Locator> {
  await runCommand(page, 'Chat: Manage Language Models');
  const editor = page.locator('.language-models-management-editor, .editor-instance').filter({ hasText: model }).first();
  await editor.waitFor({ timeout: 30_000 });
  return editor;
}

/** Leaves the Language Models editor for the Chat view, in Ask mode. */
export async function openNativeChatInAsk(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Alt+I');
  await nativeChat(page).locator('.interactive-input-part').first().waitFor({ timeout: 30_000 });
  // VS Code suggests setting utility models (the README says how); the notice is not part of these tests.
  await nativeChat(page)
    .locator('[aria-label="Dismiss notification"]')
    .first()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await chooseMode(page, 'Ask');
}

/** Picks `model` in the Chat view's model picker, once the picker lists it. */
export async function pickNativeModel(page: Page, model: string): Promise<void> {
  await modelPickerListing(page, model);
  await page.locator('.action-widget .monaco-list-row', { hasText: model }).first().click();
}

/** Opens the Chat view's model picker until it lists `model`; resolves with its rows, the picker left open. */
export async function modelPickerListing(page: Page, model: string): Promise<string[]> {
  return until(
    async () => {
      const listed = await pickerRows(page);
      if (listed.some((row) => row.includes(model))) return listed;
      await page.keyboard.press('Escape');
      return undefined;
    },
    60_000,
    `${model} in the model picker (VS Code enables its chat a few seconds after the set-up)`,
  );
}

/** The settings of a scenario in VS Code's chat: AI features on, the Chat view shown, the demo's dark theme. */
export const NATIVE_CHAT_SETTINGS: Readonly<Record<string, unknown>> = {
  'chat.disableAIFeatures': false,
  'maas.knowledgeBases': [{ id: 7, name: 'Extension guide' }],
  'workbench.secondarySideBar.defaultVisibility': 'visible',
  'workbench.colorTheme': 'Default Dark Modern',
};

/** Saves screenshots to .test-results/<folder>/, or to docs/images/ with MAAS_SCREENSHOTS=1 (the README's). */
export function screenshots(folder: string): (page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }) => Promise<void> {
  const dir = process.env.MAAS_SCREENSHOTS === '1' ? path.join(repoRoot, 'docs', 'images') : path.join(repoRoot, '.test-results', folder);
  return async (page, name, clip) => {
    mkdirSync(dir, { recursive: true });
    await page.mouse.move(700, 880);
    // A hover the last click left (a button's tooltip) goes once the pointer has left it.
    await page
      .locator('.workbench-hover-container, .monaco-hover:not(.hidden)')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
    await page.screenshot({ path: path.join(dir, `${name}.png`), ...(clip ? { clip } : {}) });
  };
}
