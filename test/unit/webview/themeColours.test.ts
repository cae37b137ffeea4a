// The chat view takes every colour from the VS Code theme (--vscode-* variables), so it follows light, dark and
// high-contrast themes: a hard-coded colour in media/chat.css fails here unless it is on the allow-list.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const cssFile = path.join(__dirname, '..', '..', '..', 'media', 'chat.css');

// The CSS named colours (CSS Color 4), which a theme cannot change.
const namedColours = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen ' +
    ''
  )
    .split(/\s+/)
    .filter((name) => name !== ''),
);

/** Keywords that are not colours of their own: they defer to the theme or to the surrounding text. */
const allowed = new Set(['transparent', 'currentcolor', 'inherit', 'initial', 'unset', 'none']);
/** Custom properties the view sets itself (not colours). */
const ownProperties = new Set(['--chat-font-size']);

/** Every hard-coded colour in a stylesheet as `line N (what): declaration`: hex, colour functions, named colours, foreign variables. */
function hardCodedColours(css: string): string[] {
  const problems: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  // Innermost braces are declaration blocks, inside @media or not.
  for (const block of text.matchAll(/\{([^{}]*)\}/g)) {
    let offset = (block.index ?? 0) + 1;
    for (const piece of (block[1] ?? '').split(';')) {
      const start = offset + (piece.length - piece.trimStart().length);
      offset += piece.length + 1;
      const colon = piece.indexOf(':');
      if (colon < 0) continue;
      const value = piece.slice(colon + 1).replace(/url\([^)]*\)/g, '');
      const report = (what: string): void => {
        problems.push(`line ${text.slice(0, start).split('\n').length} (${what}): ${piece.trim()}`);
      };
      const hex = /#[0-9a-f]{3,8}\b/i.exec(value);
      if (hex !== null) report(hex[0]);
      const fn = /\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i.exec(value);
      if (fn !== null) report(`${fn[1] ?? ''}()`);
      for (const word of value.toLowerCase().match(/(?<![\w-])[a-z]+(?![\w-])/g) ?? []) {
        if (namedColours.has(word) && !allowed.has(word)) report(word);
      }
      for (const variable of value.matchAll(/var\(\s*(--[\w-]+)/g)) {
        const name = variable[1] ?? '';
        if (!name.startsWith('--vscode-') && !ownProperties.has(name)) report(name);
      }
    }
  }
  return problems;
}

describe('chat view colours', () => {
  it('media/chat.css uses only VS Code theme variables for colours', () => {
    assert.deepEqual(hardCodedColours(readFileSync(cssFile, 'utf8')), []);
  });

  it('the check catches hex, rgb(), hsl(), named colours and foreign variables, and allows theme variables', () => {
    const css = [
      '.a { color: #fff; }',
      '.b {',
      '  background: rgba(0, 0, 0, 0.5);',
      '  border: 1px solid hsl(0 0% 50%);',
      '  outline-color: red;',
      '  color: var(--my-colour);',
      '  color: var(--vscode-foreground, transparent);',
      '  border-color: currentColor;',
      '  white-space: nowrap;',
      '  /* color: blue; */',
      '}',
    ].join('\n');
    assert.deepEqual(
      hardCodedColours(css).map((p) => p.slice(0, p.indexOf('): ') + 1)),
      ['line 1 (#fff)', 'line 3 (rgba())', 'line 4 (hsl())', 'line 5 (red)', 'line 6 (--my-colour)'],
    );
  });
});
