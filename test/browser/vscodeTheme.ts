// What VS Code gives a webview for its colour theme, as recorded from a real one (scripts/themeVariables.ts writes
// test/fixtures/themes/*.json): the --vscode-* custom properties on <html>, the body's theme class, and the default
// stylesheet VS Code puts in the head before the page's own content (a CSS layer under the view's styles).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const themeNames = ['dark-modern', 'light-modern'] as const;
export type ThemeName = (typeof themeNames)[number];

interface RecordedTheme {
  readonly theme: string;
  readonly bodyClass: string;
  readonly variables: Readonly<Record<string, string>>;
  readonly defaultStyles: string;
}

const cache = new Map<ThemeName, RecordedTheme>();

function recorded(name: ThemeName): RecordedTheme {
  let theme = cache.get(name);
  if (theme === undefined) {
    theme = JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'themes', `${name}.json`), 'utf8')) as RecordedTheme;
    cache.set(name, theme);
  }
  return theme;
}

export function isThemeName(value: string | null): value is ThemeName {
  return themeNames.some((name) => name === value);
}

/** A script (run with the page's nonce, after the fake host) that sets the theme's variables and body class. */
export function themeScript(name: ThemeName): string {
  const theme = recorded(name);
  return `(function () {
  var variables = ${JSON.stringify(theme.variables)};
  for (var name in variables) document.documentElement.style.setProperty(name, variables[name]);
  document.body.className = ${JSON.stringify(theme.bodyClass)};
})();
`;
}

/**
 * VS Code's default webview styles as the element it prepends to the head: parsed before the page's CSP meta, as in
 * VS Code, so the view's own policy (no inline style) stays exactly as it ships.
 */
export function defaultStylesElement(name: ThemeName): string {
  const css = recorded(name).defaultStyles;
  if (css.includes('</')) throw new Error(`The recorded default styles of ${name} would end their <style> element early.`);
  return `<style id="_defaultStyles">${css}</style>`;
}
