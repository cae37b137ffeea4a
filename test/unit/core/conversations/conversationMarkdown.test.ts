import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversationMarkdown } from '../../../../src/core/conversations/conversationMarkdown';
import { checkParam, paramRangesFor } from '../../../../src/core/conversations/paramRanges';
import { conversation, turn } from './fixtures';

describe('conversationMarkdown', () => {
  it('exports questions, answers, reasoning, usage and states in order', () => {
    const md = conversationMarkdown(
      conversation(
        [
          turn('1', 'What is BM25?\nDetails please', 'A ranking function.', { reasoning: 'think', usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 } }),
          turn('2', 'And TF-IDF?', 'Part of', { status: 'interrupted' }),
        ],
        { title: 'Ranking', persona: 'Be brief.' },
      ),
    );
    assert.match(md, /^# Ranking\n/);
    assert.ok(md.indexOf('## 1. What is BM25?') < md.indexOf('## 2. And TF-IDF?'));
    assert.match(md, /> What is BM25\?\n> Details please/);
    assert.match(md, /<details><summary>Reasoning<\/summary>\n\nthink/);
    assert.match(md, /Tokens: 3 prompt \+ 4 completion = 7/);
    assert.match(md, /\*The answer was interrupted\.\*/);
    assert.match(md, /\*\*Persona\*\*\n\n> Be brief\./);
  });
});

describe('paramRanges', () => {
  it('gives each model its parameters and the spec defaults', () => {
    assert.deepEqual(Object.keys(paramRangesFor(false)), ['temperature', 'topP', 'maxTokens']);
    assert.deepEqual(Object.keys(paramRangesFor(true)), ['temperature', 'topP', 'repetitionPenalty']);
    assert.equal(paramRangesFor(false).temperature?.defaultValue, 0.8);
    assert.equal(paramRangesFor(true).temperature?.defaultValue, 1);
    assert.equal(paramRangesFor(false).maxTokens?.defaultValue, 3000);
  });

  it('checks closed and open bounds and integers, naming field, value and range', () => {
    const llm = paramRangesFor(false);
    const vl = paramRangesFor(true);
    assert.equal(checkParam(llm.temperature!, 0.01), undefined);
    assert.equal(checkParam(llm.temperature!, 1), undefined);
    assert.equal(checkParam(llm.temperature!, 0), 'temperature 0 is outside [0.01, 1.00]');
    assert.equal(checkParam(llm.topP!, 1), 'top_p 1 is outside (0.0, 1.0)');
    assert.equal(checkParam(llm.topP!, 0.5), undefined);
    assert.equal(checkParam(llm.maxTokens!, 8193), 'max_tokens 8193 is outside [1, 8192] (a whole number)');
    assert.match(checkParam(llm.maxTokens!, 2.5) ?? '', /whole number/);
    assert.match(checkParam(vl.repetitionPenalty!, 1) ?? '', /repetition_penalty 1 is outside \(1.0, 2.0\)/);
    assert.equal(checkParam(vl.repetitionPenalty!, 1.1), undefined);
  });
});
