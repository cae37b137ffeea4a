// A repository cannot redirect the keys, seen as a user sees it, with workspace trust on as VS Code ships it. The folder
// opened carries a .vscode/settings.json that points maas.baseUrl, maas.altBaseUrl and maas.consoleUrl at a listener
// on 127.0.0.1 and sets a persona of its own; the user's own settings point at the local service, and the key arrives
// through the demo's bootstrap file. In Restricted Mode the chat works against the user's address and settings; once
// the folder is trusted, the view says the persona is the workspace's, and the next question asks in a modal (origin,
// setting, folder) before anything is sent: Cancel sends nothing, Allow sends the request. Allowing the console page
// sends no key: the key is asked about all the same.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { CredentialListener, LISTENER_ANSWER } from '../harness/credentialListener';
import { CHAT_ROUTE, requestCount } from '../harness/requestLog';
import { repoRoot } from '../harness/tools';
import { strangersSettings } from '../harness/trustRun';
import { grantWorkspaceTrust } from '../harness/workspaceTrust';
import { ask, openChat, until, waitForStatus } from './chatView';
import { E2E_KEY, openServiceScenario, type ServiceScenario } from './serviceScenario';
import { runCommand } from './workbench';

const shots = path.join(repoRoot, '.test-results', 'trust');

