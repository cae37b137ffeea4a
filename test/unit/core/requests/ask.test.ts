// ask(): one question's way for every surface, as the events a surface maps to its output: the descriptions a
// language model needs (made once), a refusal or a route, a request over the model's limit, the answer's events, and
// exactly one end (done, stopped, error, refusal), last.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import type { ChatRequest } from '../../../../src/core/chat/chatRequest';
import { cancelledError, ServiceError } from '../../../../src/core/http/serviceError';
import { ask, type Ask, type AskEvent } from '../../../../src/core/requests/ask';
import type { ChatBackend } from '../../../../src/core/requests/chatBackend';
import { DescriptionCache } from '../../../../src/core/requests/imageDescriptions';
import type { PlanMessage } from '../../../../src/core/requests/requestPlan';

const settings = {
  baseUrl: 'https://maas.example',
  chatModel: 'svc_llm',
  visionModel: 'svc_vl',
  extraModels: [],
  imagesWithTextModel: 'describe' as const,
  persona: 'Answer briefly.',
};
const image = { url: 'data:image/png;base64,AAAA', key: 'png-1' };
const withImage: PlanMessage = { role: 'user', text: 'What does this chart show?', images: [image] };

/** A service that answers every request with `events` (the vision model: a description), recording the requests. */
function service(events: (request: ChatRequest, index: number) => ChatEvent[] | Error): ChatBackend & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    async *streamChat(request: ChatRequest): AsyncIterable<ChatEvent> {
      requests.push(request);
      const answer = events(request, requests.length);
      if (answer instanceof Error) throw answer;
      for (const event of answer) {
        if (event.type === 'failover') throw new ServiceError('interrupted', 'The stream ended early.');
        yield event;
      }
    },
  };
}

const describing = (request: ChatRequest, index: number): ChatEvent[] =>
  request.model === 'svc_vl'
    ? [{ type: 'text', text: `A line chart (${index}).` }]
    : [
        { type: 'text', text: 'It rises.' },
        { type: 'finish', reason: 'stop' },
      ];

async function events(question: Partial<Ask> & Pick<Ask, 'input' | 'backend'>): Promise<AskEvent[]> {
  const all: AskEvent[] = [];
  const asked = { settings, signal: new AbortController().signal, redact: (text: string) => text.replaceAll('sk-secret', '***'), ...question };
  for await (const event of ask(asked)) all.push(event);
  return all;
}

