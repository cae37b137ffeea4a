// Fenced code blocks line by line (CommonMark): what opens, what closes, and what only looks like a closer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FenceTracker, type FenceLine } from '../../../packages/text/fences';

function kinds(text: string): FenceLine[] {
  const fences = new FenceTracker();
  return text.split('\n').map((line) => fences.line(line));
}

describe('fenced code blocks', () => {
  it('opens with three or more backticks or tildes, closes with the same character, at least as many, alone', () => {
    assert.deepEqual(kinds('a\n```ts\ncode\n```\nb'), ['text', 'opens', 'code', 'closes', 'text']);
    assert.deepEqual(kinds('~~~~\n```\n~~~\n~~~~~  \nafter'), ['opens', 'code', 'code', 'closes', 'text']);
    assert.deepEqual(kinds('```\n``` not a closer\n```'), ['opens', 'code', 'closes']);
  });

  it('takes at most three spaces of indent, and an unclosed fence stays open', () => {
    assert.deepEqual(kinds('   ```\nx'), ['opens', 'code']);
    assert.deepEqual(kinds('    ```\nx'), ['text', 'text']);
    const fences = new FenceTracker();
    fences.line('```');
    assert.equal(fences.open, true);
    fences.line('```');
    assert.equal(fences.open, false);
  });
});
