// Each event of an answer as the part VS Code's chat receives: text, thinking (only where the host has the class,
// and never as answer text), tool calls, and the usage data part VS Code's context meter reads.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { markdownGuard, type MarkdownGuard } from '../../../../src/core/markdown/markdownGuard';
import { responseParts, USAGE_MIME, type PartClasses } from '../../../../src/vscode/languageModels/responseParts';
import type { AnswerEvent } from '../../../../src/core/requests/answerRun';
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

const answer: AnswerEvent[] = [
  { type: 'connected', baseUrl: 'http://127.0.0.1:1', primary: true },
  { type: 'delta', answer: '', reasoning: 'The user wants a sum. ' },
  { type: 'delta', answer: '', reasoning: 'Add them.' },
  { type: 'delta', answer: '', reasoning: '' },
  { type: 'delta', answer: 'It is 3.', reasoning: '' },
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
    const parts = answer.flatMap((event) => responseParts(withNewerParts, guard).of(event, input));
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
    const parts = answer.flatMap((event) => responseParts(atFloor, guard).of(event, input));
    assert.deepEqual(
      parts.map((p) => (p as object).constructor),
      [Text, ToolCall],
    );
    assert.equal((parts[0] as Text).value, 'It is 3.');
    assert.equal(responseParts(atFloor, guard).showsThinking, false);
    assert.deepEqual(responseParts(atFloor, guard).thinking('a note'), []);
  });

  it('an answer without usage sends no usage part: nothing rather than a guess', () => {
    const events: AnswerEvent[] = [
      { type: 'delta', answer: 'Hi.', reasoning: '' },
      { type: 'finish', reason: 'stop' },
    ];
    assert.deepEqual(
      events.flatMap((e) => responseParts(withNewerParts, guard).of(e, input)).map((p) => (p as object).constructor),
      [Text],
    );
  });

  it("hands VS Code's chat the answer by the chat's link rule, even with a link cut across deltas", () => {
    const parts = responseParts(withNewerParts, guard);
    const answer = 'See ![the chart](https://img.example/c.png), [a file](file:///etc/passwd) and [the docs](https://docs.example/a).';
    const texts: string[] = [];
    for (const piece of answer.match(/.{1,3}/gs) ?? [])
      for (const part of parts.of({ type: 'delta', answer: piece, reasoning: '' }, input)) texts.push((part as Text).value);
    for (const part of parts.end()) texts.push((part as Text).value);
    assert.equal(texts.join(''), 'See [the chart (img.example)](<https://img.example/c.png>), a file and [the docs (docs.example)](<https://docs.example/a>).');
    assert.ok(
      texts.every((text) => !text.includes('![')),
      'no part holds the start of an image',
    );
  });

  it('ends the text before a tool call, and shows at the end what was still held back', () => {
    const parts = responseParts(withNewerParts, guard);
    const first = parts.of({ type: 'delta', answer: 'Checking [the docs](https://docs.exa', reasoning: '' }, input);
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
    parts.of({ type: 'delta', answer: 'Done: ![x](https://img.example/x.png', reasoning: '' }, input);
    assert.deepEqual(
      parts.end().map((p) => (p as Text).value),
      ['\\![x\\](https://img.example/x.png'],
      'an image cut off by the end is text',
    );
  });

  it('applies the rule to reasoning and to the notes shown as thinking', () => {
    const parts = responseParts(withNewerParts, guard);
    const thought = [
      ...parts.of({ type: 'delta', answer: '', reasoning: 'Maybe ![a](https://img.example/a.png' }, input),
      ...parts.of({ type: 'delta', answer: '', reasoning: ') or [b](command:x).' }, input),
    ];
    assert.equal(thought.map((p) => (p as Thinking).value).join(''), 'Maybe [a (img.example)](<https://img.example/a.png>) or b.');
    assert.equal((parts.thinking('![d](https://img.example/d.png)')[0] as Thinking).value, '[d (img.example)](<https://img.example/d.png>)');
  });
});
