// What real OpenAI-compatible services, gateways and proxies send (docs/client.md), each class of input as a rule
// the client keeps: no text lost silently, and the service's own message never hidden.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatStreamDecoder } from '../../../../src/core/chat/chatStreamDecoder';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import { ChatStreamAssembler } from '../../../../src/core/chat/chatStreamAssembler';
import { classifyHttpError } from '../../../../src/core/http/classifyError';
import { ServiceError } from '../../../../src/core/http/serviceError';

interface Outcome {
  readonly text: string;
  readonly finish: string | undefined;
  readonly error?: ServiceError;
  readonly malformed: readonly string[];
}

function decode(parts: readonly Uint8Array[]): Outcome {
  const malformed: string[] = [];
  const decoder = new ChatStreamDecoder((raw) => malformed.push(raw));
  const events: ChatEvent[] = [];
  const result = (error?: ServiceError): Outcome => ({
    text: events.map((e) => (e.type === 'text' ? e.text : '')).join(''),
    finish: events.flatMap((e) => (e.type === 'finish' ? [e.reason] : []))[0],
    ...(error === undefined ? {} : { error }),
    malformed,
  });
  try {
    for (const part of parts) events.push(...decoder.push(part));
    events.push(...decoder.end());
    return result();
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return result(error);
  }
}

/** Every way the body can arrive: whole, one byte per read, and split in two at every offset. */
function everySplit(body: string): Outcome[] {
  const bytes = Buffer.from(body);
  const outcomes = [decode([bytes]), decode([...bytes].map((b) => Uint8Array.of(b)))];
  for (let i = 1; i < bytes.length; i++) outcomes.push(decode([bytes.subarray(0, i), bytes.subarray(i)]));
  return outcomes;
}

const sse = (...events: string[]): string => events.map((e) => `${e}\n\n`).join('');
const dataLines = (json: string): string =>
  json
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n');
const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

describe('rule 1: a JSON value spread over several data: lines', () => {
  const chunk = (content: string, finish: string | null = null): string => dataLines(pretty({ choices: [{ delta: { content }, finish_reason: finish }] }));

  it('decodes pretty-printed chunks the same whether the body arrives whole, byte by byte, or split anywhere', () => {
    const body = sse(chunk('Hello'), chunk(', world'), chunk('', 'stop'), 'data: [DONE]');
    for (const outcome of everySplit(body)) {
      assert.equal(outcome.error, undefined, outcome.error?.message);
      assert.equal(outcome.text, 'Hello, world');
      assert.equal(outcome.finish, 'stop');
      assert.deepEqual(outcome.malformed, []);
    }
  });

  it('keeps a pretty-printed value whose inner lines start with { or [ (nested objects, arrays of choices)', () => {
    const nested = dataLines('{\n"choices":\n[\n{\n"delta":\n{\n"content": "Nested"\n}\n}\n]\n}');
    for (const outcome of everySplit(sse(nested, chunk('', 'stop'), 'data: [DONE]'))) {
      assert.equal(outcome.text, 'Nested');
      assert.deepEqual(outcome.malformed, []);
    }
  });

  it('an error object pretty-printed inside the stream is the service error with its message', () => {
    const error = dataLines(pretty({ error: { message: 'apikey被禁用', code: 403 } }));
    for (const outcome of everySplit(sse(error))) {
      assert.equal(outcome.error?.serverMessage, 'apikey被禁用');
      assert.equal(outcome.error?.kind, 'keyDisabled');
    }
  });
});