describe('workspace trust and the addresses a folder names', () => {
  let scenario: ServiceScenario;
  let listener: CredentialListener;
  let folder = '';

  before(async () => {
    listener = await CredentialListener.start();
    folder = mkdtempSync(path.join(os.tmpdir(), 'maas-e2e-cloned-'));
    mkdirSync(path.join(folder, '.vscode'));
    writeFileSync(path.join(folder, '.vscode', 'settings.json'), JSON.stringify(strangersSettings(listener.url), null, 2));
    writeFileSync(path.join(folder, 'README.md'), '# A repository cloned from a stranger\n');
    mkdirSync(shots, { recursive: true });
    scenario = await openServiceScenario('trust', { folder, workspaceTrust: true, service: { paceMs: 5 } });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
    await listener?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const chatRequests = (): Promise<number> => requestCount(scenario.service.baseUrl, CHAT_ROUTE);
  const dialog = (): ReturnType<ServiceScenario['page']['locator']> => scenario.page.locator('.monaco-dialog-box');

  it('in Restricted Mode the MaaS view is there and answers from your own address; the listener hears nothing', async () => {
    const { page } = scenario;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
    const view = await openChat(page);
    const turn = await ask(view, 'Hello from a folder I have not trusted.');
    assert.equal(await waitForStatus(turn, ['done', 'error']), 'done');
    const answer = (await turn.locator('[data-testid="answer"]').textContent()) ?? '';
    assert.ok(answer.length > 0 && !answer.includes(LISTENER_ANSWER));
    assert.equal(await chatRequests(), 1);
    assert.equal(await view.locator('[data-testid="workspace-persona"]').isVisible(), false, "the folder's persona is not used");
    await turn.locator('[data-testid="read-aloud"]').click();
    await view.locator('[data-testid="player"]').waitFor({ state: 'visible', timeout: 30_000 });
    await view.locator('audio').first().waitFor({ state: 'attached', timeout: 30_000 });
    await view.locator('[data-testid="player-stop"]').click();
    assert.deepEqual(listener.heard, []);
    await page.screenshot({ path: path.join(shots, 'restricted-mode.png') });
  });

  it('once trusted, the next question asks first, naming the address, the setting and the folder; Cancel sends nothing', async () => {
    const { page } = scenario;
    await grantWorkspaceTrust(page);
    const view = await openChat(page);
    const persona = view.locator('[data-testid="workspace-persona"]');
    await persona.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await persona.textContent()) ?? '', /comes from this workspace's settings \(maas\.chat\.persona\)/);
    await page.screenshot({ path: path.join(shots, 'workspace-persona.png') });
    const turn = await ask(view, 'Where does my key go now?');
    await dialog().waitFor({ timeout: 30_000 });
    const text = (await dialog().textContent()) ?? '';
    assert.match(text, new RegExp(`Send your MaaS API key to ${listener.url.replace(/[.:/]/g, '\\$&')}\\?`));
    assert.match(text, /maas\.baseUrl/);
    assert.match(text, /maas-e2e-cloned-/);
    assert.deepEqual(listener.heard, [], 'nothing is sent while the question is open');
    await page.screenshot({ path: path.join(shots, 'question.png') });
    await dialog()
      .locator('.monaco-button', { hasText: /^Cancel$/ })
      .click();
    assert.equal(await waitForStatus(turn, ['done', 'error']), 'error');
    assert.match((await turn.locator('[data-testid="turn-error"]').textContent()) ?? '', /Nothing was sent to/);
    assert.deepEqual(listener.heard, [], 'nothing was sent after Cancel');
    await page.screenshot({ path: path.join(shots, 'cancelled.png') });
    // Read Aloud asks too, for the speech credentials; Cancel says why nothing is read.
    await view.locator('[data-testid="turn"]').first().locator('[data-testid="read-aloud"]').click();
    await dialog().waitFor({ timeout: 30_000 });
    assert.match((await dialog().textContent()) ?? '', /Send your MaaS speech appkey and token to/);
    await dialog()
      .locator('.monaco-button', { hasText: /^Cancel$/ })
      .click();
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'Nothing was sent to' }).waitFor({ timeout: 30_000 });
    assert.deepEqual(listener.heard, []);
  });

  it('allowing the console page sends no key: the next question asks for the key again, and Cancel sends nothing', async () => {
    const { page } = scenario;
    await runCommand(page, 'MaaS: Open Console');
    await dialog().waitFor({ timeout: 30_000 });
    const question = (await dialog().textContent()) ?? '';
    assert.match(question, new RegExp(`Open ${listener.url.replace(/[.:/]/g, '\\$&')} as the MaaS console\\?`));
    assert.match(question, /maas\.consoleUrl/);
    assert.match(question, /for opening the console only/);
    // The page opens only after Allow: the wait for it starts here, and allows for the workbench handing the loopback
    // address to its port forwarding first.
    const opened = page.context().waitForEvent('page', { timeout: 60_000 });
    await dialog()
      .locator('.monaco-button', { hasText: /^Allow$/ })
      .click();
    const consolePage = await opened;
    // code-server hands a loopback address out through its own port proxy (/proxy/<port>/…): either way, the listener's.
    const where = new URL(consolePage.url());
    const listenerPort = new URL(listener.url).port;
    assert.ok(where.origin === listener.url || where.pathname.startsWith(`/proxy/${listenerPort}/`), `the folder's console opened: ${where.href}`);
    await consolePage.close();

    const view = await openChat(page);
    const turn = await ask(view, 'Does allowing the console send my key?');
    await dialog().waitFor({ timeout: 30_000 });
    assert.match((await dialog().textContent()) ?? '', /Send your MaaS API key to/);
    await dialog()
      .locator('.monaco-button', { hasText: /^Cancel$/ })
      .click();
    assert.equal(await waitForStatus(turn, ['done', 'error']), 'error');
    assert.deepEqual(listener.credentials, [], 'no credential reached the listener');
  });

  it('Allow sends the request, with the key, to that address, and is remembered until revoked', async () => {
    const { page } = scenario;
    const view = await openChat(page);
    const turn = await ask(view, 'Then send it there.');
    await dialog().waitFor({ timeout: 30_000 });
    await dialog()
      .locator('.monaco-button', { hasText: /^Allow$/ })
      .click();
    assert.equal(await waitForStatus(turn, ['done', 'error']), 'done');
    assert.equal((await turn.locator('[data-testid="answer"]').textContent())?.trim(), LISTENER_ANSWER);
    assert.deepEqual(
      listener.credentials.map((r) => r.authorization),
      [`Bearer ${E2E_KEY}`],
    );
    const again = await ask(view, 'And again, without a question.');
    assert.equal(await waitForStatus(again, ['done', 'error']), 'done');
    assert.equal(await dialog().count(), 0);

    await runCommand(page, 'MaaS: Revoke Address Approvals');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: listener.url }).filter({ hasText: 'API key' });
    await row.waitFor({ timeout: 10_000 });
    await row.click();
    await page.locator('.quick-input-widget .quick-input-count', { hasText: '1 Selected' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'Revoked 1 approval' }).waitFor({ timeout: 10_000 });
    const third = await ask(view, 'After revoking, am I asked again?');
    await until(async () => (await dialog().count()) > 0, 30_000, 'the question to come back');
    await dialog()
      .locator('.monaco-button', { hasText: /^Cancel$/ })
      .click();
    assert.equal(await waitForStatus(third, ['done', 'error']), 'error');
    assert.equal(listener.credentials.length, 2);
  });
});