describe('ask()', () => {
  it('describes images for a language model once, in the question’s language, and says what it made', async () => {
    const backend = service(describing);
    const descriptions = new DescriptionCache();
    const chinese: PlanMessage = { role: 'user', text: '这张图是什么？', images: [{ ...image, key: 'png-zh' }] };
    const first = await events({ input: { model: 'svc_llm', messages: [chinese] }, backend, descriptions });
    assert.deepEqual(
      first.map((event) => event.type),
      ['describing', 'described', 'text', 'finish', 'done'],
    );
    assert.deepEqual(first[1], { type: 'described', visionModel: 'svc_vl', model: 'svc_llm', text: 'A line chart (1).', made: true });
    assert.match(JSON.stringify(backend.requests[0]?.messages), /请为一个看不到图片的模型详细描述这张图片/);
    assert.match(JSON.stringify(backend.requests[1]?.messages), /A line chart \(1\)\./);
    const again = await events({ input: { model: 'svc_llm', messages: [chinese] }, backend, descriptions });
    assert.deepEqual(
      again.map((event) => event.type),
      ['described', 'text', 'finish', 'done'],
    );
    assert.equal((again[0] as Extract<AskEvent, { type: 'described' }>).made, false);
    assert.equal(backend.requests.filter((request) => request.model === 'svc_vl').length, 1, 'described once');
  });

  it('a refusal asks the service nothing and ends the question', async () => {
    const backend = service(describing);
    const all = await events({ input: { model: 'svc_llm', messages: [withImage] }, backend, settings: { ...settings, imagesWithTextModel: 'refuse' } });
    assert.deepEqual(all, [{ type: 'refusal', error: { kind: 'imagesNeedVision', message: 'svc_llm does not take images.', value: 'svc_llm' } }]);
    assert.equal(backend.requests.length, 0);
  });

  it('a question routed to the vision model says so before its answer, and goes without the tools', async () => {
    const backend = service(describing);
    const tools = [{ type: 'function' as const, function: { name: 'calc', parameters: { type: 'object' } } }];
    const all = await events({
      input: { model: 'svc_llm', messages: [withImage], tools },
      backend,
      settings: { ...settings, imagesWithTextModel: 'visionModel' },
    });
    assert.deepEqual(all[0], { type: 'routed', from: 'svc_llm', to: 'svc_vl' });
    assert.equal(backend.requests[0]?.model, 'svc_vl');
    assert.equal(backend.requests[0]?.tools, undefined);
  });

  it('without a service address nothing is sent, and the error says whether it is unset or invalid', async () => {
    const backend = service(describing);
    const unset = await events({ input: { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] }, backend, settings: { ...settings, baseUrl: '' } });
    assert.deepEqual(unset, [{ type: 'error', error: { kind: 'noBaseUrl', message: 'maas.baseUrl is not set.' }, interrupted: false }]);
    const invalid = await events({
      input: { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] },
      backend,
      settings: { ...settings, baseUrl: '', baseUrlProblem: 'ftp://x' },
    });
    assert.equal((invalid[0] as Extract<AskEvent, { type: 'error' }>).error.kind, 'invalidBaseUrl');
    assert.equal(backend.requests.length, 0);
  });

  it("a request over the model's limit is refused before it is sent", async () => {
    const backend = service(describing);
    const all = await events({ input: { model: 'svc_llm', messages: [{ role: 'user', text: 'word '.repeat(400) }] }, backend, maxInputTokens: 50 });
    assert.equal(all.length, 1);
    const end = all[0] as Extract<AskEvent, { type: 'error' }>;
    assert.equal(end.error.kind, 'contextTooLong');
    assert.deepEqual(end.error.counts?.limit, 50);
    assert.equal(backend.requests.length, 0);
  });

  it("the answer's events in order: thinking, text, citations, usage, a tool call, then done", async () => {
    const backend = service(() => [
      { type: 'connected', baseUrl: 'https://maas.example', primary: true },
      { type: 'reasoning', text: 'Think.' },
      { type: 'text', text: 'See [1].' },
      { type: 'references', references: [{ index: 1, title: 'Guide', text: 'A passage.', raw: { secret: 'x' } }] },
      { type: 'usage', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } },
      { type: 'toolCall', call: { id: 'c1', name: 'calc', arguments: '{}' } },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    const all = await events({ input: { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] }, backend });
    assert.deepEqual(all, [
      { type: 'connected', baseUrl: 'https://maas.example', primary: true },
      { type: 'thinking', text: 'Think.' },
      { type: 'text', text: 'See [1].' },
      { type: 'citations', references: [{ index: 1, title: 'Guide', text: 'A passage.', url: undefined }] },
      { type: 'usage', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } },
      { type: 'toolCall', call: { id: 'c1', name: 'calc', arguments: '{}' } },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'done' },
    ]);
  });

  it('a stream that breaks off after text ends interrupted; a cancel ends stopped; an error is redacted', async () => {
    const broken = await events({
      input: { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] },
      backend: service(() => [
        { type: 'text', text: 'Half' },
        { type: 'failover', baseUrl: 'x' },
      ]),
    });
    assert.deepEqual(
      broken.map((event) => event.type),
      ['text', 'error'],
    );
    assert.equal((broken[1] as Extract<AskEvent, { type: 'error' }>).interrupted, true);
    const stopped = await events({ input: { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] }, backend: service(() => cancelledError()) });
    assert.deepEqual(stopped, [{ type: 'stopped' }]);
    const failed = await events({
      input: { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] },
      backend: service(() => new Error('refused sk-secret')),
    });
    assert.deepEqual(failed, [{ type: 'error', error: { kind: 'unexpected', message: 'refused ***' }, interrupted: false }]);
  });

  it('a description that fails ends the question with its error; nothing more is sent', async () => {
    const backend = service((request) => (request.model === 'svc_vl' ? new ServiceError('busy', 'The service is busy.') : [{ type: 'text', text: 'x' }]));
    const all = await events({ input: { model: 'svc_llm', messages: [withImage] }, backend });
    assert.deepEqual(
      all.map((event) => event.type),
      ['describing', 'error'],
    );
    assert.equal((all[1] as Extract<AskEvent, { type: 'error' }>).error.kind, 'busy');
    assert.equal(backend.requests.length, 1);
  });
});
