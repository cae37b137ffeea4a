// A company's network inside a real extension host: the local service behind an HTTPS front whose certificate comes
// from a root the extension host knows only as its system store (SSL_CERT_FILE, test/harness/hostSuite.ts), reached
// through a CONNECT proxy that asks for Basic credentials and knows the front by a name only it resolves. The chat, a
// knowledge-base question, Read Aloud, Test Connection and VS Code's chat go through both; a front with an unknown
// root, a wrong proxy password, this computer's own address, a no-proxy host and a workspace's network settings each
// do what a user would expect.
// The tests start and stop the front and the proxy themselves, on 127.0.0.1.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Turn } from '../../src/core/conversations/conversationModel';
import type { SpeechSegment } from '../../src/core/speech/pipelinedSynthesizer';
import { CommandId } from '../../src/vscode/commandIds';
import { presentError } from '../../src/vscode/errors/errorMessages';
import { ForwardProxy } from '../harness/forwardProxy';
import { restoreSettings, setHttpSetting, setSetting } from '../harness/hostSettings';
import { HttpsFront } from '../harness/httpsFront';
import { readCompanyRoot, TestAuthority } from '../harness/testCertificates';
import { waitFor } from '../harness/waitFor';
import { editorWith, freshPrompter, isRiffWave, scriptStrictKnowledgeBase, signIn } from './featureHelpers';
import { askChat, finished, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';

const HOST = 'maas.corp.test';
const USER = 'maas-user';
const PASSWORD = 'p@ss:word/1';

interface Report {
  readonly results: readonly { name: string; outcome: string; detail: string }[];
  readonly markdown: string;
}

interface Network {
  readonly baseUrl: string;
  readonly proxy?: string;
  readonly proxyAuthorization?: string;
  readonly noProxy?: readonly string[];
}

/** Sets the user's service address and network settings (those not named are removed), then waits until they apply. */
async function useNetwork(network: Network): Promise<void> {
  await setSetting('baseUrl', network.baseUrl);
  await setHttpSetting('proxy', network.proxy);
  await setHttpSetting('proxyAuthorization', network.proxyAuthorization);
  await setHttpSetting('noProxy', network.noProxy);
  await waitFor(() => vscode.workspace.getConfiguration('maas').get('baseUrl') === network.baseUrl, { what: 'the address to apply', timeoutMs: 5000 });
}

async function ask(question: string): Promise<Turn> {
  const h = await hook();
  return finished(h, await askChat(h, question));
}

async function askKnowledgeBase(prompter: ScriptedPrompter): Promise<Turn> {
  await editorWith('Where is the API key kept by the Set API Key command?', 'all');
  scriptStrictKnowledgeBase(prompter, 3);
  const turnId = await vscode.commands.executeCommand<string>(CommandId.askKnowledgeBase);
  assert.ok(turnId, `a knowledge-base turn started; messages: ${JSON.stringify(prompter.messages)}`);
  return finished(await hook(), turnId);
}

async function readAloud(): Promise<{ result: { sentences: number } | undefined; segments: SpeechSegment[] }> {
  const segments: SpeechSegment[] = [];
  (await hook()).speech.attachPlayer({
    play: async (iterable) => {
      for await (const segment of iterable) segments.push(segment);
    },
    stop: () => undefined,
  });
  await editorWith('The first sentence is read. The second one follows.', 'all');
  const result = await vscode.commands.executeCommand<{ sentences: number } | undefined>(CommandId.readAloud);
  return { result, segments };
}

async function testConnection(): Promise<Report> {
  const report = await vscode.commands.executeCommand<Report>(CommandId.testConnection);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return report;
}

/** VS Code's own chat: the model through vscode.lm, as any extension (and the Chat view) uses it. */
async function lmAnswer(): Promise<string> {
  const llm = await waitFor(async () => (await vscode.lm.selectChatModels({ vendor: 'maas', id: 'svc_llm' }))[0], {
    what: 'the svc_llm model',
    timeoutMs: 10_000,
  });
  let text = '';
  for await (const part of (await llm.sendRequest([vscode.LanguageModelChatMessage.User('Hello?')])).text) text += part;
  return text;
}

/** What the chat view shows for a turn's error: its title and explanation. */
function shown(turn: Turn): string {
  assert.ok(turn.error, `turn ${turn.id} has an error`);
  const presentation = presentError(turn.error, vscode.l10n);
  return `${presentation.title}: ${presentation.detail}`;
}

describe('a company network: a proxy that asks for credentials, TLS from a root in the system store', () => {
  let proxy: ForwardProxy;
  let front: HttpsFront;
  let stranger: HttpsFront;
  let expired: HttpsFront;
  let otherName: HttpsFront;
  let proxyUrl = '';
  let frontPort = 0;
  let strangerPort = 0;
  let expiredPort = 0;
  let otherNamePort = 0;
  let prompter: ScriptedPrompter;
  const servicePath = new URL(service.baseUrl).pathname.replace(/\/$/, '');
  const address = (port: number, host = HOST): string => `https://${host}:${port}${servicePath}`;
  const proxyWith = (user: string, password: string): string => {
    const url = new URL(proxyUrl);
    url.username = encodeURIComponent(user);
    url.password = encodeURIComponent(password);
    return url.href;
  };

  before(async () => {
    const rootDir = process.env.MAAS_HOST_TEST_ROOT;
    assert.ok(rootDir, 'the harness hands over the company root (MAAS_HOST_TEST_ROOT)');
    const origin = new URL(service.baseUrl).origin;
    const root = readCompanyRoot(rootDir);
    front = new HttpsFront(root.issue({ commonName: HOST, hosts: [HOST, 'localhost', '127.0.0.1'] }), origin);
    expired = new HttpsFront(root.issue({ commonName: HOST, hosts: [HOST], validDays: -3 }), origin);
    otherName = new HttpsFront(root.issue({ commonName: 'elsewhere.corp.test', hosts: ['elsewhere.corp.test'] }), origin);
    stranger = new HttpsFront(TestAuthority.create('Unknown Inspection Root').issue({ commonName: HOST, hosts: [HOST, 'localhost'] }), origin);
    frontPort = await front.listen();
    strangerPort = await stranger.listen();
    expiredPort = await expired.listen();
    otherNamePort = await otherName.listen();
    proxy = new ForwardProxy({ credentials: { user: USER, password: PASSWORD }, hosts: { [HOST]: '127.0.0.1' } });
    proxyUrl = await proxy.listen();
    await signIn();
    await setSetting('altBaseUrl', '');
    await setSetting('knowledgeBases', [{ id: 3, name: 'Host guide' }]);
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    proxy.clear();
    for (const each of [front, stranger, expired, otherName]) each.served.length = 0;
  });

  afterEach(async () => {
    (await hook()).speech.attachPlayer(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    (await hook()).setPrompter(undefined);
    await restoreSettings();
    await Promise.all([proxy.close(), front.close(), stranger.close(), expired.close(), otherName.close()]);
  });

  it('chat, a knowledge-base question, Read Aloud, Test Connection and VS Code’s chat pass through the proxy (credentials in http.proxy) and the front', async () => {
    await useNetwork({ baseUrl: address(frontPort), proxy: proxyWith(USER, PASSWORD) });
    const chat = await ask('What is a moving average?');
    assert.equal(chat.status, 'done', JSON.stringify(chat.error));
    const knowledge = await askKnowledgeBase(prompter);
    assert.equal(knowledge.status, 'done', JSON.stringify(knowledge.error));
    assert.match(knowledge.answer, /\^\[\d+\]\^/, 'answered from the knowledge base, with a citation mark');
    const spoken = await readAloud();
    assert.ok(spoken.result !== undefined && spoken.result.sentences > 0, JSON.stringify(prompter.messages));
    assert.ok(spoken.segments.length > 0 && spoken.segments.every((s) => isRiffWave(s.audio)), 'the player got WAV audio');
    const report = await testConnection();
    assert.deepEqual(
      report.results.map((r) => r.outcome),
      ['pass', 'skip', 'pass', 'pass', 'pass', 'pass'],
      report.markdown,
    );
    assert.ok(report.markdown.includes(`- Proxy: ${new URL(proxyUrl).origin}; credentials set (not shown)\n`), report.markdown);
    assert.match(report.markdown, /- Certificates: checked against Node's roots and the system's certificate store/);
    assert.ok(!report.markdown.includes(encodeURIComponent(PASSWORD)), 'the proxy password is not in the report');
    assert.ok((await lmAnswer()).length > 0, "VS Code's chat gets an answer");
    assert.ok(proxy.seen.length > 0 && proxy.seen.every((line) => line === `CONNECT ${HOST}:${frontPort}`), JSON.stringify(proxy.seen));
    assert.deepEqual(proxy.refused, []);
    for (const route of ['POST /maas/v1/chat/completions', 'POST /maas/v2/api/tts']) {
      assert.ok(
        front.served.some((line) => line.startsWith(route)),
        `${route} went through the front: ${JSON.stringify(front.served)}`,
      );
    }
  });

  it('http.proxyAuthorization gives the proxy its credentials, from the moment it is set', async () => {
    await useNetwork({ baseUrl: address(frontPort), proxy: proxyUrl });
    const refused = await ask('Through a proxy without credentials?');
    assert.equal(refused.error?.kind, 'proxyAuth', JSON.stringify(refused.error));
    await setHttpSetting('proxyAuthorization', `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    const answered = await ask('Through a proxy with the Proxy-Authorization value?');
    assert.equal(answered.status, 'done', JSON.stringify(answered.error));
    assert.ok(proxy.seen.includes(`CONNECT ${HOST}:${frontPort}`), JSON.stringify(proxy.seen));
  });

  it('without the root in the system store, every surface names the refused certificate and the system store, and nothing reaches the service', async () => {
    await useNetwork({ baseUrl: address(strangerPort), proxy: proxyWith(USER, PASSWORD) });
    const chat = await ask('Over inspected TLS?');
    assert.equal(chat.status, 'error');
    assert.equal(chat.error?.kind, 'certificate');
    assert.equal(chat.error?.certificate?.reason, 'untrusted');
    assert.equal(chat.error?.certificate?.host, `${HOST}:${strangerPort}`);
    assert.match(chat.error?.certificate?.issuer ?? '', /CN=Unknown Inspection Root/, 'the issuer was read from the refused certificate');
    const words = shown(chat);
    assert.match(words, new RegExp(`The certificate of ${HOST}:${strangerPort} is not trusted`));
    assert.match(words, /issued to CN=maas\.corp\.test by CN=Unknown Inspection Root/);
    assert.match(words, /system's certificate store/);
    assert.match(words, /http\.systemCertificates/);
    assert.doesNotMatch(words, /proxyStrictSSL|rejectUnauthorized|NODE_TLS/, 'never a way to turn verification off');
    assert.equal((await askKnowledgeBase(prompter)).error?.kind, 'certificate');
    const spoken = await readAloud();
    assert.equal(spoken.result, undefined);
    const message = prompter.messages.find((m) => m.level === 'error')?.text ?? '';
    assert.match(message, /is not trusted/, JSON.stringify(prompter.messages));
    assert.match(message, /http\.systemCertificates/);
    const report = await testConnection();
    const reachable = report.results[0];
    assert.equal(reachable?.outcome, 'fail', report.markdown);
    assert.match(reachable?.detail ?? '', /is not trusted[^]*Unknown Inspection Root[^]*http\.systemCertificates/);
    await assert.rejects(lmAnswer(), (error: Error) => /is not trusted/.test(error.message) && /http\.systemCertificates/.test(error.message));
    assert.deepEqual(stranger.served, [], 'no request reached the service');
  });

  it('a certificate from the trusted root that has expired, or that is for another name, says so', async () => {
    await useNetwork({ baseUrl: address(expiredPort), proxy: proxyWith(USER, PASSWORD) });
    const old = await ask('To an expired certificate?');
    assert.deepEqual([old.error?.kind, old.error?.certificate?.reason], ['certificate', 'expired'], JSON.stringify(old.error));
    assert.match(shown(old), new RegExp(`The certificate of ${HOST}:${expiredPort} has expired[^]*date and time`));
    await setSetting('baseUrl', address(otherNamePort));
    const misnamed = await ask('To a certificate for another name?');
    assert.deepEqual([misnamed.error?.kind, misnamed.error?.certificate?.reason], ['certificate', 'hostMismatch'], JSON.stringify(misnamed.error));
    assert.match(shown(misnamed), /valid for DNS:elsewhere\.corp\.test[^]*maas\.baseUrl/);
    assert.deepEqual([expired.served, otherName.served], [[], []], 'no request reached the service');
  });

  it('a wrong proxy password gives the 407 message naming http.proxy, and is not retried', async () => {
    await useNetwork({ baseUrl: address(frontPort), proxy: proxyWith(USER, 'not-the-password') });
    const chat = await ask('With a wrong proxy password?');
    assert.equal(chat.error?.kind, 'proxyAuth');
    assert.deepEqual(chat.error?.proxy, { address: new URL(proxyUrl).origin, credentials: 'url', from: 'setting' });
    const words = shown(chat);
    assert.match(words, /The proxy refused your credentials/);
    assert.match(words, /407[^]*http\.proxy\b/);
    assert.equal(proxy.refused.length, 1, 'a refused password is not retried');
    await readAloud();
    assert.match(prompter.messages.find((m) => m.level === 'error')?.text ?? '', /The proxy refused your credentials/, JSON.stringify(prompter.messages));
    const report = await testConnection();
    assert.match(report.results[0]?.detail ?? '', /407/, report.markdown);
    const everything = [JSON.stringify(chat), ...prompter.messages.map((m) => m.text), report.markdown].join('\n');
    assert.ok(!everything.includes('not-the-password'), 'the password is shown nowhere');
    assert.deepEqual(front.served, [], 'nothing passed the proxy');
  });

  it('this computer is reached directly with the proxy set, as a host in http.noProxy is; without the entry it goes through the proxy', async () => {
    await useNetwork({ baseUrl: address(frontPort, 'localhost'), proxy: proxyWith(USER, PASSWORD) });
    const local = await ask('Straight to the service on this computer?');
    assert.equal(local.status, 'done', JSON.stringify(local.error));
    assert.deepEqual([proxy.seen, proxy.refused], [[], []], 'the proxy saw nothing');
    assert.ok(front.served.includes('POST /maas/v1/chat/completions'), JSON.stringify(front.served));
    await useNetwork({ baseUrl: address(frontPort), proxy: proxyWith(USER, PASSWORD), noProxy: [HOST] });
    // maas.corp.test resolves only at the proxy: sent direct, it cannot be reached, which shows it was not proxied.
    const direct = await ask('Straight to maas.corp.test?');
    assert.equal(direct.error?.kind, 'network', JSON.stringify(direct.error));
    assert.deepEqual([proxy.seen, proxy.refused], [[], []], 'the proxy saw nothing');
    await setHttpSetting('noProxy', []);
    const proxied = await ask('And now through the proxy?');
    assert.equal(proxied.status, 'done', JSON.stringify(proxied.error));
    assert.ok(proxy.seen.includes(`CONNECT ${HOST}:${frontPort}`), JSON.stringify(proxy.seen));
  });

  it("a repository's proxy, strictSSL and system-certificates settings are ignored; the user's are used", async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs on a folder');
    const settingsFile = path.join(folder.uri.fsPath, '.vscode', 'settings.json');
    const original = readFileSync(settingsFile);
    const marker = (): unknown => vscode.workspace.getConfiguration('editor', folder).inspect('tabSize')?.workspaceValue;
    try {
      await useNetwork({ baseUrl: address(frontPort, 'localhost') });
      // As a cloned repository ships them (VS Code's API refuses to write these settings into a workspace); the
      // tab size only shows when VS Code has read the file.
      const shipped = {
        'http.proxy': proxyWith(USER, 'workspace-guess'),
        'http.proxyStrictSSL': false,
        'http.systemCertificates': false,
        'http.noProxy': [],
        'editor.tabSize': 7,
      };
      writeFileSync(settingsFile, JSON.stringify(shipped, null, 2));
      await waitFor(() => marker() === 7, { what: "VS Code to read the workspace's settings", timeoutMs: 10_000 });
      const trusted = await ask('Does the company root still count?');
      assert.equal(trusted.status, 'done', JSON.stringify(trusted.error));
      await setSetting('baseUrl', address(strangerPort, 'localhost'));
      const refused = await ask('Is an unknown root still refused?');
      assert.equal(refused.error?.kind, 'certificate', JSON.stringify(refused.error));
      // maas.corp.test resolves only at the proxy, which would refuse the workspace's password.
      await setSetting('baseUrl', address(frontPort));
      const named = await ask('Does the workspace’s proxy carry anything?');
      assert.equal(named.error?.kind, 'network', JSON.stringify(named.error));
      assert.deepEqual([proxy.seen, proxy.refused], [[], []], "the workspace's proxy got nothing");
    } finally {
      writeFileSync(settingsFile, original);
      await waitFor(() => marker() === undefined, { what: "the workspace's settings restored", timeoutMs: 10_000 });
    }
  });
});
