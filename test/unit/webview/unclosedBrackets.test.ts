// The chat's markdown-it takes a `[` or `![` that no `]` follows as text at once (markdownEngine.ts): the output is
// what markdown-it renders without that rule, except that a code span after such a bracket is one, as CommonMark
// says (markdown-it's scan for the label's end hides it: markdown-it/markdown-it#1201), and a paragraph of unclosed
// brackets no longer sends the link and image rules scanning to its end at each one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMarkdownEngine } from '../../../src/webview/markdownEngine';
import { hostileShapes, plainProse } from '../../fixtures/hostileMarkdown';

function withoutRule(): ReturnType<typeof createMarkdownEngine> {
  const md = createMarkdownEngine();
  md.inline.ruler.disable('unclosed_bracket');
  return md;
}

/** How often markdown-it's inline parser skips a token to look for the end of a link label while rendering `text`. */
function labelScanSteps(md: ReturnType<typeof createMarkdownEngine>, text: string): number {
  let steps = 0;
  const skip = md.inline.skipToken.bind(md.inline);
  md.inline.skipToken = (state): void => {
    steps += 1;
    skip(state);
  };
  md.render(text);
  return steps;
}

const edges = [
  '[a ![b [c](x) d',
  '![x [y](z) ![w',
  '[[a]](b) [',
  '![[a] [b](c)',
  'x [a\\] b',
  '[a `]` b',
  '[![img](https://x.test/i.png)](https://x.test/) [',
  '[a](<b]>) [c',
  '**[a** b] ![',
  '[x]: https://x.test/\n\n[x [x] ![x',
  '| a | [b |\n|---|---|\n| [c](https://x.test/) | ![d |',
  '> [quote\n> continues] here [',
  '- [item\n- ![other](https://x.test/o.png) [',
];

describe('unclosed brackets in the chat markdown', () => {
  it('render exactly as markdown-it renders them without the rule, for every hostile shape and the edge cases', () => {
    const ours = createMarkdownEngine();
    const plain = withoutRule();
    for (const text of [...hostileShapes(6_000).map((shape) => shape.text), plainProse(3_000), ...edges])
      assert.equal(ours.render(text), plain.render(text), JSON.stringify(text.slice(0, 60)));
  });

  it("shows a code span after an unclosed bracket, as CommonMark does, where markdown-it's own scan hides it", () => {
    const ours = createMarkdownEngine();
    assert.equal(ours.render('[foo `bar` baz`').trim(), '<p>[foo <code>bar</code> baz`</p>');
    assert.equal(ours.render('![alt `code` x`').trim(), '<p>![alt <code>code</code> x`</p>');
    assert.equal(withoutRule().render('[foo `bar` baz`').trim(), '<p>[foo `bar` baz`</p>', "markdown-it's own output, which the rule corrects");
  });

  it('cost no scan for a label end when no `]` follows them', () => {
    const text = '![a '.repeat(2_000);
    assert.equal(labelScanSteps(createMarkdownEngine(), text), 0);
    assert.ok(labelScanSteps(withoutRule(), text) > 2_000, 'without the rule, markdown-it scans at each bracket');
  });

  it('still parse a link after a run of unclosed brackets once a `]` follows', () => {
    const html = createMarkdownEngine().render(`${'[ '.repeat(50)}[docs](https://x.test/d)`);
    assert.match(html, /<a href="https:\/\/x\.test\/d"/);
    assert.equal(html.split('[').length - 1, 50);
  });
});
