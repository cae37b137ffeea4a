// What a user does while an answer streams never breaks it: for every surface that streams from the service (the
// chat view, the language-model provider as any extension uses it, @maas, the knowledge-base tool as VS Code's chat
// and other extensions call it, @maas /kb through that tool, and Read Aloud to File's long-text task), each change a
// user can make mid-answer (the speaker toggle, Choose Voice, the font size, the temperature, the persona, the
// knowledge-base list, asking before the knowledge-base tool runs, inline completions turned on and a suggestion
// accepted, the base address, the proxy, Set API Key) is made while the service holds the answer at a gate; once
// released, the answer ends whole. The next request goes where the settings now say.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { rememberSetting, restoreSetting, setSetting } from '../harness/hostSettings';
import { CHAT_ROUTE, completionRequests, requestLog } from '../harness/requestLog';
import { waitFor } from '../harness/waitFor';
import { holdRequests } from '../harness/serviceGate';
import { ForwardProxy, PROXIED_SERVICE_HOST, proxiedAddress } from '../harness/forwardProxy';
import { editorWith, freshPrompter, isRiffWave, recordingChatStream, signIn } from './featureHelpers';
import { api, askChat, finished, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';

const ANSWER = 'The first words of the answer arrive before the change. The last words arrive after it, all of them.';
const COMPLETION = 'items.reduce((sum, item) => sum + item, 0);';
/** How many files the completions change has written, one per surface. */
let completedFiles = 0;
const LONG_QUERY_ROUTE = '/maas/v2/api/tts-long-query';
const LONG_TEXT = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} of the text goes to the long-text task.`).join(' ');

interface Outcome {
  /** `done` when the surface says the answer ended normally. */
  readonly status: string;
  /** The answer's text (the audio's first bytes, as text, for the long-text task). */
  readonly text: string;
}

/** A surface that streams from the service: it starts an answer, which the gate holds after its first words. */
interface Surface {
  readonly name: string;
  readonly route: string;
  /** After how many chunks the gate holds it: the answer has begun on screen (or the task is being followed). */
  readonly holdAfter: number;
  start(): Promise<() => Promise<Outcome>>;
  assertWhole(outcome: Outcome): void;
}

async function llm(): Promise<vscode.LanguageModelChat> {
  return waitFor(async () => (await vscode.lm.selectChatModels({ vendor: 'maas', id: 'svc_llm' }))[0], { what: 'the model svc_llm', timeoutMs: 10_000 });
}

/** An answer that ended with an error: the error's words as its status, and what had arrived. */
const failedWith = (error: unknown, text: string): Outcome => ({ status: `error: ${error instanceof Error ? error.message : String(error)}`, text });

const answeredWhole = (outcome: Outcome): void => {
  assert.equal(outcome.status, 'done');
  assert.equal(outcome.text, ANSWER, 'the answer is whole, its last words included');
};

const chatView: Surface = {
  name: 'the chat view',
  route: CHAT_ROUTE,
  holdAfter: 4,
  start: async () => {
    const h = await hook();
    const turnId = await askChat(h, 'What happens when I change a setting now?');
    return async () => {
      const turn = await finished(h, turnId);
      return { status: turn.status, text: turn.answer };
    };
  },
  assertWhole: answeredWhole,
};

const provider: Surface = {
  name: 'the language-model provider',
  route: CHAT_ROUTE,
  holdAfter: 4,
  start: async () => {
    const response = await (await llm()).sendRequest([vscode.LanguageModelChatMessage.User('What happens when I change a setting now?')]);
    return async () => {
      let text = '';
      try {
        for await (const part of response.text) text += part;
        return { status: 'done', text };
      } catch (error) {
        return failedWith(error, text);
      }
    };
  },
  assertWhole: answeredWhole,
};

/** Asks @maas (with `command`, if any) through its request handler, as VS Code's chat calls it. */
async function startParticipant(command: string | undefined): Promise<() => Promise<Outcome>> {
  const handler = (await hook()).participantHandler();
  assert.ok(handler, '@maas is registered');
  const { stream, pieces } = recordingChatStream();
  const request = {
    prompt: 'What happens when I change a setting now?',
    command,
    references: [],
    toolReferences: [],
    toolInvocationToken: undefined,
    model: await llm(),
  } as unknown as vscode.ChatRequest;
  const answered = Promise.resolve(handler(request, { history: [] }, stream, new vscode.CancellationTokenSource().token));
  return async () => {
    const result = (await answered) as { metadata?: { answered?: boolean } } | undefined;
    return { status: result?.metadata?.answered === true ? 'done' : 'not answered', text: pieces.join('') };
  };
}

const participant: Surface = {
  name: '@maas',
  route: CHAT_ROUTE,
  holdAfter: 4,
  start: () => startParticipant(undefined),
  assertWhole: answeredWhole,
};

/** The knowledge base the knowledge-base surfaces ask (set again by each: a change may have restored the list). */
const KNOWLEDGE_BASES = [{ id: 3, name: 'Host guide' }];

/** The answer of a knowledge-base surface, before its Sources list and badge, is the service's answer, whole. */
const searchedWhole = (outcome: Outcome): void => {
  assert.equal(outcome.status, 'done');
  assert.equal(outcome.text.split('\n\n')[0], ANSWER, 'the answer is whole, its last words included');
};

/** The tool's text inside its frame (src/core/knowledge/retrievedContentFrame.ts): the preamble and the tags left out. */
function insideFrame(text: string): string {
  const lines = text.split('\n');
  assert.match(lines[1] ?? '', /^<knowledge-base-result-[0-9a-f]{12}>$/, text);
  assert.equal(lines.at(-1), lines[1]?.replace('<', '</'), text);
  return lines.slice(2, -1).join('\n');
}

const knowledgeTool: Surface = {
  name: 'the knowledge-base tool (vscode.lm.invokeTool)',
  route: CHAT_ROUTE,
  holdAfter: 4,
  start: async () => {
    await setSetting('knowledgeBases', KNOWLEDGE_BASES);
    const result = Promise.resolve(
      vscode.lm.invokeTool('maas_searchKnowledgeBase', { input: { question: 'What happens when I change a setting now?' }, toolInvocationToken: undefined }),
    );
    return async () => {
      let parts: readonly unknown[];
      try {
        parts = (await result).content;
      } catch (error) {
        return failedWith(error, '');
      }
      return { status: 'done', text: insideFrame(parts.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('')) };
    };
  },
  assertWhole: searchedWhole,
};

const participantKnowledge: Surface = {
  name: '@maas /kb',
  route: CHAT_ROUTE,
  holdAfter: 4,
  start: async () => {
    await setSetting('knowledgeBases', KNOWLEDGE_BASES);
    return startParticipant('kb');
  },
  assertWhole: searchedWhole,
};

let dir = '';
let prompter: ScriptedPrompter;

const longTask: Surface = {
  name: "Read Aloud to File's long-text task",
  route: LONG_QUERY_ROUTE,
  holdAfter: 0,
  start: async () => {
    await setSetting('speech.longTextThreshold', 50);
    await editorWith(LONG_TEXT, 'all');
    const target = path.join(dir, `long-${Date.now()}.wav`);
    prompter.script(vscode.Uri.file(target));
    const written = vscode.commands.executeCommand<string | undefined>(CommandId.readAloudToFile);
    return async () => {
      const result = await written;
      const audio = result === target && existsSync(target) ? readFileSync(target) : Buffer.alloc(0);
      return { status: result === target && isRiffWave(audio) ? 'done' : `not written (${String(result)})`, text: audio.subarray(0, 4).toString('latin1') };
    };
  },
  assertWhole: (outcome) => {
    assert.equal(outcome.status, 'done', 'the task was followed to its end and its audio written');
    assert.equal(outcome.text, 'RIFF');
    assert.deepEqual(
      prompter.messages.filter((m) => m.level === 'error'),
      [],
    );
  },
};

/** A change a user makes: `apply` while the answer is held, `restore` after the test. */
interface Change {
  readonly name: string;
  apply(): Promise<void>;
  restore(): Promise<void>;
  /** What must hold of the next request once the change is made (the new address, the proxy, the new key). */
  checkNext?(): Promise<void>;
}

const proxy = new ForwardProxy({ hosts: { [PROXIED_SERVICE_HOST]: '127.0.0.1' } });
let proxyUrl = '';
let secondKey = '';

async function newestRequest(route: string): Promise<{ port: string; headers: Record<string, unknown> }> {
  const entry = (await requestLog(service.baseUrl)).filter((r) => r.path === route).at(-1);
  assert.ok(entry, `a request to ${route}`);
  return { port: entry.port, headers: entry.headers as Record<string, unknown> };
}

async function askOnce(): Promise<void> {
  const h = await hook();
  const turn = await finished(h, await askChat(h, 'And the next question?'));
  assert.equal(turn.status, 'done', `the next question is answered: ${turn.error?.message ?? ''}`);
}

const changes: readonly Change[] = [
  {
    name: 'the speaker toggle pressed on, then off',
    apply: async () => {
      const h = await hook();
      rememberSetting('speech.readAnswers'); // the view's toggle writes the user setting: put back after the test
      await h.chat.fromView({ type: 'setReadAnswers', on: true });
      await h.chat.fromView({ type: 'setReadAnswers', on: false });
      await h.chat.fromView({ type: 'setReadAnswers', on: true });
    },
    restore: () => restoreSetting('speech.readAnswers'),
  },
  {
    name: 'Choose Voice',
    apply: async () => {
      rememberSetting('speech.voice'); // Choose Voice writes the user setting: put back after the test
      prompter.script((items: readonly { speaker?: { id: string }; detail?: string }[]) =>
        items.find((item) => item.speaker !== undefined && item.detail === undefined),
      );
      const chosen = await vscode.commands.executeCommand<string | undefined>(CommandId.chooseVoice);
      assert.ok(chosen, 'a voice was chosen');
    },
    restore: () => restoreSetting('speech.voice'),
  },
  { name: 'the font size', apply: () => setSetting('chat.fontSize', 19), restore: () => restoreSetting('chat.fontSize') },
  {
    name: 'the temperature (the parameter panel)',
    apply: async () => (await hook()).chat.fromView({ type: 'setParams', params: { temperature: 0.3 } }),
    restore: async () => (await hook()).chat.fromView({ type: 'setParams', params: {} }),
  },
  { name: 'the persona', apply: () => setSetting('chat.persona', 'Answer in one line.'), restore: () => restoreSetting('chat.persona') },
  {
    name: 'the knowledge-base list',
    apply: () => setSetting('knowledgeBases', [{ id: 1, name: 'Guide' }]),
    restore: () => restoreSetting('knowledgeBases'),
  },
  {
    name: 'asking before the knowledge-base tool runs (maas.knowledge.confirmToolUse)',
    apply: () => setSetting('knowledge.confirmToolUse', true),
    restore: () => restoreSetting('knowledge.confirmToolUse'),
  },
  {
    name: 'the base address',
    apply: () => setSetting('baseUrl', service.altBaseUrl),
    restore: () => restoreSetting('baseUrl'),
    checkNext: async () => {
      await askOnce();
      assert.equal((await newestRequest(CHAT_ROUTE)).port, 'alt', 'the next question goes to the new address');
    },
  },
  {
    // With the service's address a name only the proxy resolves: this computer's own addresses never go through one.
    name: 'the proxy',
    apply: async () => {
      await vscode.workspace.getConfiguration('http').update('proxy', proxyUrl, vscode.ConfigurationTarget.Global);
      await setSetting('baseUrl', proxiedAddress(service.baseUrl));
    },
    restore: async () => {
      await vscode.workspace.getConfiguration('http').update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await restoreSetting('baseUrl');
    },
    checkNext: async () => {
      proxy.seen.length = 0;
      await askOnce();
      assert.ok(
        proxy.seen.some((line) => line.includes(new URL(proxiedAddress(service.baseUrl)).host)),
        `the next question goes through the proxy: ${proxy.seen.join(', ')}`,
      );
    },
  },
  {
    name: 'inline completions turned on (MaaS: Toggle Inline Completions) and a suggestion accepted',
    apply: async () => {
      await setSetting('completions.enabled', false);
      await vscode.commands.executeCommand(CommandId.toggleCompletions);
      assert.equal(vscode.workspace.getConfiguration('maas').get('completions.enabled'), true, 'the toggle turned completions on');
      completedFiles += 1;
      const file = path.join(dir, `cart-${completedFiles}.ts`);
      writeFileSync(file, 'export function total(items: number[]): number {\n  return \n}\n');
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
      editor.selection = new vscode.Selection(1, 9, 1, 9);
      // A file of its own per surface, so that the completions' cache (per file) has no answer for it: one trigger,
      // one request, answered with COMPLETION. A trigger repeated while the request is under way would cancel it.
      const before = (await completionRequests(service.baseUrl)).length;
      await api('/_local/next-answer', { text: COMPLETION });
      await vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      await waitFor(async () => (await completionRequests(service.baseUrl)).length > before, {
        what: 'the completion request of the trigger',
        timeoutMs: 30_000,
      });
      await waitFor(
        async () => {
          await vscode.commands.executeCommand('editor.action.inlineSuggest.commit');
          return editor.document.lineAt(1).text === `  return ${COMPLETION}`;
        },
        { what: 'the suggestion accepted into the file while the answer is held', timeoutMs: 30_000 },
      );
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    },
    restore: () => restoreSetting('completions.enabled'),
  },
  {
    name: 'Set API Key',
    apply: async () => (await hook()).apiKey.set(secondKey),
    restore: async () => (await hook()).apiKey.set(service.key),
    checkNext: async () => {
      await askOnce();
      const { headers } = await newestRequest(CHAT_ROUTE);
      assert.ok(headers['authorization'] !== undefined, 'the next question carries a key');
    },
  },
];

describe('changes made while an answer streams', function () {
  this.timeout(120_000);

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'maas-host-mid-answer-'));
    await signIn();
    (await hook()).speech.attachPlayer({
      play: async (segments) => {
        for await (const segment of segments) void segment;
      },
      stop: () => undefined,
    });
    const created = await api<{ key: string }>('/console/api/keys', { name: 'mid-answer', interfaces: ['svc_llm', 'svc_vl'] });
    secondKey = created.key;
    proxyUrl = await proxy.listen();
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    await api('/_local/reset', {});
  });

  after(async () => {
    const h = await hook();
    h.setPrompter(undefined);
    h.speech.attachPlayer(undefined);
    await h.apiKey.set(service.key);
    await restoreSetting('speech.longTextThreshold');
    await restoreSetting('knowledgeBases');
    await proxy.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  for (const surface of [chatView, provider, participant, knowledgeTool, participantKnowledge, longTask]) {
    for (const change of changes) {
      it(`${surface.name}: ${change.name} mid-answer, and the answer ends whole`, async () => {
        if (surface.route === CHAT_ROUTE) await api('/_local/next-answer', { text: ANSWER });
        const held = await holdRequests(service.baseUrl, { route: surface.route, holdAfterChunks: surface.holdAfter });
        try {
          const outcome = await surface.start();
          await held.held();
          await change.apply();
          await held.release();
          surface.assertWhole(await outcome());
          await change.checkNext?.();
        } finally {
          await held.release();
          await change.restore();
        }
      });
    }
  }
});
