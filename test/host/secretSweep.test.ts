// Every secret a user can put in a setting or in secret storage (the proxy password in http.proxy, written with and
// without a scheme, the http.proxyAuthorization value, the API key, the speech appkey and token) is given a value of
// its own, then every surface fails with it in place: the chat, Read Aloud, Test Connection and VS Code's chat,
// against a proxy address that does not parse, a proxy that refuses the credentials (the service addressed by a name
// only the proxy resolves: this computer's own addresses never go through a proxy), and a service that refuses the
// keys. None of the values may then be found in the log, the messages posted to the chat view, the notifications, the
// history files, the exported conversation or the Test Connection report.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { ForwardProxy, proxiedAddress } from '../harness/forwardProxy';
import { restoreSetting, restoreSettings, setHttpSetting, setSetting } from '../harness/hostSettings';
import { waitFor } from '../harness/waitFor';
import { freshPrompter, signIn } from './featureHelpers';
import { askChat, chatState, finished, hook, recordView, service } from './hostService';

const PROXY_PASSWORD = 'Pr0xyPass-7731';
const AUTHORIZATION_PASSWORD = 'AuthPass-5519';
const AUTHORIZATION = `Basic ${Buffer.from(`alice:${AUTHORIZATION_PASSWORD}`).toString('base64')}`;
const API_KEY = 'sk-sweep-key-0123456789abcdef';
const SPEECH = { appkey: 'app-sweep-4471', token: 'token-sweep-0123456789' };
/** What must appear nowhere. */
const SECRETS = [PROXY_PASSWORD, AUTHORIZATION_PASSWORD, AUTHORIZATION.slice('Basic '.length), API_KEY, SPEECH.appkey, SPEECH.token];

interface Report {
  readonly results: readonly { outcome: string; detail: string }[];
  readonly markdown: string;
}

/** Every file under `folder`, as text. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [readFileSync(file, 'utf8')];
  });
}

/**
 * Runs every surface once with the settings in place (a new conversation, a question, Read Aloud, Test Connection,
 * VS Code's chat, the export), waits until the history files hold the turn and the log the failed request (`logged`),
 * then returns each secret found and where.
 */
/** A folder of this file's own for the text Read Aloud reads. */
let folder = '';

