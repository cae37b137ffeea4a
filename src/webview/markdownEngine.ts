// The one markdown-it configuration for model output (DOM-free, so Node tests render exactly what the view does).
// Raw HTML is off and images never load: model output is untrusted (docs/style.md rule 11); sanitising comes after.
// Links follow the one rule of src/shared/linkPolicy.ts: a link the host would not open is rendered as its text, one
// it opens carries its address as its title and shows its destination beside a text that does not.
import MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import reference from 'markdown-it/lib/rules_block/reference.mjs';
import { labelShowsDestination, linkDestination, openableHref, openableLink } from '../shared/linkPolicy';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// A curated set instead of highlight.js's 190 languages keeps the webview bundle small.
const languages = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  plaintext,
  python,
  ruby,
  rust,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/** Every name a fence may use (`ts`, `py`, `sh`, `yml`…, highlight.js's aliases) -> the registered language. */
const canonicalNames = new Map<string, string>(
  Object.keys(languages).flatMap((name) => [
    [name, name] as const,
    ...(hljs.getLanguage(name)?.aliases ?? []).map((alias) => [alias.toLowerCase(), name] as const),
  ]),
);

/** The language a fence's info string names, as a registered language when it is one (`ts` -> `typescript`). */
function fenceLanguage(info: string): string {
  const word = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return canonicalNames.get(word) ?? word;
}

/** Where a reference definition (`[label]: https://…`) lies: markdown-it gives it no token. */
export interface DefinitionSpan {
  readonly startLine: number;
  /** One past its last line. */
  readonly endLine: number;
  /** Not inside a quote or a list item. */
  readonly topLevel: boolean;
}

/** Environment passed to markdown-it: reference definitions and whether fences get highlighted. */
export interface MarkdownEnv {
  references?: Record<string, unknown>;
  /** False while a code block is still streaming: highlighting waits until its fence is closed. */
  highlight?: boolean;
  /** When present, every reference definition parsed is recorded here (markdownBlocks.ts). */
  definitions?: DefinitionSpan[];
}

/** The text a link shows (what lies between its open and close tokens), as a reader sees it. */
function labelText(children: readonly Token[], from: number): string {
  let text = '';
  for (let i = from; i < children.length && children[i]?.type !== 'link_close'; i++) text += children[i]?.content ?? '';
  return text;
}

/**
 * Applies the chat's link rule to inline `children`: a link the chat would not open is removed, keeping what it holds
 * (its text) in its place; one it opens gets the address it will open (a mailto cleaned) and that address as its
 * title, and, when its text does not show where it goes, the destination beside the text (a `link_host` token).
 */
function applyLinkRule(children: Token[], Token: new (type: string, tag: string, nesting: Token.Nesting) => Token): Token[] {
  const kept: Token[] = [];
  let refused = false;
  let host: Token | undefined;
  for (const [index, child] of children.entries()) {
    if (child.type === 'link_open') {
      const url = openableLink(child.attrGet('href') ?? '');
      refused = url === undefined;
      if (url !== undefined) {
        child.attrSet('href', openableHref(child.attrGet('href') ?? '') ?? url.href);
        child.attrSet('title', url.href);
        host = labelShowsDestination(labelText(children, index + 1), url)
          ? undefined
          : Object.assign(new Token('link_host', '', 0), { content: linkDestination(url) });
      }
    }
    // Markdown links do not nest, so the next link_close closes this one.
    if ((child.type === 'link_open' || child.type === 'link_close') && refused) {
      if (child.type === 'link_close') refused = false;
      continue;
    }
    if (child.type === 'link_close' && host !== undefined) {
      kept.push(host);
      host = undefined;
    }
    kept.push(child);
  }
  return kept;
}