describe('rule 3: a field the client does not need never costs the text', () => {
  const decodeEvents = (body: string): { events: ChatEvent[]; malformed: string[]; error?: ServiceError } => {
    const malformed: string[] = [];
    const decoder = new ChatStreamDecoder((raw) => malformed.push(raw));
    const events: ChatEvent[] = [];
    try {
      events.push(...decoder.push(Buffer.from(body)), ...decoder.end());
      return { events, malformed };
    } catch (error) {
      assert.ok(error instanceof ServiceError);
      return { events, malformed, error };
    }
  };
  const usage = (events: readonly ChatEvent[]) => events.flatMap((e) => (e.type === 'usage' ? [e.usage] : []))[0];

  it('token counts sent as strings, and usage on the choice instead of the chunk, are read', () => {
    const strings = decodeEvents(
      sse(
        'data: {"choices":[{"delta":{"content":"Hi"}}],"usage":{"prompt_tokens":"3","completion_tokens":"1","total_tokens":"4"}}',
        'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}',
        'data: [DONE]',
      ),
    );
    assert.equal(strings.error, undefined);
    assert.deepEqual(usage(strings.events), { promptTokens: 3, completionTokens: 1, totalTokens: 4 });
    const onChoice = decodeEvents(
      sse(
        'data: {"choices":[{"delta":{"content":"Hi"},"finish_reason":"stop","usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}]}',
        'data: [DONE]',
      ),
    );
    assert.deepEqual(usage(onChoice.events), { promptTokens: 5, completionTokens: 2, totalTokens: 7 });
  });

  it('content sent as an array of text parts is the text', () => {
    const { events } = decodeEvents(
      sse('data: {"choices":[{"delta":{"content":[{"type":"text","text":"Hello"},{"type":"text","text":" there"}]},"finish_reason":"stop"}]}', 'data: [DONE]'),
    );
    assert.equal(events.map((e) => (e.type === 'text' ? e.text : '')).join(''), 'Hello there');
  });

  it('an unreadable chunk is reported and skipped; the text around it is kept', () => {
    const { events, malformed, error } = decodeEvents(
      sse(
        'data: {"choices":[{"delta":{"content":"A"}}]}',
        'data: {"choices":"oops"}',
        'data: {"choices":[{"delta":{"content":"B"},"finish_reason":"stop"}]}',
        'data: [DONE]',
      ),
    );
    assert.equal(error, undefined);
    assert.equal(events.map((e) => (e.type === 'text' ? e.text : '')).join(''), 'AB');
    assert.equal(malformed.length, 1);
    assert.match(malformed[0] ?? '', /oops/);
  });

  it('an answer that ends with unreadable chunks and no text is an error that says so, never an empty success', () => {
    const { error } = decodeEvents(sse('data: {"choices":"oops"}', 'data: {"choices":[{"delta":{"content":42}}]}', 'data: [DONE]'));
    assert.equal(error?.kind, 'protocol');
    assert.match(error?.message ?? '', /2 parts of the answer could not be read/);
  });
});

describe('rule 2: an event stream is recognised by any SSE field at its start', () => {
  for (const start of ['event: message\n', 'id: 1\n', 'retry: 3000\n', ': keep-alive\n']) {
    it(`a body starting "${start.trim()}" is a stream, whatever the Content-Type`, () => {
      const body = `${start}${sse('data: {"choices":[{"delta":{"content":"ok"}}]}', 'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}', 'data: [DONE]')}`;
      assert.equal(sniffs(body), 'sse');
    });
  }
  it('a JSON body is JSON, and a start that could still be either waits for more bytes', () => {
    assert.equal(sniffs('{"choices":[]}'), 'json');
    assert.equal(sniffs('ev'), undefined);
    assert.equal(sniffs('  re'), undefined);
  });
});

describe('rule 4: a service error is shown with its own message, in every shape', () => {
  it('an `event: error` whose data is {"message": …} without an error key, with LF or CRLF line ends', () => {
    const body = sse('event: error\ndata: {"message":"服务繁忙,请稍后再试"}');
    for (const outcome of [...everySplit(body), ...everySplit(body.replaceAll('\n', '\r\n'))]) {
      assert.equal(outcome.error?.serverMessage, '服务繁忙,请稍后再试', outcome.error?.message);
      assert.equal(outcome.error?.kind, 'busy');
    }
  });

  it('a 200 JSON body (or a payload in the stream) with a failing code and a message, and no choices', () => {
    const assembler = new ChatStreamAssembler();
    assert.throws(
      () => assembler.accept({ code: 1001, message: '余额不足' }, []),
      (error: unknown) => error instanceof ServiceError && error.serverMessage === '余额不足',
    );
    for (const outcome of everySplit(sse('data: {"code":"500","msg":"内部错误"}'))) assert.equal(outcome.error?.serverMessage, '内部错误');
    const ok: ChatEvent[] = [];
    new ChatStreamAssembler().accept({ code: 0, message: 'success', choices: [{ delta: { content: 'fine' } }] }, ok);
    assert.deepEqual(
      ok.map((e) => e.type),
      ['text'],
      'a success code with choices is an answer',
    );
  });

  it("a proxy's HTML error page shows its title, not the markup", () => {
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{}</style></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    const error = classifyHttpError({ status: 502, body: html });
    assert.equal(error.serverMessage, '502 Bad Gateway');
    assert.doesNotMatch(error.message, /<html|<style/i);
    const untitled = classifyHttpError({ status: 503, body: '<html><body><p>down</p></body></html>' });
    assert.doesNotMatch(untitled.serverMessage ?? '', /</);
  });
});

import { sniffBody } from '../../../../src/core/chat/chatClient';
function sniffs(body: string): string | undefined {
  return sniffBody([Buffer.from(body)]);
}
