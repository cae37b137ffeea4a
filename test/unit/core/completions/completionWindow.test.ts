// The window of code a completion sends: whole lines around the cursor, bounded by lines and characters, read
// without touching the rest of the document.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_WINDOW_LIMITS, readCompletionWindow, type LineSource } from '../../../../src/core/completions/completionWindow';

/** A document of `lines`, counting the lines read. */
function documentOf(lines: readonly string[]): LineSource & { read: Set<number> } {
  const read = new Set<number>();
  return {
    lineCount: lines.length,
    read,
    lineAt(line: number): string {
      const text = lines[line];
      if (text === undefined) throw new Error(`no line ${line}`);
      read.add(line);
      return text;
    },
  };
}

const SMALL = ['function add(a, b) {', '  return a + b;', '}', '', 'add(1, 2);'];

describe('the completion window', () => {
  it('holds the code before and after the cursor, split at the cursor', () => {
    const window = readCompletionWindow(documentOf(SMALL), { line: 1, character: 9 });
    assert.equal(window.prefix, 'function add(a, b) {\n  return ');
    assert.equal(window.suffix, 'a + b;\n}\n\nadd(1, 2);');
    assert.deepEqual([window.firstLine, window.lastLine], [0, 4]);
  });

  it('stops at the line limits, with whole lines', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
    const window = readCompletionWindow(documentOf(lines), { line: 25, character: 4 }, { beforeLines: 3, beforeChars: 1000, afterLines: 2, afterChars: 1000 });
    assert.equal(window.prefix, 'line 23\nline 24\nline');
    assert.equal(window.suffix, ' 25\nline 26');
  });

  it('stops at the character limits without cutting a line, except a cursor line longer than the limit', () => {
    const lines = ['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(10) + 'd'.repeat(10), 'e'.repeat(30)];
    const limits = { beforeLines: 100, beforeChars: 45, afterLines: 100, afterChars: 20 };
    const window = readCompletionWindow(documentOf(lines), { line: 2, character: 10 }, limits);
    assert.equal(window.prefix, `${'b'.repeat(30)}\n${'c'.repeat(10)}`);
    assert.equal(window.suffix, 'd'.repeat(10));
    const minified = readCompletionWindow(documentOf(['x'.repeat(10_000)]), { line: 0, character: 6000 }, limits);
    assert.equal(minified.prefix.length, 45);
    assert.equal(minified.suffix.length, 20);
  });

  it('reads the same few lines in a file of 5,000 lines as near its start: the cost does not grow with the file', () => {
    const big = documentOf(Array.from({ length: 5000 }, (_, i) => `  const value${i} = compute(${i});`));
    readCompletionWindow(big, { line: 2500, character: 8 });
    const limit = DEFAULT_WINDOW_LIMITS.beforeLines + DEFAULT_WINDOW_LIMITS.afterLines + 1;
    assert.ok(big.read.size <= limit, `${big.read.size} lines read`);
    assert.ok([...big.read].every((line) => line >= 2500 - DEFAULT_WINDOW_LIMITS.beforeLines && line <= 2500 + DEFAULT_WINDOW_LIMITS.afterLines));
  });

  it('takes a cursor past the end of its line or of the document as the nearest position, and an empty document', () => {
    assert.equal(readCompletionWindow(documentOf(SMALL), { line: 2, character: 99 }).prefix.endsWith('return a + b;\n}'), true);
    assert.equal(readCompletionWindow(documentOf(SMALL), { line: 99, character: 0 }).suffix, 'add(1, 2);');
    assert.deepEqual(readCompletionWindow(documentOf([]), { line: 0, character: 0 }), { prefix: '', suffix: '', firstLine: 0, lastLine: 0 });
  });
});
