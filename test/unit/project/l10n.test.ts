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

describe('localisation', () => {
  const english = readJson('package.nls.json');
  const chinese = readJson('package.nls.zh-cn.json');
  const bundle = readJson('l10n/bundle.l10n.zh-cn.json');

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