/** The destination shown inside a link, after its text, so a screen reader hears it as part of the link's name. */
function linkHostHtml(destination: string): string {
  return `<span class="md-link-host"> (${escapeHtml(destination)})</span>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Where the last `]` before each inline state's end is (-1: none), found once per end: the link rule parses a label
 * on the same state with an earlier end.
 */
const lastClosingBracket = new WeakMap<StateInline, { readonly posMax: number; readonly at: number }>();

/** markdown-it inline rule: a `[` or `![` with no `]` after it, taken as text. */
function unclosedBracket(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  const length = src.charCodeAt(pos) === 0x5b ? 1 : src.charCodeAt(pos) === 0x21 && src.charCodeAt(pos + 1) === 0x5b ? 2 : 0;
  if (length === 0) return false;
  let last = lastClosingBracket.get(state);
  if (last?.posMax !== state.posMax) {
    last = { posMax: state.posMax, at: src.lastIndexOf(']', state.posMax - 1) };
    lastClosingBracket.set(state, last);
  }
  if (last.at > pos) return false;
  if (!silent) state.pending += src.slice(pos, pos + length);
  state.pos += length;
  return true;
}

export function createMarkdownEngine(): MarkdownIt {
  const md: MarkdownIt = new MarkdownIt({ html: false, linkify: true, typographer: false });
  // Every link parses as a link (markdown-it's default would leave `[text](file:///x)` as its raw source), so that
  // one the chat would not open can be shown as its text: the `link_rule` rule below.
  md.validateLink = (): boolean => true;
  md.core.ruler.push('link_rule', (state) => {
    for (const token of state.tokens) if (token.type === 'inline' && token.children !== null) token.children = applyLinkRule(token.children, state.Token);
  });
  md.renderer.rules['link_host'] = (tokens, idx): string => linkHostHtml(tokens[idx]?.content ?? '');
  md.options.highlight = (code: string, lang: string): string => {
    const name = lang.toLowerCase();
    if (name === '' || hljs.getLanguage(name) === undefined) return '';
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  };
  const renderFence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env: MarkdownEnv, self): string => {
    // One class per language whatever alias the model wrote, so the label, the colours and Open in Editor agree.
    const token = tokens[idx];
    if (token !== undefined && token.info.trim() !== '') token.info = fenceLanguage(token.info);
    const highlighted = env.highlight === false ? { ...options, highlight: null } : options;
    return renderFence === undefined ? self.renderToken(tokens, idx, options) : renderFence(tokens, idx, highlighted, env, self);
  };
  // A reference definition renders nothing and has no token, so nothing else says where it lies; the incremental
  // renderer needs that to settle definitions one by one (markdownBlocks.ts). Recording it changes no output.
  md.block.ruler.at('reference', (state, startLine, endLine, silent) => {
    if (!reference(state, startLine, endLine, silent)) return false;
    const spans = (state.env as MarkdownEnv).definitions;
    if (!silent && spans !== undefined) spans.push({ startLine, endLine: state.line, topLevel: state.parentType === 'root' });
    return true;
  });
  // A `[` or `![` that no `]` follows can open neither a link nor an image, yet markdown-it's link and image rules
  // scan to the end of the paragraph to find that out, at each one (bench/webviewHostile.bench.ts measures such a
  // paragraph). This rule, tried first, takes such a bracket as the text it is; the one output it changes is a code
  // span after it, which shows as CommonMark says (markdown-it/markdown-it#1201).
  md.inline.ruler.before('link', 'unclosed_bracket', unclosedBracket);
  // markdown-it aligns table columns with a style attribute; the page's CSP forbids inline styles, and parsing one
  // (even in the sanitiser's inert document) reports a violation, about 18 per answer with tables. A class instead.
  md.core.ruler.push('align_class', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'th_open' && token.type !== 'td_open') continue;
      const align = /text-align:\s*(left|center|right)/.exec(token.attrGet('style') ?? '')?.[1];
      token.attrs = token.attrs?.filter(([name]) => name !== 'style') ?? null;
      if (align !== undefined) token.attrJoin('class', `align-${align}`);
    }
  });
  // An image in model output would be a request to wherever the model points: render it as a link to it instead.
  md.renderer.rules.image = (tokens, idx): string => {
    const token = tokens[idx];
    const alt = token?.children?.map((child) => child.content).join('') ?? '';
    const src = token?.attrGet('src') ?? '';
    const label = alt === '' ? src : alt;
    const url = openableLink(src);
    if (url === undefined) return `<span class="md-image-link">${escapeHtml(label)}</span>`;
    const host = labelShowsDestination(label, url) ? '' : linkHostHtml(linkDestination(url));
    return `<a href="${escapeHtml(openableHref(src) ?? url.href)}" title="${escapeHtml(url.href)}" class="md-image-link">${escapeHtml(label)}${host}</a>`;
  };
  return md;
}
