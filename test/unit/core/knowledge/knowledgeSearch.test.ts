// A knowledge-base search with a conversation behind it (@maas /kb): the earlier turns go before the question, in the
// request the plan makes with the retrieval tool, and each piece of the answer reaches the caller as it arrives, before
// the answer ends. Alone (a model's call through vscode.lm.invokeTool), the question goes by itself.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import type { ChatRequest } from '../../../../src/core/chat/chatRequest';
import { searchKnowledge } from '../../../../src/core/knowledge/knowledgeSearch';
import type { PlanSettings } from '../../../../src/core/requests/requestPlan';

const settings: PlanSettings & { baseUrl: string } = {
  baseUrl: 'https://maas.example',
  chatModel: 'svc_llm',
  visionModel: 'svc_vl',
  extraModels: [],
  imagesWithTextModel: 'describe',
  persona: 'Be brief.',
};
const retrieval = { knowledge_ids: [7], chat_mode: 1 as const, remove_corner_mark: false, backup_chat: true };

/** A backend that answers with `pieces`, noting what the caller had seen when each piece was sent. */
function backend(
  pieces: readonly string[],
  seen: () => readonly string[],
): { streamChat(request: ChatRequest): AsyncIterable<ChatEvent>; requests: ChatRequest[]; seenBefore: string[][] } {
  const requests: ChatRequest[] = [];
  const seenBefore: string[][] = [];
  return {
    requests,
    seenBefore,
    async *streamChat(request: ChatRequest): AsyncGenerator<ChatEvent> {
      requests.push(request);
      for (const text of pieces) {
        seenBefore.push([...seen()]);
        yield { type: 'text', text };
      }
      yield { type: 'finish', reason: 'stop' };
    },
  };
}

describe('a knowledge-base search', () => {
  it('sends the earlier turns before the question, with the retrieval tool and no persona', async () => {
    const service = backend(['It is removed by ', 'Clear API Key.^[1]^'], () => []);
    const answer = await searchKnowledge({
      backend: service,
      settings,
      question: 'And how do I remove it?',
      history: [
        { role: 'user', text: 'Where is the API key kept?' },
        { role: 'assistant', text: 'In secret storage. [1]' },
      ],
      retrieval,
      signal: new AbortController().signal,
      redact: (text) => text,
    });
    assert.deepEqual(service.requests[0]?.messages, [
      { role: 'user', content: 'Where is the API key kept?' },
      { role: 'assistant', content: 'In secret storage. [1]' },
      { role: 'user', content: 'And how do I remove it?' },
    ]);
    assert.deepEqual(service.requests[0]?.retrieval, retrieval);
    assert.equal(answer.text, 'It is removed by Clear API Key.^[1]^');
  });

  it('hands each piece of the answer to onAnswer as it arrives, before the next one is sent', async () => {
    const pieces: string[] = [];
    const service = backend(['The key ', 'is in ', 'secret storage.'], () => pieces);
    await searchKnowledge({
      backend: service,
      settings,
      question: 'Where is the API key kept?',
      onAnswer: (piece) => pieces.push(piece),
      retrieval,
      signal: new AbortController().signal,
      redact: (text) => text,
    });
    assert.deepEqual(pieces, ['The key ', 'is in ', 'secret storage.']);
    assert.deepEqual(service.seenBefore, [[], ['The key '], ['The key ', 'is in ']]);
    assert.deepEqual(service.requests[0]?.messages, [{ role: 'user', content: 'Where is the API key kept?' }]);
  });
});
