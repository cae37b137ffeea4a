// @maas and the persona of a trusted workspace: as the chat view does, an answer whose persona (system prompt) is the
// workspace's maas.chat.persona, not the user's, says so before the answer, with a button to the workspace's settings;
// the user's own persona, or none, gets no notice. The notice is the participant's own words: the next question's
// history carries the earlier answer without it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
// First: the fake vscode module the modules below bind to.
import { floorApi as api } from '../floorVscode';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import type { ChatRequest } from '../../../../src/core/chat/chatRequest';
import type { MaasClient } from '../../../../src/core/maasClient';
import { registerParticipant } from '../../../../src/vscode/languageModels/maasParticipant';
import { parseSettings } from '../../../../src/vscode/settings/settingsDeclaration';
import { recordingChatStream } from '../../../harness/fakeVscode';

const PERSONA = 'Answer every question with the word WORKSPACE.';
const NOTICE = "This conversation's persona (its system prompt) comes from this workspace's settings (maas.chat.persona), not yours.";
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) } as unknown as vscode.CancellationToken;
const logger = { redact: (text: string) => text, info: () => undefined, warn: () => undefined, error: () => undefined };

interface Asked {
  readonly markdown: string[];
  readonly buttons: vscode.Command[];
  readonly result: vscode.ChatResult | null | undefined | void;
  readonly request: ChatRequest | undefined;
}

/** @maas asked `prompt` with `history`, the persona the workspace's or the user's; what it showed and sent. */
async function ask(personaFromWorkspace: boolean, prompt: string, history: unknown[] = []): Promise<Asked> {
  const requests: ChatRequest[] = [];
  const client = {
    async *streamChat(request: ChatRequest): AsyncGenerator<ChatEvent> {
      requests.push(request);
      yield { type: 'text', text: 'WORKSPACE' };
      yield { type: 'finish', reason: 'stop' };
    },
  } as unknown as MaasClient;
  const parsed = parseSettings({ baseUrl: 'https://maas.example', persona: PERSONA }).settings;
  const settings = { settings: parsed, chat: { ...parsed, personaFromWorkspace }, onDidChange: () => ({ dispose: () => undefined }) };
  const participant = registerParticipant({
    settings: settings as never,
    client: () => client,
    logger: logger as never,
    readAloud: undefined,
    knowledge: undefined,
    images: { decode: () => Promise.reject(new Error('no image is decoded in these tests')) },
  });
  try {
    const { stream, markdown, buttons } = recordingChatStream();
    const request = { prompt, references: [], toolReferences: [], model: { vendor: 'maas', id: 'svc_llm' } } as unknown as vscode.ChatRequest;
    const handler = participant.handler;
    assert.ok(handler, '@maas is registered');
    const result = await handler(request, { history } as unknown as vscode.ChatContext, stream, token);
    return { markdown, buttons, result, request: requests[0] };
  } finally {
    participant.dispose();
  }
}

/** A turn of VS Code's chat history, as the fake's classes make them. */
function turn<T extends object>(kind: 'ChatRequestTurn' | 'ChatResponseTurn', fields: object): T {
  const Class = api[kind] as new () => T;
  return Object.assign(new Class(), fields);
}

describe("@maas and a workspace's persona", () => {
  it("says before the answer that the persona is the workspace's, with a button to the workspace's settings", async () => {
    const asked = await ask(true, 'Who answers?');
    assert.equal(asked.markdown[0], `*${NOTICE}*\n\n`);
    assert.equal(asked.markdown.slice(1).join(''), 'WORKSPACE');
    assert.deepEqual(asked.buttons, [{ title: 'Show persona', command: 'workbench.action.openWorkspaceSettings', arguments: ['maas.chat.persona'] }]);
    assert.equal(asked.request?.messages[0]?.role, 'system');
    assert.equal(asked.request?.messages[0]?.content, PERSONA);
  });

  it("says nothing of the user's own persona", async () => {
    const asked = await ask(false, 'Who answers?');
    assert.deepEqual(asked.markdown, ['WORKSPACE']);
    assert.deepEqual(asked.buttons, []);
  });

  it('leaves the notice out of the earlier answer the next question carries', async () => {
    const first = await ask(true, 'Who answers?');
    const said = new (api.ChatResponseMarkdownPart as new () => object)();
    Object.assign(said, { value: { value: first.markdown.join('') } });
    const history = [
      turn<vscode.ChatRequestTurn>('ChatRequestTurn', { prompt: 'Who answers?' }),
      turn<vscode.ChatResponseTurn>('ChatResponseTurn', { response: [said], result: first.result }),
    ];
    const next = await ask(true, 'And now?', history);
    assert.deepEqual(
      next.request?.messages.map((m) => [m.role, m.content]),
      [
        ['system', PERSONA],
        ['user', 'Who answers?'],
        ['assistant', 'WORKSPACE'],
        ['user', 'And now?'],
      ],
    );
  });
});
