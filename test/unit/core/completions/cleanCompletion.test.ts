// A chat model's answer made into the text a user sees as ghost text, one cleaning step at a time, with answers shaped
// as chat models write them: fenced, with prose, repeating the code before the cursor, repeating the code after it,
// indented their own way, running past the block.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanCompletion, completionDecided, type CleaningContext } from '../../../../src/core/completions/cleanCompletion';

function line(prefix: string, suffix = '', language = 'typescript'): CleaningContext {
  return { prefix, suffix, mode: 'line', language };
}

function block(prefix: string, suffix = '', language = 'typescript'): CleaningContext {
  return { prefix, suffix, mode: 'block', language };
}

const SUM_LINE = line('export function total(items: Item[]): number {\n  return ', '\n}\n');
const ADD_BLOCK = block('export function add(a: number, b: number): number {\n  ', '\n}\n\nexport const zero = 0;\n');

describe('cleaning: fences and prose', () => {
  it('takes the code out of a fence', () => {
    assert.equal(
      cleanCompletion('```typescript\nitems.reduce((sum, item) => sum + item.price, 0);\n```', SUM_LINE),
      'items.reduce((sum, item) => sum + item.price, 0);',
    );
    assert.equal(cleanCompletion('```\nreturn a + b;\n```', ADD_BLOCK), 'return a + b;');
  });

  it('drops a sentence leading in to the code and the explanation after it, fenced or not', () => {
    const fenced = "Here's the completion:\n\n```ts\nitems.length;\n```\n\nThis returns the number of items in the list.";
    assert.equal(cleanCompletion(fenced, SUM_LINE), 'items.length;');
    assert.equal(cleanCompletion('Here is the code to insert:\nitems.length;', SUM_LINE), 'items.length;');
    assert.equal(cleanCompletion('以下是需要插入的代码：\n```ts\nitems.length;\n```', SUM_LINE), 'items.length;');
    const explained = 'return a + b;\n\nThis adds the two numbers and returns their sum.';
    assert.equal(cleanCompletion(explained, ADD_BLOCK), 'return a + b;');
  });

  it("takes what follows the cursor marker when the answer copies the prompt's code", () => {
    assert.equal(
      cleanCompletion('<|code|>\nexport function total(items: Item[]): number {\n  return <|cursor|>items.length;\n}\n<|end|>', SUM_LINE),
      'items.length;',
    );
    assert.equal(cleanCompletion('items.length;<|end|>', SUM_LINE), 'items.length;');
  });

  it('keeps code that only looks like prose: a label, a case, a comment', () => {
    const switchBlock = block('switch (kind) {\n  ', '\n}');
    assert.equal(cleanCompletion("case 'a':\n    return 1;\n  default:\n    return 0;", switchBlock), "case 'a':\n    return 1;\n  default:\n    return 0;");
    assert.equal(cleanCompletion('// Returns the sum of both numbers.\nreturn a + b;', ADD_BLOCK), '// Returns the sum of both numbers.\n  return a + b;');
  });

  it('in Markdown keeps fences that are part of the text, and strips one that wraps the whole answer', () => {
    const readme = line('## Install\n\n', '', 'markdown');
    assert.equal(cleanCompletion('```sh', readme), '```sh');
    assert.equal(cleanCompletion('```markdown\nRun `npm install` first.\n```', readme), 'Run `npm install` first.');
  });
});

describe('cleaning: the code before the cursor repeated', () => {
  it('removes the line up to the cursor when the answer starts with it', () => {
    const context = line('function area(r: number): number {\n  const squared = ', '\n}');
    assert.equal(cleanCompletion('const squared = r * r;', context), 'r * r;');
    assert.equal(cleanCompletion('  const squared = r * r;', context), 'r * r;');
  });

  it('removes several lines repeated before the answer', () => {
    const repeated = 'export function add(a: number, b: number): number {\n  return a + b;\n}';
    assert.equal(cleanCompletion(repeated, ADD_BLOCK), 'return a + b;');
  });

  it('removes the word being typed when the answer starts with it', () => {
    assert.equal(cleanCompletion('items.filter((item) => item.active);', line('  const active = items.')), 'filter((item) => item.active);');
  });

  it('keeps an answer that starts like the code only by chance: a closing brace, a short word', () => {
    const context = line('if (ok) {\n  run();\n}\nx');
    assert.equal(cleanCompletion('x + 1;', context), 'x + 1;');
    assert.equal(cleanCompletion('}', block('function f() {\n  if (a) {\n  }\n  ', '\n}')), undefined);
  });
});

describe('cleaning: the code after the cursor repeated', () => {
  it('drops closers the rest of the line already has', () => {
    assert.equal(cleanCompletion('a, b)', line('  console.log(', ')')), 'a, b');
    assert.equal(cleanCompletion("Hello, world')", line("  console.log('", "')")), 'Hello, world');
    assert.equal(cleanCompletion('count + 1;', line('  return ', ';')), 'count + 1');
    assert.equal(cleanCompletion('items.length > 0) {', line('  if (', ') {')), 'items.length > 0');
  });

  it('keeps closers the inserted code needs itself', () => {
    assert.equal(cleanCompletion('format(date)', line('  console.log(', ')')), 'format(date)');
    assert.equal(cleanCompletion("'x'", line('  console.log(', ')')), "'x'");
  });

  it('drops the last lines of a block when the document goes on with them', () => {
    assert.equal(cleanCompletion('return a + b;\n}', ADD_BLOCK), 'return a + b;');
    const ifElse = block('function sign(x: number): number {\n  if (x < 0) {\n    ', '\n  } else {\n    return 1;\n  }\n}');
    assert.equal(cleanCompletion('return -1;\n  }', ifElse), 'return -1;');
  });
});

