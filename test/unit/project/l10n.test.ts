// Every user-facing string has its Simplified Chinese translation: the manifest's %keys% and every runtime
// vscode.l10n.t message.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findL10nCalls } from './l10nStrings';

const root = path.resolve(__dirname, '..', '..', '..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1] ?? '').sort();
}

function manifestKeys(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string') {
    const match = /^%([^%]+)%$/.exec(value);
    if (match?.[1] !== undefined) found.add(match[1]);
  } else if (Array.isArray(value)) {
    for (const item of value) manifestKeys(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) manifestKeys(item, found);
  }
  return found;
}

interface GlossaryTerm {
  readonly concept: string;
  readonly preferred: string;
  /** Where the English text says this (case-insensitive), the Chinese says `preferred`. */
  readonly english?: string;
  readonly rejected: readonly string[];
}

/** Each text whose Chinese breaks the glossary: a rejected variant, or the concept named in English but not in Chinese. */
function glossaryBreaches(terms: readonly GlossaryTerm[], texts: readonly { where: string; english: string; chinese: string }[]): string[] {
  return terms.flatMap((term) =>
    texts.flatMap(({ where, english, chinese }) => {
      const found = term.rejected.filter((variant) => chinese.includes(variant)).map((variant) => `${where}: ${variant} (${term.concept}: ${term.preferred})`);
      // Setting names and code are not words: `maas.chat.persona` says nothing of a chat.
      const said = term.english !== undefined && new RegExp(term.english, 'i').test(english.replace(/`[^`]*`|maas\.[\w.]+/g, ''));
      return said && !chinese.includes(term.preferred) ? [...found, `${where}: ${term.concept} is ${term.preferred}: ${chinese}`] : found;
    }),
  );
}

describe('localisation', () => {
  const english = readJson('package.nls.json');
  const chinese = readJson('package.nls.zh-cn.json');
  const bundle = readJson('l10n/bundle.l10n.zh-cn.json');
  const glossary = readJson('l10n/glossary.json') as unknown as { terms: GlossaryTerm[] };
  const productName = glossary.terms.find((term) => term.concept === 'the product')?.preferred;

  it('says each concept with one Chinese term, as l10n/glossary.json lists them', () => {
    const texts = [
      ...Object.entries(bundle).map(([message, text]) => ({ where: `bundle ${JSON.stringify(message)}`, english: message, chinese: String(text) })),
      ...Object.entries(chinese).map(([key, text]) => ({ where: `package.nls.zh-cn.json ${key}`, english: String(english[key] ?? ''), chinese: String(text) })),
    ];
    assert.deepEqual(glossaryBreaches(glossary.terms, texts), []);
  });

  it('the glossary check names a rejected variant and a concept left in other words', () => {
    const terms: GlossaryTerm[] = [
      { concept: 'chat', preferred: '聊天', english: '\\bchat\\b', rejected: ['对话视图'] },
      { concept: 'you', preferred: '你', rejected: ['您'] },
    ];
    const texts = [
      { where: 'a', english: 'Open Chat', chinese: '打开对话' },
      { where: 'b', english: 'The chat view', chinese: '对话视图' },
      { where: 'c', english: 'Set `maas.chat.persona`', chinese: '请您设置 `maas.chat.persona`' },
      { where: 'd', english: 'Open Chat', chinese: '打开聊天' },
    ];
    assert.deepEqual(glossaryBreaches(terms, texts), ['a: chat is 聊天: 打开对话', 'b: 对话视图 (chat: 聊天)', 'b: chat is 聊天: 对话视图', 'c: 您 (you: 你)']);
  });

  it('every %key% in package.json has an English and a Simplified Chinese text', () => {
    const keys = [...manifestKeys(readJson('package.json'), new Set())];
    assert.ok(keys.length >= 10, `expected the manifest to use nls keys, found ${keys.length}`);
    for (const key of keys) {
      assert.equal(typeof english[key], 'string', `package.nls.json lacks ${key}`);
      assert.equal(typeof chinese[key], 'string', `package.nls.zh-cn.json lacks ${key}`);
    }
  });

  it('package.nls.zh-cn.json translates exactly the keys of package.nls.json, none left in English', () => {
    assert.deepEqual(Object.keys(chinese).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(chinese)) {
      assert.ok(typeof text === 'string' && text.trim() !== '', `${key} is empty`);
      if (/[A-Za-z]{4,}\s+[A-Za-z]{4,}\s+[A-Za-z]{4,}/.test(String(english[key])) && !/[\u4e00-\u9fff]/.test(text)) {
        assert.fail(`${key} is not translated: ${text}`);
      }
    }
  });

  it('every vscode.l10n.t call has a literal message with a Simplified Chinese translation', () => {
    const calls = findL10nCalls(path.join(root, 'src'));
    assert.ok(calls.length >= 10, `expected runtime strings, found ${calls.length}`);
    for (const call of calls) {
      const where = `${path.relative(root, call.file)}:${call.line}`;
      assert.ok(call.message !== undefined, `${where}: l10n.t needs a literal message so its translation can be checked`);
      const translated = bundle[call.message];
      assert.equal(typeof translated, 'string', `${where}: no Simplified Chinese translation for ${JSON.stringify(call.message)}`);
      if (translated !== productName)
        assert.match(String(translated), /[\u4e00-\u9fff]/, `${where}: the translation of ${JSON.stringify(call.message)} has no Chinese text`);
      assert.deepEqual(placeholders(String(translated)), placeholders(call.message), `${where}: placeholders differ in the translation`);
    }
  });

  it('the bundle has no stale entries', () => {
    const used = new Set(findL10nCalls(path.join(root, 'src')).map((call) => call.message));
    const stale = Object.keys(bundle).filter((message) => !used.has(message));
    assert.deepEqual(stale, [], 'strings translated but no longer used');
  });
});
