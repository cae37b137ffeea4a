// The chat stream decoder on byte-level fixtures (test/fixtures/wire), whole and split at every byte offset.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ChatStreamDecoder } from '../../../../src/core/chat/chatStreamDecoder';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import { ServiceError } from '../../../../src/core/http/serviceError';

const WIRE = path.join(__dirname, '..', '..', '..', 'fixtures', 'wire');
const fixture = (name: string): Buffer => readFileSync(path.join(WIRE, name));

interface Outcome {
  readonly events: readonly ChatEvent[];
  readonly error?: { kind: string; partialText: string | undefined; status: number | undefined };
  readonly malformed: readonly string[];
}

/** Feeds the decoder from a fake byte source that delivers `parts` one after another. */
function decode(parts: readonly Uint8Array[]): Outcome {
  const malformed: string[] = [];
  const decoder = new ChatStreamDecoder((raw) => malformed.push(raw));
  const events: ChatEvent[] = [];
  try {
    for (const part of parts) events.push(...decoder.push(part));
    events.push(...decoder.end());
    return { events, malformed };
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return { events, malformed, error: { kind: error.kind, partialText: error.partialText, status: error.status } };
  }
}

const whole = (bytes: Buffer): Outcome => decode([bytes]);

function text(events: readonly ChatEvent[], type: 'text' | 'reasoning' = 'text'): string {
  return events.map((e) => (e.type === type ? e.text : '')).join('');
}

const FIXTURES = readdirSse();
function readdirSse(): string[] {
  return [
    'basic',
    'crlf-nospace',
    'cr-fields',
    'single-newlines',
    'think',
    'think-split',
    'usage-every-chunk',
    'error-in-stream',
    'bare-json-error',
    'no-done',
    'finish-without-done',
    'multiline-and-malformed',
    'references',
    'mixed-newlines',
  ].map((n) => `${n}.sse`);
}

describe('ChatStreamDecoder on the documented shape', () => {
  it('yields the answer text, the real usage and the finish reason, in order', () => {
    const { events, error } = whole(fixture('basic.sse'));
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'text', text: '你好' },
      { type: 'text', text: '，世界🌏' },
      { type: 'usage', usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 } },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reads CRLF line ends, data: without the space and keep-alive comments', () => {
    const { events } = whole(fixture('crlf-nospace.sse'));
    assert.equal(text(events), 'Hello world');
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  });

  it('reads CR line ends, and skips id:, event: and comment lines', () => {
    const { events, malformed, error } = whole(fixture('cr-fields.sse'));
    assert.equal(error, undefined);
    assert.deepEqual(malformed, []);
    assert.equal(text(events), 'Old Mac');
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  });

  it('treats single newlines between events as event boundaries, each event as soon as its line ends', () => {
    const bytes = fixture('single-newlines.sse');
    const decoder = new ChatStreamDecoder();
    const firstTwoLines = bytes.subarray(0, bytes.indexOf('\n', bytes.indexOf('\n') + 1) + 1);
    assert.deepEqual(decoder.push(firstTwoLines), [{ type: 'text', text: 'one' }]);
    const rest = [...decoder.push(bytes.subarray(firstTwoLines.length)), ...decoder.end()];
    assert.equal(text(rest), ' two');
    assert.deepEqual(rest.at(-1), { type: 'finish', reason: 'stop' });
  });

  it('separates events glued by single newlines inside a stream that otherwise uses blank lines', () => {
    const { events, error } = whole(fixture('mixed-newlines.sse'));
    assert.equal(error, undefined);
    assert.equal(text(events), 'abc');
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'stop' });
  });

  it('merges the deltas of one push into one event when coalescing, with the same text for every split', () => {
    const bytes = fixture('basic.sse');
    for (let at = 0; at <= bytes.length; at++) {
      const decoder = new ChatStreamDecoder(undefined, true);
      const events = [...decoder.push(bytes.subarray(0, at)), ...decoder.push(bytes.subarray(at)), ...decoder.end()];
      assert.equal(text(events), '你好，世界🌏');
      assert.ok(events.filter((e) => e.type === 'text').length <= 2);
    }
    const decoder = new ChatStreamDecoder(undefined, true);
    assert.deepEqual(decoder.push(bytes), [
      { type: 'text', text: '你好，世界🌏' },
      { type: 'usage', usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 } },
      { type: 'finish', reason: 'stop' },
    ]);
  });
});

describe('ChatStreamDecoder on reasoning', () => {
  it('separates <think> deltas into reasoning and drops the blank lines after the block', () => {
    const { events } = whole(fixture('think.sse'));
    assert.equal(text(events, 'reasoning'), 'Let me 思考');
    assert.equal(text(events), 'Answer.');
  });

  it('recognises tags split across deltas and keeps a literal <think> inside the answer', () => {
    const { events } = whole(fixture('think-split.sse'));
    assert.equal(text(events, 'reasoning'), 'reasoning');
    assert.equal(text(events), 'The answer <b> is <think> literal');
  });
});

describe('ChatStreamDecoder on usage, errors and endings', () => {
  it('reports the last non-zero usage, never a sum, and the length finish reason', () => {
    const { events } = whole(fixture('usage-every-chunk.sse'));
    assert.deepEqual(events.slice(-2), [
      { type: 'usage', usage: { promptTokens: 4, completionTokens: 3, totalTokens: 7 } },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('raises an error object inside the stream as a classified error', () => {
    const { error } = whole(fixture('error-in-stream.sse'));
    assert.deepEqual(error, { kind: 'busy', partialText: '', status: 503 });
  });

  it('reads a bare JSON error line in an event-stream body', () => {
    const { error } = whole(fixture('bare-json-error.sse'));
    assert.deepEqual(error, { kind: 'keyUnknown', partialText: '', status: 401 });
  });

  it('reports a stream without [DONE] or finish reason as interrupted, with its partial text', () => {
    const { events, error } = whole(fixture('no-done.sse'));
    assert.equal(text(events), 'partial answer');
    assert.deepEqual(error, { kind: 'interrupted', partialText: 'partial answer', status: undefined });
  });

  it('accepts a finish reason without [DONE], and null finish reasons before it', () => {
    const { events, error } = whole(fixture('finish-without-done.sse'));
    assert.equal(error, undefined);
    assert.equal(text(events), 'done');
    assert.deepEqual(events.at(-1), { type: 'finish', reason: 'content_filter' });
  });

  it('joins a JSON value spread over data lines and skips malformed lines, reporting them', () => {
    const { events, malformed, error } = whole(fixture('multiline-and-malformed.sse'));
    assert.equal(error, undefined);
    assert.equal(text(events), 'split ok');
    assert.deepEqual(malformed, ['{not json at all\ngarbage']);
  });

  it('emits a references event when a references-like array is present', () => {
    const { events } = whole(fixture('references.sse'));
    const refs = events.find((e) => e.type === 'references');
    assert.ok(refs && refs.type === 'references');
    assert.equal(refs.references[0]?.title, 'rust.md');
    assert.equal(refs.references[0]?.text, 'Rust guarantees memory safety.');
  });
});

describe('ChatStreamDecoder split anywhere', () => {
  for (const name of FIXTURES) {
    it(`${name}: identical events for every split offset and for one byte at a time`, () => {
      const bytes = fixture(name);
      const expected = whole(bytes);
      for (let at = 0; at <= bytes.length; at++) {
        assert.deepEqual(decode([bytes.subarray(0, at), bytes.subarray(at)]), expected, `split at byte ${at}`);
      }
      const single = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
      assert.deepEqual(decode(single), expected, 'one byte at a time');
    });
  }
});