describe('cleaning: indentation', () => {
  it('indents a block answer as the document indents the block, however the model indented it', () => {
    const context = block('class Cart {\n    total(): number {\n        ', '\n    }\n}');
    const expected = 'let sum = 0;\n        for (const item of this.items) {\n            sum += item.price;\n        }\n        return sum;';
    const asFile = '        let sum = 0;\n        for (const item of this.items) {\n            sum += item.price;\n        }\n        return sum;';
    const firstLineBare = 'let sum = 0;\n        for (const item of this.items) {\n            sum += item.price;\n        }\n        return sum;';
    const relative = 'let sum = 0;\nfor (const item of this.items) {\n    sum += item.price;\n}\nreturn sum;';
    const twoSpaces = '  let sum = 0;\n  for (const item of this.items) {\n      sum += item.price;\n  }\n  return sum;';
    for (const answer of [asFile, firstLineBare, relative, twoSpaces]) assert.equal(cleanCompletion(answer, context), expected, answer);
  });

  it("writes the document's tabs, and indents the first line when the cursor stands left of the body", () => {
    const tabs = block('func add(a int, b int) int {\n\t', '\n}', 'go');
    assert.equal(
      cleanCompletion('    sum := a + b\n    return sum', { ...tabs, indentation: { insertSpaces: false, tabSize: 4 } }),
      'sum := a + b\n\treturn sum',
    );
    const atColumnZero = block('def area(r):\n', '', 'python');
    assert.equal(cleanCompletion('return 3.14 * r * r', atColumnZero), '    return 3.14 * r * r');
  });

  it('does not double the space the cursor already stands after on a line', () => {
    assert.equal(cleanCompletion(' a + b;', line('  return ', '')), 'a + b;');
    assert.equal(cleanCompletion(' + b;', line('  return a', '')), ' + b;');
  });
});

describe('cleaning: the end of the block and of the line', () => {
  it('cuts a block answer where the block ends, before the code that follows it', () => {
    const ranOn = 'return a + b;\n}\n\nexport function subtract(a: number, b: number): number {\n  return a - b;\n}';
    assert.equal(cleanCompletion(ranOn, ADD_BLOCK), 'return a + b;');
    const python = block('def add(a, b):\n    ', '', 'python');
    assert.equal(cleanCompletion('return a + b\n\n\ndef subtract(a, b):\n    return a - b', python), 'return a + b');
  });

  it('keeps the closing line when the document does not close the block yet', () => {
    const open = block('export function add(a: number, b: number): number {\n  ', '\n\nexport const zero = 0;');
    assert.equal(cleanCompletion('return a + b;\n}\n\nexport function subtract() {}', open), 'return a + b;\n}');
  });

  it('keeps one line of a single-line answer', () => {
    assert.equal(cleanCompletion('items.length;\n}\n\nfunction more() {}', SUM_LINE), 'items.length;');
  });

  it('shows nothing for an empty answer, blank space, or an answer that only repeats the code', () => {
    assert.equal(cleanCompletion('', SUM_LINE), undefined);
    assert.equal(cleanCompletion('  \n\t\n', SUM_LINE), undefined);
    assert.equal(cleanCompletion('```\n\n```', SUM_LINE), undefined);
    assert.equal(cleanCompletion('\nitems.length;', SUM_LINE), undefined, 'a line mode answer that starts on the next line');
    assert.equal(cleanCompletion('return ', SUM_LINE), undefined);
    assert.equal(cleanCompletion('export function total(items: Item[]): number {', SUM_LINE), undefined, 'an echo cut short');
  });
});

describe('deciding while the answer streams', () => {
  it('decides a line at the end of its first line of code, past a fence or a lead-in', () => {
    assert.equal(completionDecided('items.len', SUM_LINE), false);
    assert.equal(completionDecided('items.length;\n', SUM_LINE), true);
    assert.equal(completionDecided('```ts\n', SUM_LINE), false);
    assert.equal(completionDecided('```ts\nitems.length;\n', SUM_LINE), true);
    assert.equal(completionDecided('Here is the completion:\n', SUM_LINE), false);
    assert.equal(completionDecided('export function total(items: Item[]): number {\n', SUM_LINE), false, 'an echo is not the line');
    assert.equal(completionDecided('export function total(items: Item[]): number {\n  return items.length;\n', SUM_LINE), true);
    assert.equal(cleanCompletion('export function total(items: Item[]): number {\n  return items.length;\n', SUM_LINE), 'items.length;');
  });

  it('decides a block once a line shows that it has ended, or the fence has closed', () => {
    assert.equal(completionDecided('return a + b;\n', ADD_BLOCK), false);
    assert.equal(completionDecided('return a + b;\n}\n', ADD_BLOCK), true);
    const open = block('export function add(a: number, b: number): number {\n  ', '');
    assert.equal(completionDecided('return a + b;\n}', open), false, 'the closing line may still go on');
    assert.equal(completionDecided('return a + b;\n}\n', open), true);
    assert.equal(completionDecided('```ts\nreturn a + b;\n```', ADD_BLOCK), true);
  });
});
