// Each event of an answer as the part VS Code's chat receives: text, thinking (only where the host has the class,
// and never as answer text), tool calls, and the usage data part VS Code's context meter reads.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { markdownGuard, type MarkdownGuard } from '../../../../src/core/markdown/markdownGuard';
import { responseParts, USAGE_MIME, type PartClasses } from '../../../../src/vscode/languageModels/responseParts';
import type { AskEvent } from '../../../../src/core/requests/ask';
import {
  LanguageModelDataPart as Data,
  LanguageModelTextPart as Text,
  LanguageModelThinkingPart as Thinking,
  LanguageModelToolCallPart as ToolCall,
} from '../../../harness/fakeVscode';

/** The part classes of VS Code at the manifest's floor, and of a VS Code that also has the thinking and data parts. */
const atFloor: PartClasses = { LanguageModelTextPart: Text, LanguageModelToolCallPart: ToolCall };
const withNewerParts: PartClasses = { ...atFloor, LanguageModelThinkingPart: Thinking, LanguageModelDataPart: Data };
const input = (_name: string, text: string): object => JSON.parse(text) as object;
const notes = {
  routed: (model: string, visionModel: string) => `*${visionModel} answers for ${model}*\n\n`,
  described: (visionModel: string, model: string) => `${visionModel} for ${model}:`,
};
const described = (text: string): AskEvent => ({ type: 'described', visionModel: 'svc_vl', model: 'svc_llm', text, made: true });

const answer: AskEvent[] = [
  { type: 'connected', baseUrl: 'http://127.0.0.1:1', primary: true },
  { type: 'thinking', text: 'The user wants a sum. ' },
  { type: 'thinking', text: 'Add them.' },
  { type: 'thinking', text: '' },
  { type: 'text', text: 'It is 3.' },
  { type: 'toolCall', call: { id: 'c1', name: 'calc', arguments: '{"a":1}' } },
  { type: 'usage', usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 } },
  { type: 'finish', reason: 'stop' },
];

describe("the provider's response parts", () => {
  let guard: MarkdownGuard;
  before(async () => {
    guard = await markdownGuard('chat');
  });

  it('with VS Code 1.139: reasoning as thinking parts, text as text, the call, then the usage JSON as a "usage" data part', () => {
    const parts = answer.flatMap((event) => responseParts(withNewerParts, guard, notes).of(event, input));
    assert.deepEqual(
      parts.map((p) => (p as object).constructor),
      [Thinking, Thinking, Text, ToolCall, Data],
    );
    assert.deepEqual(
      parts.slice(0, 2).map((p) => (p as Thinking).value),
      ['The user wants a sum. ', 'Add them.'],
    );
    assert.equal((parts[2] as Text).value, 'It is 3.');
    assert.deepEqual((parts[3] as ToolCall).input, { a: 1 });
    const usage = parts[4] as Data;
    assert.equal(usage.mimeType, USAGE_MIME);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(usage.data)), { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
  });

  it('without the classes (VS Code 1.104): no thinking and no usage part, and the reasoning never lands in the answer', () => {
    const parts = answer.flatMap((event) => responseParts(atFloor, guard, notes).of(event, input));
    assert.deepEqual(
      parts.map((p) => (p as object).constructor),
      [Text, ToolCall],
    );
    assert.equal((parts[0] as Text).value, 'It is 3.');
    assert.equal(responseParts(atFloor, guard, notes).showsThinking, false);
    assert.deepEqual(responseParts(atFloor, guard, notes).of(described('![d](https://img.example/d.png)'), input), []);
  });

  it('an answer without usage sends no usage part: nothing rather than a guess', () => {
    const events: AskEvent[] = [
      { type: 'text', text: 'Hi.' },
      { type: 'finish', reason: 'stop' },
    ];
    assert.deepEqual(
      events.flatMap((e) => responseParts(withNewerParts, guard, notes).of(e, input)).map((p) => (p as object).constructor),
      [Text],
    );
  });

  it("hands VS Code's chat the answer by the chat's link rule, even with a link cut across deltas", () => {
    const parts = responseParts(withNewerParts, guard, notes);
    const answer = 'See ![the chart](https://img.example/c.png), [a file](file:///etc/passwd) and [the docs](https://docs.example/a).';
    const texts: string[] = [];
    for (const piece of answer.match(/.{1,3}/gs) ?? []) for (const part of parts.of({ type: 'text', text: piece }, input)) texts.push((part as Text).value);
    for (const part of parts.end()) texts.push((part as Text).value);
    assert.equal(texts.join(''), 'See [the chart (img.example)](<https://img.example/c.png>), a file and [the docs (docs.example)](<https://docs.example/a>).');
    assert.ok(
      texts.every((text) => !text.includes('![')),
      'no part holds the start of an image',
    );
  });

  it('ends the text before a tool call, and shows at the end what was still held back', () => {
    const parts = responseParts(withNewerParts, guard, notes);
    const first = parts.of({ type: 'text', text: 'Checking [the docs](https://docs.exa' }, input);
    assert.deepEqual(
      first.map((p) => (p as Text).value),
      ['Checking '],
    );
    const call = parts.of({ type: 'toolCall', call: { id: 'c1', name: 'calc', arguments: '{}' } }, input);
    assert.deepEqual(
      call.map((p) => (p as object).constructor),
      [Text, ToolCall],
    );
    assert.equal((call[0] as Text).value, '[the docs\\](https://docs.exa', 'a link cut off by the call is text');
    parts.of({ type: 'text', text: 'Done: ![x](https://img.example/x.png' }, input);
    assert.deepEqual(
      parts.end().map((p) => (p as Text).value),
      ['\\![x\\](https://img.example/x.png'],
      'an image cut off by the end is text',
    );
  });

  it('applies the rule to reasoning and to the notes shown as thinking', () => {
    const parts = responseParts(withNewerParts, guard, notes);
    const thought = [
      ...parts.of({ type: 'thinking', text: 'Maybe ![a](https://img.example/a.png' }, input),
      ...parts.of({ type: 'thinking', text: ') or [b](command:x).' }, input),
    ];
    assert.equal(thought.map((p) => (p as Thinking).value).join(''), 'Maybe [a (img.example)](<https://img.example/a.png>) or b.');
    assert.equal(
      (parts.of(described('![d](https://img.example/d.png)'), input)[0] as Thinking).value,
      'svc_vl for svc_llm:\n\n[d (img.example)](<https://img.example/d.png>)\n\n',
    );
  });

  it('a routed question gets its note above the answer, in the answer; a description goes before the reasoning, as thinking', () => {
    const parts = responseParts(withNewerParts, guard, notes);
    const shown = [
      ...parts.of({ type: 'routed', from: 'svc_llm', to: 'svc_vl' }, input),
      ...parts.of(described('A chart.'), input),
      ...parts.of({ type: 'thinking', text: 'Hm.' }, input),
      ...parts.of({ type: 'text', text: 'It rises.' }, input),
    ];
    assert.deepEqual(
      shown.map((p) => (p as object).constructor),
      [Text, Thinking, Thinking, Text],
    );
    assert.equal((shown[0] as Text).value, '*svc_vl answers for svc_llm*\n\n');
    assert.equal((shown[1] as Thinking).value, 'svc_vl for svc_llm:\n\nA chart.\n\n');
  });
});