async function secretsShown(question: string, logged: RegExp): Promise<string[]> {
  const h = await hook();
  const prompter = await freshPrompter();
  const logFile = path.join(h.logFolder, 'MaaS Assistant.log');
  const log = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const record = recordView(h);
  try {
    await vscode.commands.executeCommand(CommandId.newConversation);
    const turnId = await askChat(h, question);
    const turn = await finished(h, turnId);
    assert.equal(turn.status, 'error', JSON.stringify(turn));
    const conversationId = (await chatState(h)).activeId ?? '';
    const readAloudContent = 'A sentence to read aloud.';
    // The text to read is a file, not an untitled document: the export's untitled document can take the name of one
    // closed just before and reach the extension host with that one's text.
    const readAloudFile = path.join(folder, 'read-aloud.md');
    writeFileSync(readAloudFile, readAloudContent);
    const readAloudEditor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(readAloudFile));
    readAloudEditor.selection = new vscode.Selection(new vscode.Position(0, 0), readAloudEditor.document.lineAt(0).range.end);
    await vscode.commands.executeCommand(CommandId.readAloud);
    const report = await vscode.commands.executeCommand<Report>(CommandId.testConnection);
    const thrown: string[] = [];
    const [model] = await vscode.lm.selectChatModels({ vendor: 'maas', id: 'svc_llm' });
    assert.ok(model, "VS Code's chat lists the model");
    try {
      for await (const part of (await model.sendRequest([vscode.LanguageModelChatMessage.User('Sweep?')])).text) thrown.push(part);
    } catch (error) {
      thrown.push(error instanceof Error ? error.message : String(error));
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The export opens a new Markdown document: it is found by what it holds (the export's "*Exported … · model …*"
    // line and the question) among the host's documents, not by which editor is active.
    const isExport = (d: vscode.TextDocument): boolean =>
      !d.isClosed && d.languageId === 'markdown' && /^\*Exported /m.test(d.getText()) && d.getText().includes(question);
    await h.chat.fromView({ type: 'exportConversation', conversationId });
    const exported = await waitFor(() => vscode.workspace.textDocuments.find(isExport)?.getText(), {
      what: "the export's document",
      timeoutMs: 30_000,
    }).catch(async (error: unknown) => {
      const documents = vscode.workspace.textDocuments.map((d) => `${d.uri.toString()} (${d.languageId}): ${d.getText().slice(0, 80)}`);
      const found = (await h.chat.session.conversation(conversationId)) !== undefined;
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; conversation "${conversationId}" ${found ? 'found' : 'not found'}; the host's documents: ${documents.join(' | ')}`,
      );
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const history = (): string => filesUnder(h.chat.storePath).join('\n');
    await waitFor(() => history().includes(turnId), { what: 'the turn in the history files', timeoutMs: 30_000 });
    await waitFor(() => logged.test(log()), { what: `${String(logged)} in the log`, timeoutMs: 30_000 });
    assert.ok(prompter.messages.length > 0, 'Read Aloud told of its failure');
    const surfaces: Record<string, string> = {
      log: log(),
      'the chat view': JSON.stringify(record.messages),
      notifications: JSON.stringify([prompter.messages, prompter.modals]),
      'the history files': history(),
      'the export': exported,
      'the Test Connection report': [report.markdown, ...report.results.map((r) => r.detail)].join('\n'),
      "VS Code's chat": thrown.join('\n'),
    };
    return Object.entries(surfaces).flatMap(([surface, text]) =>
      SECRETS.filter((secret) => text.includes(secret)).map(
        (secret) => `${secret} in ${surface}: …${text.slice(Math.max(0, text.indexOf(secret) - 160), text.indexOf(secret) + 40)}…`,
      ),
    );
  } finally {
    record.dispose();
  }
}

describe('no secret written into a setting or secret storage is shown, logged, stored or reported', function () {
  // Each test runs every surface of the extension once.
  this.timeout(120_000);
  let proxy: ForwardProxy;
  let proxyPort = '';

  before(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'maas-host-sweep-'));
    proxy = new ForwardProxy({ credentials: { user: 'alice', password: 'the-right-password' } });
    proxyPort = new URL(await proxy.listen()).port;
    const h = await hook();
    h.speech.attachPlayer({
      play: async (segments) => {
        for await (const segment of segments) void segment;
      },
      stop: () => undefined,
    });
    await h.apiKey.set(API_KEY);
    await h.speech.setCredentials(SPEECH);
    await vscode.commands.executeCommand(CommandId.openChat); // a view must be open to be told anything
  });

  beforeEach(async () => {
    proxy.clear();
    await setHttpSetting('proxy', undefined);
    await setHttpSetting('proxyAuthorization', undefined);
    await restoreSetting('baseUrl');
  });

  after(async () => {
    const h = await hook();
    h.setPrompter(undefined);
    h.speech.attachPlayer(undefined);
    await restoreSettings();
    await signIn();
    await proxy.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(folder, { recursive: true, force: true });
  });

  it('an http.proxy written without a scheme (user:password@host:port), with http.proxyAuthorization set', async () => {
    await setHttpSetting('proxy', `alice:${PROXY_PASSWORD}@proxy.corp.test:3128`);
    await setHttpSetting('proxyAuthorization', AUTHORIZATION);
    assert.deepEqual(await secretsShown('Sweep: a proxy value without a scheme', /→ invalidProxy/), []);
  });

  it('a proxy that refuses the password in its address', async () => {
    await setSetting('baseUrl', proxiedAddress(service.baseUrl));
    await setHttpSetting('proxy', `http://alice:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${proxyPort}`);
    assert.deepEqual(await secretsShown('Sweep: a refused proxy password', /→ proxyAuth/), []);
    assert.ok(proxy.refused.length > 0, 'the proxy refused the password');
  });

  it('a proxy that refuses the http.proxyAuthorization value', async () => {
    await setSetting('baseUrl', proxiedAddress(service.baseUrl));
    await setHttpSetting('proxy', `http://127.0.0.1:${proxyPort}`);
    await setHttpSetting('proxyAuthorization', AUTHORIZATION);
    assert.deepEqual(await secretsShown('Sweep: a refused Proxy-Authorization', /→ proxyAuth/), []);
    assert.ok(
      proxy.refused.some((r) => r.authorization === AUTHORIZATION),
      'the proxy was given the value, and refused it',
    );
  });

  it('a service that refuses the API key and the speech credentials', async () => {
    assert.deepEqual(await secretsShown('Sweep: refused keys', /→ 401/), []);
  });
});
