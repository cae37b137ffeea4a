// Where the credentials go, with workspace trust on as users have it. The folder of this run (test/harness/hostSuite.ts,
// runTrustSuite) ships a .vscode/settings.json that points maas.baseUrl, maas.altBaseUrl and maas.consoleUrl at a
// listener on 127.0.0.1, a stranger's server, and sets a persona, a model and a knowledge base of its own; the user's
// own settings point at the local service. The folder opens in Restricted Mode: everything works against the user's
// address and settings, and the listener hears nothing. Then the suite asks the runner to trust the folder (as a user
// does, through the workbench): from then on nothing carrying a credential reaches the listener before the user allows
// it for that credential, nothing after Cancel, and the request after Allow does; the view says whose persona is used.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SpeechSegment } from '../../src/core/speech/pipelinedSynthesizer';
import type { MaasTestHook } from '../../src/vscode/activation/testHook';
import { CommandId } from '../../src/vscode/commandIds';
import { LISTENER_ANSWER, type HeardRequest } from '../harness/credentialListener';
import { requestCount } from '../harness/requestLog';
import { lastChatRequest } from '../harness/requestLog';
import { STRANGER_KNOWLEDGE_BASE, STRANGER_MODEL, STRANGER_PERSONA, TRUST_REQUEST } from '../harness/trustRun';
import { restoreSetting, setSetting } from '../harness/hostSettings';
import { editorWith, freshPrompter, recordingChatStream, signIn } from './featureHelpers';
import { api, askChat, finished, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';
import { snapshotWhere } from './viewSnapshots';

const listener = process.env.MAAS_HOST_TEST_LISTENER ?? '';
const CHAT_ROUTE = '/maas/v1/chat/completions';

/**
 * What the listener heard, but for the browser loading a page: a console page that a test opens in the browser asks
 * the listener for it (and its icon) without credentials whenever the browser gets to it, which can be during a later
 * test. Every request carrying a credential, and every request to the service's API, is kept.
 */
async function heard(): Promise<HeardRequest[]> {
  const all = (await (await fetch(`${listener}/_heard`)).json()) as HeardRequest[];
  return all.filter((r) => r.credential || r.method !== 'GET' || r.path.startsWith('/maas/'));
}

async function forgetHeard(): Promise<void> {
  await fetch(`${listener}/_heard`, { method: 'DELETE' });
}

async function localChatRequests(): Promise<number> {
  return requestCount(service.baseUrl, CHAT_ROUTE);
}

/** Points the folder's own maas.baseUrl elsewhere (the folder is trusted by then), until `restore` puts it back. */
async function folderBaseUrl(value: string): Promise<{ restore(): Promise<void> }> {
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('maas');
  const before = settings().inspect('baseUrl')?.workspaceValue;
  const set = async (next: unknown): Promise<void> => {
    await settings().update('baseUrl', next, vscode.ConfigurationTarget.Workspace);
    await waitFor(() => settings().get('baseUrl') === next, { what: `maas.baseUrl to read ${String(next)}` });
  };
  await set(value);
  return { restore: () => set(before) };
}

/** A promise the test settles: the answer to a modal, given while the request waits for it. */
function deferred<T>(): { readonly promise: Promise<T>; resolve(value: T): void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function llm(): Promise<vscode.LanguageModelChat> {
  return waitFor(async () => (await vscode.lm.selectChatModels({ vendor: 'maas', id: 'svc_llm' }))[0], { what: 'the svc_llm model', timeoutMs: 20_000 });
}

async function ask(model: vscode.LanguageModelChat, question: string): Promise<string> {
  const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(question)]);
  let text = '';
  for await (const part of response.text) text += part;
  return text;
}

/** @maas asked a plain question: the Markdown it showed and the buttons it offered. */
async function askParticipant(h: MaasTestHook, prompt: string): Promise<{ markdown: string; buttons: string[] }> {
  const handler = h.participantHandler();
  assert.ok(handler, '@maas is registered');
  const { stream, pieces, buttons } = recordingChatStream();
  const request = { prompt, references: [], toolReferences: [], model: await llm() } as unknown as vscode.ChatRequest;
  await handler(request, { history: [] }, stream, new vscode.CancellationTokenSource().token);
  return { markdown: pieces.join(''), buttons };
}

