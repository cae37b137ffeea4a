// How many characters ChatMarkdownLinks reads to rewrite a streamed answer: those of each line its block scanner
// classifies (a complete line, or the unfinished one while its kind is not known yet) and those its line rewriter reads
// (each character looked at, and each character a search or a slice goes over). A count of work, where a measure of
// time would depend on how loaded the machine is; performance itself is measured by `npm run bench`.
import { createRequire } from 'node:module';
import type * as ChatMarkdownLinksModule from '../../../../src/core/markdown/chatMarkdownLinks';
import { MarkdownBlockLines } from '../../../../src/core/markdown/markdownBlockLines';
import type * as MarkdownLineLinksModule from '../../../../src/core/markdown/markdownLineLinks';

const load = createRequire(__filename);
const chatLinksFile = load.resolve('../../../../src/core/markdown/chatMarkdownLinks');
const lineLinksFile = load.resolve('../../../../src/core/markdown/markdownLineLinks');

let read = 0;

/** Characters a string method call goes over: what a slice copies, how far a search looks, the whole text otherwise. */
function span(text: string, method: string, args: readonly unknown[], result: unknown): number {
  if (typeof result === 'string' && (method === 'slice' || method === 'substring')) return result.length;
  if (method === 'indexOf' && typeof args[0] === 'string' && typeof result === 'number') {
    const from = typeof args[1] === 'number' ? Math.max(0, args[1]) : 0;
    return (result === -1 ? text.length : result + args[0].length) - from;
  }
  if (method === 'startsWith' && typeof args[0] === 'string') return args[0].length;
  return text.length;
}

/** `text` as an object that counts every read of it into `read`; the line rewriter reads it as it reads a string. */
function counted(text: string): string {
  const methods = new Map<PropertyKey, unknown>();
  const view = new Proxy(Object(text) as object, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        read += 1;
        return text[Number(key)];
      }
      if (key === 'length') return text.length;
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (!methods.has(key))
        methods.set(key, (...args: unknown[]): unknown => {
          const result: unknown = Reflect.apply(value, text, args);
          read += span(text, String(key), args, result);
          return result;
        });
      return methods.get(key);
    },
  });
  return view as unknown as string;
}

/**
 * ChatMarkdownLinks loaded afresh with a line rewriter that reads a counted text; the module cache is left as it was,
 * so every other test gets the module as it is.
 */
function countingRewriter(): typeof ChatMarkdownLinksModule.ChatMarkdownLinks {
  const lineLinks = load(lineLinksFile) as typeof MarkdownLineLinksModule;
  const entry = load.cache[lineLinksFile];
  const chatLinks = load.cache[chatLinksFile];
  if (entry === undefined) throw new Error(`${lineLinksFile} is not loaded`);
  const original = entry.exports as unknown;
  const rewriteLineLinks: typeof lineLinks.rewriteLineLinks = (src, ...rest) => lineLinks.rewriteLineLinks(counted(src), ...rest);
  entry.exports = { ...lineLinks, rewriteLineLinks };
  delete load.cache[chatLinksFile];
  try {
    return (load(chatLinksFile) as typeof ChatMarkdownLinksModule).ChatMarkdownLinks;
  } finally {
    entry.exports = original;
    if (chatLinks === undefined) delete load.cache[chatLinksFile];
    else load.cache[chatLinksFile] = chatLinks;
  }
}

let Counting: typeof ChatMarkdownLinksModule.ChatMarkdownLinks | undefined;

/** `text` pushed in deltas of `delta` characters, then ended: the rewritten text and the characters read for it. */
export function charactersRead(text: string, delta: number): { out: string; read: number } {
  Counting ??= countingRewriter();
  const { line, peek } = MarkdownBlockLines.prototype;
  MarkdownBlockLines.prototype.line = function (this: MarkdownBlockLines, lineText: string) {
    read += lineText.length;
    return line.call(this, lineText);
  };
  MarkdownBlockLines.prototype.peek = function (this: MarkdownBlockLines, lineText: string) {
    read += lineText.length;
    return peek.call(this, lineText);
  };
  read = 0;
  try {
    const links = new Counting();
    let out = '';
    for (let at = 0; at < text.length; at += delta) out += links.push(text.slice(at, at + delta));
    return { out: out + links.end(), read };
  } finally {
    Object.assign(MarkdownBlockLines.prototype, { line, peek });
  }
}
