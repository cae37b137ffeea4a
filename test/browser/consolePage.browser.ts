// The local service's console page (/console/) driven in Chromium as a person would, every form: list the API keys,
// create a personal key, disable, enable and delete it, and see a refused action's message; change the account;
// create and delete a knowledge base; create speech credentials. Every step is checked against
// the JSON API too, and the page must load nothing remote, run no inline script and log no error; axe finds no serious
// or critical accessibility violation in any of the states it goes through (axeCheck.ts). Each test starts from the
// service's seed and a freshly loaded page, and makes what it needs itself: the tests pass alone and in any order.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startLocalService, type LocalService } from '../../service/src/localService';
import { launchBrowser } from '../harness/browser';
import { CspViolations } from '../harness/cspViolations';
import { assertAccessible } from './axeCheck';

const DEFAULT_KEY = 'sk-test-console-page-0001';

interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly type: 'default' | 'personal';
  readonly enabled: boolean;
  readonly interfaces: readonly string[];
  readonly key: string;
}

describe('console page', () => {
  let service: LocalService;
  let browser: Browser;
  let page: Page;
  let csp: CspViolations;
  // What each test's page did; emptied before every test, checked after it.
  const problems: string[] = [];
  const dialogs: string[] = [];
  const failed: string[] = [];
  /** The failed responses the running test causes on purpose (a refused form), in order. */
  let refusals: string[] = [];
  let violationsBefore = 0;

  async function apiKeys(): Promise<ApiKey[]> {
    const response = await fetch(`${service.baseUrl}/console/api/keys`);
    assert.equal(response.status, 200);
    return ((await response.json()) as { keys: ApiKey[] }).keys;
  }

  /** A personal key made through the JSON API, then shown by reloading the page. */
  async function personalKey(name: string): Promise<void> {
    const response = await fetch(`${service.baseUrl}/console/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, interfaces: ['svc_llm'] }),
    });
    assert.equal(response.status, 201);
    await page.reload();
    await keyRow(name).waitFor();
  }

  const keyRow = (name: string) => page.locator('#keys tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
  const createForm = () => page.locator('#create-key');
  const status = () => page.getByRole('status');

  before(async () => {
    service = await startLocalService({ quiet: true, seed: { defaultKey: DEFAULT_KEY } });
    browser = await launchBrowser();
    const context = await browser.newContext();
    // Recorded in the test process, for the whole context: a violation survives the page's reloads.
    csp = await CspViolations.record(context);
    page = await context.newPage();
    const origin = new URL(service.consoleUrl).origin;
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) problems.push(`remote request: ${request.url()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
    });
    page.on('console', (message) => {
      // Chromium logs every 4xx answer as "Failed to load resource"; those are checked through `failed` instead.
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
      // Chromium logs every CSP refusal too; those are checked through the recorder (`csp`), which also leaves out the
      // marker violation it trips to know it has them all.
      if (/violates the following Content Security Policy directive/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
  });

  beforeEach(async () => {
    const reset = await fetch(`${service.baseUrl}/_local/reset?state=seed`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    assert.equal(reset.status, 200);
    problems.length = 0;
    dialogs.length = 0;
    failed.length = 0;
    refusals = [];
    violationsBefore = (await csp.list()).length;
    await page.goto(service.consoleUrl);
  });

  afterEach(async () => {
    // Every test: nothing remote loaded, no CSP violation, no error logged, no dialog, no inline script, and no
    // request refused but the ones the test caused (and the favicon Chromium asks for on its own, which the service
    // lacks).
    assert.deepEqual((await csp.list(page)).slice(violationsBefore), [], 'CSP violations');
    assert.deepEqual(problems, []);
    assert.deepEqual(
      failed.filter((f) => f !== 'GET /favicon.ico 404'),
      refusals,
    );
    assert.deepEqual(dialogs, []);
    assert.equal(await page.evaluate(() => [...document.scripts].filter((s) => !s.src).length), 0, 'inline scripts');
  });

  after(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('lists the keys, with the system default key and no actions on it', async () => {
    const row = keyRow('default');
    await row.waitFor();
    await assert.doesNotReject(row.getByText(DEFAULT_KEY, { exact: true }).waitFor());
    assert.deepEqual(await row.getByRole('cell').allTextContents(), ['default', 'default', 'svc_llm, svc_vl', 'enabled', DEFAULT_KEY, '']);
    assert.equal(await row.getByRole('button').count(), 0);
    const keys = await apiKeys();
    assert.deepEqual(
      keys.map((k) => [k.name, k.type, k.key]),
      [['default', 'default', DEFAULT_KEY]],
    );
    assert.equal(await page.locator('#keys tbody tr').count(), keys.length);
    await assertAccessible(page, 'console page, the keys listed');
  });

  it('creates a personal key with a name and interfaces, and lists it', async () => {
    const form = createForm();
    await form.getByLabel('Name').fill('ci bot');
    await form.getByLabel('svc_vl').check();
    assert.ok(await form.getByLabel('svc_llm').isChecked());
    await form.getByRole('button', { name: 'Create key' }).click();
    await assert.doesNotReject(status().filter({ hasText: 'Saved.' }).waitFor());
    const row = keyRow('ci bot');
    await row.waitFor();
    const created = (await apiKeys()).find((k) => k.name === 'ci bot');
    assert.ok(created);
    assert.equal(created.type, 'personal');
    assert.equal(created.enabled, true);
    assert.deepEqual([...created.interfaces].sort(), ['svc_llm', 'svc_vl']);
    assert.deepEqual(await row.getByRole('cell').allTextContents(), [
      'ci bot',
      'personal',
      created.interfaces.join(', '),
      'enabled',
      created.key,
      'DisableDelete',
    ]);
    await assertAccessible(page, 'console page, a personal key with its actions and the status saying Saved');
  });

  it('disables and enables a personal key', async () => {
    await personalKey('ci bot');
    const row = keyRow('ci bot');
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    await row.getByRole('cell', { name: 'disabled', exact: true }).waitFor();
    assert.equal((await apiKeys()).find((k) => k.name === 'ci bot')?.enabled, false);

    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByRole('button', { name: 'Disable' }).waitFor();
    await row.getByRole('cell', { name: 'enabled', exact: true }).waitFor();
    assert.equal((await apiKeys()).find((k) => k.name === 'ci bot')?.enabled, true);
  });

  it('deletes a personal key', async () => {
    await personalKey('ci bot');
    await keyRow('ci bot').getByRole('button', { name: 'Delete' }).click();
    await keyRow('ci bot').waitFor({ state: 'detached' });
    const keys = await apiKeys();
    assert.deepEqual(
      keys.map((k) => k.name),
      ['default'],
    );
    assert.equal(await page.locator('#keys tbody tr').count(), 1);
  });

  it("a refused creation shows the service's message and creates nothing", async () => {
    refusals = ['POST /console/api/keys 400', 'POST /console/api/keys 400'];
    const form = createForm();
    // A name of spaces passes the field's `required` but not the service's rule.
    await form.getByLabel('Name').fill('   ');
    await form.getByRole('button', { name: 'Create key' }).click();
    await assert.doesNotReject(status().filter({ hasText: 'name must not be empty' }).waitFor());

    // No interface ticked.
    await form.getByLabel('Name').fill('no models');
    await form.getByLabel('svc_llm').uncheck();
    await form.getByLabel('svc_vl').uncheck();
    await form.getByRole('button', { name: 'Create key' }).click();
    await assert.doesNotReject(status().filter({ hasText: 'interfaces must name at least one model' }).waitFor());
    await assertAccessible(page, "console page, the service's refusal in the status");

    // The field stops typing at 20 characters, so the 21st never reaches the service.
    await form.getByLabel('svc_llm').check();
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Name').pressSequentially('abcdefghijklmnopqrstu');
    assert.equal(await form.getByLabel('Name').inputValue(), 'abcdefghijklmnopqrst');
    assert.deepEqual(
      (await apiKeys()).map((k) => k.name),
      ['default'],
    );
  });

  it('a successful action after a refused one replaces the error message', async () => {
    refusals = ['POST /console/api/keys 400'];
    const form = createForm();
    await form.getByLabel('Name').fill('short lived');
    await form.getByRole('button', { name: 'Create key' }).click();
    await keyRow('short lived').waitFor();
    await form.getByLabel('Name').fill(' ');
    await form.getByRole('button', { name: 'Create key' }).click();
    await status().filter({ hasText: 'name must not be empty' }).waitFor();
    await keyRow('short lived').getByRole('button', { name: 'Delete' }).click();
    await keyRow('short lived').waitFor({ state: 'detached' });
    await assert.doesNotReject(
      status()
        .filter({ hasText: /^Done\.$/ })
        .waitFor({ timeout: 5000 }),
    );
    assert.deepEqual(
      (await apiKeys()).map((k) => k.name),
      ['default'],
    );
  });

  async function apiGet<T>(path: string): Promise<T> {
    const response = await fetch(`${service.baseUrl}/console/api${path}`);
    assert.equal(response.status, 200);
    return (await response.json()) as T;
  }

  async function chatStatus(): Promise<{ status: number; message?: string }> {
    const response = await fetch(`${service.baseUrl}/maas/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc_llm', stream: false, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await response.json()) as { error?: { message: string } };
    return { status: response.status, ...(body.error ? { message: body.error.message } : {}) };
  }

  const accountForm = () => page.locator('#account');

  it('shows the account and saves a change that the chat route obeys at once', async () => {
    const form = accountForm();
    await page.waitForFunction(() => (document.querySelector('#account input[name="balance"]') as HTMLInputElement | null)?.value !== '');
    assert.equal(await form.getByLabel('Real-name verified').isChecked(), true);
    assert.equal(await form.getByLabel('Balance').inputValue(), '100');
    await form.getByLabel('Real-name verified').uncheck();
    await form.getByLabel('Balance').fill('12.345');
    await form.getByLabel('svc_vl').uncheck();
    await form.getByRole('button', { name: 'Save account' }).click();
    await assert.doesNotReject(status().filter({ hasText: 'Saved.' }).waitFor());
    assert.deepEqual(await apiGet('/account'), { realNameVerified: false, balance: 12.345, models: ['svc_llm'] });
    assert.deepEqual(await chatStatus(), { status: 403, message: '请先完成实名认证' });

    await page.reload();
    await page.waitForFunction(() => (document.querySelector('#account input[name="balance"]') as HTMLInputElement | null)?.value === '12.345');
    assert.equal(await form.getByLabel('Real-name verified').isChecked(), false);
    assert.equal(await form.getByLabel('svc_vl').isChecked(), false);

    await form.getByLabel('Real-name verified').check();
    await form.getByLabel('Balance').fill('0');
    await form.getByRole('button', { name: 'Save account' }).click();
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Saved.');
    assert.deepEqual(await chatStatus(), { status: 403, message: '余额不足,请及时充值' });
  });

  it('an empty balance is not saved as 0', async () => {
    const form = accountForm();
    await form.getByLabel('Balance').fill('50');
    await form.getByLabel('svc_vl').check();
    await form.getByRole('button', { name: 'Save account' }).click();
    await page.waitForFunction(async () => {
      const response = await fetch('/console/api/account');
      return ((await response.json()) as { balance: number }).balance === 50;
    });
    await form.getByLabel('Balance').fill('');
    await form.getByRole('button', { name: 'Save account' }).click();
    assert.equal(await form.getByLabel('Balance').evaluate((input) => (input as HTMLInputElement).validity.valueMissing), true);
    assert.deepEqual(await apiGet('/account'), { realNameVerified: true, balance: 50, models: ['svc_llm', 'svc_vl'] });
    assert.equal((await chatStatus()).status, 200);
  });

  const kbItem = (name: string) => page.locator('#knowledge-bases li').filter({ hasText: name });

  it('creates a knowledge base that retrieval answers from, then deletes it', async () => {
    const form = page.locator('#create-kb');
    await form.getByLabel('Name').fill('Warranty notes');
    await form.getByLabel('Document title').fill('Warranty');
    await form.getByLabel('Document text').fill('The warranty covers three years of free repairs.');
    await form.getByRole('button', { name: 'Create knowledge base' }).click();
    await kbItem('Warranty notes').waitFor();
    await assertAccessible(page, 'console page, a knowledge base listed');
    const { knowledgeBases } = await apiGet<{ knowledgeBases: { id: number; name: string; documents: { title: string; text: string }[] }[] }>(
      '/knowledge-bases',
    );
    const created = knowledgeBases.find((kb) => kb.name === 'Warranty notes');
    assert.ok(created);
    assert.deepEqual(created.documents, [{ title: 'Warranty', text: 'The warranty covers three years of free repairs.' }]);
    assert.equal((await kbItem('Warranty notes').textContent())?.replace('Delete', '').trim(), `#${created.id} Warranty notes (1 document)`);

    const response = await fetch(`${service.baseUrl}/maas/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'svc_llm',
        stream: false,
        messages: [{ role: 'user', content: 'How long is the warranty?' }],
        tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [created.id], chat_mode: 2 } }],
      }),
    });
    assert.match(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content ?? '', /three years of free repairs/);

    await kbItem('Warranty notes').getByRole('button', { name: 'Delete' }).click();
    await kbItem('Warranty notes').waitFor({ state: 'detached' });
    assert.deepEqual((await apiGet<{ knowledgeBases: unknown[] }>('/knowledge-bases')).knowledgeBases, []);
  });

  const credentialItems = () => page.locator('#speech-credentials li');

  it('creates speech credentials, generated or given, and shows a refused duplicate', async () => {
    refusals = ['POST /console/api/speech-credentials 409'];
    const form = page.locator('#create-credential');
    await form.getByRole('button', { name: 'Create appkey/token pair' }).click();
    await credentialItems().first().waitFor();
    let { credentials } = await apiGet<{ credentials: { appkey: string; token: string }[] }>('/speech-credentials');
    assert.equal(credentials.length, 1);
    const generated = credentials[0];
    assert.ok(generated);
    assert.equal(await credentialItems().first().textContent(), `appkey ${generated.appkey} / token ${generated.token}`);

    await form.getByLabel('Appkey').fill('my-app');
    await form.getByLabel('Token').fill('my-token');
    await form.getByRole('button', { name: 'Create appkey/token pair' }).click();
    await credentialItems().filter({ hasText: 'appkey my-app / token my-token' }).waitFor();
    ({ credentials } = await apiGet<{ credentials: { appkey: string; token: string }[] }>('/speech-credentials'));
    assert.deepEqual(credentials.at(-1), { appkey: 'my-app', token: 'my-token' });
    const speakers = await fetch(`${service.baseUrl}/maas/v2/api/tts-long-query?appkey=my-app&token=my-token&task_id=none`);
    assert.equal(((await speakers.json()) as { code: number }).code, 40400, 'the pair authenticates (unknown task, not bad credentials)');

    await form.getByRole('button', { name: 'Create appkey/token pair' }).click();
    await assert.doesNotReject(status().filter({ hasText: 'appkey my-app already exists' }).waitFor());
    assert.equal((await apiGet<{ credentials: unknown[] }>('/speech-credentials')).credentials.length, 2);
    await assertAccessible(page, 'console page, speech credentials listed');
  });
});