const WORKSPACE_PERSONA_NOTICE = "This conversation's persona (its system prompt) comes from this workspace's settings (maas.chat.persona), not yours.";

/** The user turns on the question before the knowledge-base tool runs; the folder's settings.json turns it off. */
async function toolAsksFirst(h: MaasTestHook): Promise<vscode.LanguageModelToolConfirmationMessages | undefined> {
  await setSetting('knowledge.confirmToolUse', true);
  try {
    const question = { question: 'Where is the API key kept?' };
    await waitFor(() => h.prepareKnowledgeTool(question).confirmationMessages, { what: "the tool to ask first, as the user's setting says" }).catch(
      () => undefined,
    );
    return h.prepareKnowledgeTool(question).confirmationMessages;
  } finally {
    await restoreSetting('knowledge.confirmToolUse');
  }
}

describe('workspace trust: where the credentials go', function () {
  this.timeout(120_000);
  let h: MaasTestHook;
  let prompter: ScriptedPrompter;
  const segments: SpeechSegment[] = [];

  before(async () => {
    assert.ok(listener !== '', 'the runner names the listener');
    h = await hook();
    await signIn();
    h.speech.attachPlayer({
      play: async (iterable) => {
        for await (const segment of iterable) segments.push(segment);
      },
      stop: () => undefined,
    });
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    segments.length = 0;
    await forgetHeard();
    await api('/_local/reset', {});
  });

  after(async () => {
    h.setPrompter(undefined);
    h.speech.attachPlayer(undefined);
    await h.approvals.revokeAll();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  describe('in Restricted Mode', () => {
    it('the folder opens untrusted, and the extension is active with every feature started', () => {
      assert.equal(vscode.workspace.isTrusted, false);
      assert.equal(vscode.extensions.getExtension('maas-assistant.maas-assistant')?.isActive, true);
      assert.deepEqual(h.failures(), []);
    });

    it("the chat answers from the user's own address, and the folder's listener hears nothing", async () => {
      const turn = await finished(h, await askChat(h, 'Hello from Restricted Mode.'));
      assert.equal(turn.status, 'done', JSON.stringify(turn.error));
      assert.ok(turn.answer.length > 0 && turn.answer !== LISTENER_ANSWER);
      assert.equal(await localChatRequests(), 1);
      assert.deepEqual(await heard(), []);
    });

    it("VS Code's chat answers from the user's own address", async () => {
      const text = await ask(await llm(), 'Hello from VS Code chat in Restricted Mode.');
      assert.ok(text.length > 0 && text !== LISTENER_ANSWER);
      assert.equal(await localChatRequests(), 1);
      assert.deepEqual(await heard(), []);
    });

    it("Read Aloud synthesises at the user's own address", async () => {
      await editorWith('This sentence is read in Restricted Mode.', 'all');
      const result = await vscode.commands.executeCommand<{ sentences: number } | undefined>(CommandId.readAloud);
      assert.equal(result?.sentences, 1, JSON.stringify(prompter.messages));
      assert.equal(segments.length, 1);
      assert.deepEqual(await heard(), []);
    });

    it("Open Console opens the user's console, not the folder's", async () => {
      const opened = await vscode.commands.executeCommand<string | undefined>(CommandId.openConsole);
      assert.equal(opened, `${service.baseUrl}/console`);
    });

    it("the folder's persona, models and knowledge bases are not used: the request carries the user's", async () => {
      const settings = vscode.workspace.getConfiguration('maas');
      assert.equal(settings.get('chat.persona'), '');
      assert.deepEqual(settings.get('models.extra'), []);
      assert.deepEqual(settings.get('knowledgeBases'), []);
      assert.equal(settings.get('knowledge.tipsText'), '');
      const turn = await finished(h, await askChat(h, 'Who steers this answer?'));
      assert.equal(turn.status, 'done', JSON.stringify(turn.error));
      const sent = (await lastChatRequest(service.baseUrl))?.body;
      assert.equal(sent?.model, 'svc_llm');
      assert.deepEqual(
        sent?.messages.filter((m) => m.role === 'system'),
        [],
        'no system message: the folder names the only persona',
      );
      const shown = await snapshotWhere(h, () => true);
      assert.ok(!shown.models.some((m) => m.code === STRANGER_MODEL), "the folder's model is not offered");
      assert.equal(shown.settings.defaultPersona, '');
      assert.equal(shown.settings.defaultPersonaFromWorkspace, false);
    });

    it("inline completions: the folder cannot turn them on; once the user does, they ask the user's address with the user's model", async () => {
      const folder = vscode.workspace.getConfiguration('maas');
      await folder.update('completions.enabled', true, vscode.ConfigurationTarget.Workspace);
      await folder.update('completions.model', STRANGER_MODEL, vscode.ConfigurationTarget.Workspace);
      try {
        assert.equal(vscode.workspace.getConfiguration('maas').get('completions.enabled'), false);
        await waitFor(() => h.completions.status().kind === 'off', { what: 'completions to stay off' });
        const document = await vscode.workspace.openTextDocument({
          language: 'typescript',
          content: 'export function total(items: number[]): number {\n  return \n}\n',
        });
        const invoke = { triggerKind: vscode.InlineCompletionTriggerKind.Invoke, selectedCompletionInfo: undefined };
        const token = new vscode.CancellationTokenSource().token;
        assert.equal(await h.completions.provide(document, new vscode.Position(1, 9), invoke, token), undefined);
        await setSetting('completions.enabled', true);
        await waitFor(() => h.completions.status().kind === 'on', { what: 'completions on' });
        await api('/_local/next-answer', { text: 'items.length;' });
        const items = await h.completions.provide(document, new vscode.Position(1, 9), invoke, token);
        assert.equal(items?.[0]?.insertText, 'items.length;');
        assert.equal((await lastChatRequest(service.baseUrl))?.body.model, 'svc_llm');
        assert.deepEqual(await heard(), []);
      } finally {
        await folder.update('completions.enabled', undefined, vscode.ConfigurationTarget.Workspace);
        await folder.update('completions.model', undefined, vscode.ConfigurationTarget.Workspace);
        await restoreSetting('completions.enabled');
      }
    });

    it("@maas says nothing of the folder's persona, which it does not use", async () => {
      const said = await askParticipant(h, 'Who steers this answer?');
      assert.ok(!said.markdown.includes(WORKSPACE_PERSONA_NOTICE), said.markdown);
      assert.deepEqual(said.buttons, []);
      const sent = (await lastChatRequest(service.baseUrl))?.body;
      assert.deepEqual(
        sent?.messages.filter((m) => m.role === 'system'),
        [],
      );
    });

    it('the folder cannot turn off the question the user asked for before the knowledge-base tool runs', async () => {
      const asked = await toolAsksFirst(h);
      assert.equal(asked?.title, 'Search the knowledge base?');
    });

    it('nothing asked the user', () => {
      assert.deepEqual(prompter.modals, []);
    });
  });

  describe('in the trusted folder', () => {
    before(async function () {
      this.timeout(90_000);
      console.log(TRUST_REQUEST);
      await waitFor(() => vscode.workspace.isTrusted, { what: 'the runner to trust the folder', timeoutMs: 80_000 });
    });

    beforeEach(async () => {
      await h.approvals.revokeAll();
    });

    it('asks before the key goes to the address the folder names: nothing reaches it while the question is open, nothing after Cancel', async () => {
      const answer = deferred<string | undefined>();
      prompter.script(answer.promise);
      const turnId = await askChat(h, 'Where does my key go?');
      await waitFor(() => prompter.modals.length === 1, { what: 'the question', timeoutMs: 20_000 });
      const [modal] = prompter.modals;
      assert.match(modal?.message ?? '', new RegExp(`API key to ${listener.replace(/[.:/]/g, '\\$&')}\\?$`));
      assert.match(modal?.detail ?? '', /maas\.baseUrl/);
      assert.match(modal?.detail ?? '', /maas-host-trust-/, 'the question names the folder');
      assert.deepEqual(await heard(), [], 'nothing is sent while the question is open');
      answer.resolve(undefined);
      const turn = await finished(h, turnId);
      assert.equal(turn.status, 'error');
      assert.equal(turn.error?.kind, 'addressRefused');
      assert.equal(turn.error?.value, listener);
      assert.equal(turn.error?.setting, 'maas.baseUrl');
      assert.deepEqual(await heard(), [], 'nothing was sent after Cancel');
      assert.deepEqual(h.approvals.all(), []);
    });

    it('after Allow the request reaches the address with the key; Allow is remembered until revoked, then asked again', async () => {
      prompter.script('Allow');
      const first = await finished(h, await askChat(h, 'Send it, I trust this folder.'));
      assert.equal(first.status, 'done', JSON.stringify(first.error));
      assert.equal(first.answer, LISTENER_ANSWER);
      assert.deepEqual(
        (await heard()).map((r) => [r.path, r.authorization]),
        [[CHAT_ROUTE, `Bearer ${service.key}`]],
      );
      assert.deepEqual(h.approvals.all(), [{ origin: listener, purpose: 'apiKey', setting: 'maas.baseUrl' }]);
      await finished(h, await askChat(h, 'And again.'));
      assert.equal(prompter.modals.length, 1, 'the approval is remembered');
      assert.equal((await heard()).length, 2);

      prompter.script((items: readonly vscode.QuickPickItem[]) => items);
      assert.equal(await vscode.commands.executeCommand<number>(CommandId.revokeAddressApprovals), 1);
      assert.deepEqual(h.approvals.all(), []);
      prompter.script(undefined);
      const third = await finished(h, await askChat(h, 'Once more after revoking.'));
      assert.equal(third.error?.kind, 'addressRefused');
      assert.equal(prompter.modals.length, 2, 'asked again after the approval was revoked');
      assert.equal((await heard()).length, 2);
    });

    it("VS Code's chat asks the same question: Cancel sends nothing and says why; Allow sends the key", async () => {
      const model = await llm();
      prompter.script(undefined);
      await assert.rejects(ask(model, 'Cancel this one.'), (error: unknown) => {
        assert.match(String(error), /Nothing was sent to/);
        return true;
      });
      assert.deepEqual(await heard(), []);
      prompter.script('Allow');
      assert.equal(await ask(model, 'Allow this one.'), LISTENER_ANSWER);
      assert.deepEqual(
        (await heard()).map((r) => r.authorization),
        [`Bearer ${service.key}`],
      );
    });

    it('Read Aloud: the speech appkey and token reach the address only after Allow', async () => {
      await editorWith('This sentence asks before it is read.', 'all');
      prompter.script(undefined);
      assert.equal(await vscode.commands.executeCommand(CommandId.readAloud), undefined);
      assert.match(prompter.messages.at(-1)?.text ?? '', /Nothing was sent to/);
      assert.deepEqual(await heard(), []);
      assert.match(prompter.modals[0]?.message ?? '', /speech appkey and token/);

      prompter.script('Allow');
      await vscode.commands.executeCommand(CommandId.readAloud);
      const withCredentials = (await heard()).filter((r) => r.credential);
      assert.ok(withCredentials.length >= 1, 'the synthesis request reached the listener after Allow');
      assert.ok(withCredentials.every((r) => r.path.startsWith('/maas/v2/api/') && r.body.includes(service.speech.appkey)));
    });

    it('Open Console asks before it opens the console page the folder names', async () => {
      prompter.script(undefined);
      assert.equal(await vscode.commands.executeCommand(CommandId.openConsole), undefined);
      assert.match(prompter.modals[0]?.message ?? '', /as the MaaS console\?$/);
      assert.match(prompter.modals[0]?.detail ?? '', /^maas\.consoleUrl in the settings of/, 'the question names the console setting');
      prompter.script('Allow');
      assert.equal(await vscode.commands.executeCommand(CommandId.openConsole), `${listener}/console`);
    });

    it('an approval is for one purpose: the key refused, the console allowed, the key is still asked about and nothing is sent', async () => {
      prompter.script(undefined);
      const refused = await finished(h, await askChat(h, 'Refuse the key.'));
      assert.equal(refused.error?.kind, 'addressRefused');
      prompter.script('Allow');
      assert.equal(await vscode.commands.executeCommand(CommandId.openConsole), `${listener}/console`);
      assert.deepEqual(h.approvals.all(), [{ origin: listener, purpose: 'console', setting: 'maas.consoleUrl' }]);

      prompter.script(undefined);
      const again = await finished(h, await askChat(h, 'Does the console approval send my key?'));
      assert.equal(again.error?.kind, 'addressRefused');
      assert.deepEqual(
        prompter.modals.map((m) => m.message.replace(listener, '<listener>')),
        ['Send your MaaS API key to <listener>?', 'Open <listener> as the MaaS console?', 'Send your MaaS API key to <listener>?'],
      );
      assert.match(prompter.modals[2]?.detail ?? '', /^maas\.baseUrl in the settings of/);
      assert.match(prompter.modals[2]?.detail ?? '', /for your API key only/);

      // Read Aloud asks for the speech credentials in a question of their own.
      await editorWith('This sentence needs the speech credentials.', 'all');
      prompter.script(undefined);
      assert.equal(await vscode.commands.executeCommand(CommandId.readAloud), undefined);
      assert.match(prompter.modals[3]?.message ?? '', /speech appkey and token/);
      // The console page itself was opened in the browser (a request without credentials, which heard() leaves out).
      assert.deepEqual(await heard(), [], 'no credential reached the listener');
    });

    it('an approval kept per origin alone, for every purpose at once, no longer counts: the key is asked about', async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder !== undefined);
      await h.approvals.seedStored([
        { workspace: folder.uri.toString(), label: folder.name, origin: listener, setting: 'maas.baseUrl', approvedAt: new Date().toISOString() },
      ]);
      prompter.script(undefined);
      const turn = await finished(h, await askChat(h, 'Does the old approval still send my key?'));
      assert.equal(prompter.modals.length, 1, 'asked');
      assert.equal(turn.error?.kind, 'addressRefused');
      assert.deepEqual(await heard(), []);
      assert.deepEqual(h.approvals.all(), [], 'not listed: it allows nothing');
    });

    it('an http:// address on another computer is asked about with a plain warning that the key would travel unencrypted', async () => {
      const elsewhere = await folderBaseUrl('http://maas-stranger.invalid:8080');
      try {
        prompter.script(undefined);
        const turn = await finished(h, await askChat(h, 'Where would my key travel?'));
        assert.equal(turn.error?.kind, 'addressRefused');
        assert.equal(prompter.modals[0]?.message, 'Send your MaaS API key to http://maas-stranger.invalid:8080?');
        assert.match(prompter.modals[0]?.detail ?? '', /Warning: this address uses http:\/\/ and is not on this computer\. .*unencrypted/);
      } finally {
        await elsewhere.restore();
      }
      // The listener on 127.0.0.1 is on this computer: its question carries no such warning.
      prompter.script(undefined);
      await finished(h, await askChat(h, 'And on this computer?'));
      assert.equal(prompter.modals[1]?.message, `Send your MaaS API key to ${listener}?`);
      assert.doesNotMatch(prompter.modals[1]?.detail ?? '', /unencrypted/);
    });

    it("the folder's persona, models and knowledge bases apply, and the view says the persona is the workspace's", async () => {
      const settings = vscode.workspace.getConfiguration('maas');
      assert.equal(settings.get('chat.persona'), STRANGER_PERSONA);
      assert.deepEqual(settings.get('knowledgeBases'), [STRANGER_KNOWLEDGE_BASE]);
      const shown = await snapshotWhere(h, (s) => s.settings.defaultPersonaFromWorkspace);
      assert.equal(shown.settings.defaultPersona, STRANGER_PERSONA);
      assert.equal(shown.settings.defaultPersonaFromWorkspace, true);
      assert.ok(shown.models.some((m) => m.code === STRANGER_MODEL));
    });

    it("@maas answers with the folder's persona and says first that it is the workspace's, as the view does", async () => {
      prompter.script('Allow');
      const said = await askParticipant(h, 'Who steers this answer?');
      assert.ok(said.markdown.startsWith(`*${WORKSPACE_PERSONA_NOTICE}*`), said.markdown);
      assert.deepEqual(said.buttons, ['Show persona']);
      const sent = (await heard()).find((r) => r.path === CHAT_ROUTE);
      assert.ok(sent?.body.includes(JSON.stringify(STRANGER_PERSONA)), 'the persona went first in the request');
    });

    it('the trusted folder cannot turn off the question before the knowledge-base tool runs either', async () => {
      const asked = await toolAsksFirst(h);
      assert.equal(asked?.title, 'Search the knowledge base?');
    });
  });
});
