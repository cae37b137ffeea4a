// The chat view's strings come from one table, src/vscode/chat/webviewStrings.ts: every key of webviewStringKeys has
// its English text there and its Simplified Chinese translation in the bundle, with the same placeholders; the
// browser tests' English is that table's (test/browser/englishStrings.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { webviewStringKeys } from '../../../../src/shared/webviewStringKeys';
import { actionTitles, webviewStrings } from '../../../../src/vscode/chat/webviewStrings';
import { englishStrings } from '../../../browser/englishStrings';

const bundle = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
const placeholders = (text: string): string[] => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

describe('webviewStrings', () => {
  const english = webviewStrings({ t: (message) => message });
  const chinese = webviewStrings({ t: (message) => bundle[message] ?? `(untranslated) ${message}` });

  it('words every key of webviewStringKeys, in English and in Simplified Chinese, with the same placeholders', () => {
    assert.deepEqual(Object.keys(english).sort(), [...webviewStringKeys].sort());
    for (const key of webviewStringKeys) {
      assert.ok(english[key].trim() !== '', `${key} has no English text`);
      assert.doesNotMatch(chinese[key], /^\(untranslated\)/, `${key} has no Chinese translation`);
      assert.deepEqual(placeholders(chinese[key]), placeholders(english[key]), `${key}: placeholders differ`);
    }
  });

  it("is the English the browser tests send, and its action titles are @maas's", () => {
    assert.deepEqual(englishStrings, english);
    const titles = actionTitles({ t: (message) => message });
    for (const [action, title] of Object.entries(titles)) assert.equal(english[action as keyof typeof english], title, action);
  });
});
