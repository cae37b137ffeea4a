import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversationMarkdown } from '../../../../src/core/conversations/conversationMarkdown';
import { conversation, turn } from './fixtures';

describe('conversationMarkdown', () => {
  it('exports questions, answers, reasoning, usage and states in order', () => {
    const md = conversationMarkdown(
      conversation(
        [
          turn('1', 'What is BM25?\nDetails please', 'A ranking function.', {
            reasoning: 'think',
            usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
          }),
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
