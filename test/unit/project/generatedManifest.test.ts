// package.json's settings, commands and restricted settings are generated from their declarations (src/vscode/settings/
// settingsDeclaration.ts, src/vscode/commandIds.ts) by `npm run generate`: package.json must hold exactly what the
// generator writes, so an edit of one without the other fails here (and so in CI) with what differs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { generatedManifest } from '../../../scripts/manifestContributions';

const root = path.resolve(__dirname, '..', '..', '..');

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Where `actual` (package.json) and `expected` (generated) differ: one line per value, path first. */
function differences(where: string, actual: Json | undefined, expected: Json | undefined): string[] {
  const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(actual) && isObject(expected)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    return keys.flatMap((key) => differences(/^[A-Za-z]\w*$/.test(key) ? `${where}.${key}` : `${where}[${JSON.stringify(key)}]`, actual[key], expected[key]));
  }
  if (Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length) {
    return actual.flatMap((item, index) => differences(`${where}[${index}]`, item, expected[index]));
  }
  if (JSON.stringify(actual) === JSON.stringify(expected)) return [];
  const shown = (value: Json | undefined): string => (value === undefined ? 'nothing' : JSON.stringify(value));
  return [`${where.replace(/^\./, '')}: package.json has ${shown(actual)}, the declarations say ${shown(expected)}`];
}

/** What a failing check says: each difference, or (when only the order or the layout differs) the first line that does. */
function manifestMismatch(actualText: string, expectedText: string): string {
  const lines = differences('', JSON.parse(actualText) as Json, JSON.parse(expectedText) as Json);
  if (lines.length === 0) {
    const actual = actualText.split('\n');
    const index = expectedText.split('\n').findIndex((line, i) => line !== actual[i]);
    lines.push(`the order or layout differs from line ${index + 1}: ${JSON.stringify(actual[index])}`);
  }
  return `package.json differs from the declarations; run \`npm run generate\` and commit package.json.\n${lines.slice(0, 20).join('\n')}`;
}

describe('package.json generated from the declarations', () => {
  it('holds exactly the generated settings, commands and restricted settings, and the rest as written', () => {
    const actual = readFileSync(path.join(root, 'package.json'), 'utf8');
    const expected = generatedManifest(actual);
    if (actual !== expected) assert.fail(manifestMismatch(actual, expected));
  });

  it('names each difference: a changed range, a setting only one side has, a reordering', () => {
    const text = readFileSync(path.join(root, 'package.json'), 'utf8');
    const expected = generatedManifest(text);
    const edited = JSON.parse(expected) as {
      contributes: { configuration: { id: string; properties: Record<string, Record<string, Json>> }[]; commands: { command: string }[] };
    };
    const section = (id: string): Record<string, Record<string, Json>> => {
      const found = edited.contributes.configuration.find((candidate) => candidate.id === id);
      assert.ok(found, id);
      return found.properties;
    };
    const fontSize = section('maas.chat')['maas.chat.fontSize'];
    assert.ok(fontSize);
    fontSize['maximum'] = 40;
    section('maas.chat')['maas.chat.lineHeight'] = { type: 'integer', default: 20 };
    delete section('maas.speech')['maas.speech.pitch'];
    const message = manifestMismatch(`${JSON.stringify(edited, null, 2)}\n`, expected);
    assert.match(message, /run `npm run generate`/);
    assert.match(message, /configuration\[\d+\]\.properties\["maas\.chat\.fontSize"\]\.maximum: package\.json has 40, the declarations say 32/);
    assert.match(message, /\["maas\.chat\.lineHeight"\]: package\.json has \{"type":"integer","default":20\}, the declarations say nothing/);
    assert.match(message, /\["maas\.speech\.pitch"\]: package\.json has nothing, the declarations say \{"type":"integer"/);

    const reordered = JSON.parse(expected) as typeof edited;
    reordered.contributes.commands.reverse();
    assert.match(
      manifestMismatch(`${JSON.stringify(reordered, null, 2)}\n`, expected),
      /^contributes\.commands\[0\]\.command: package\.json has "maas\.toggleReadAnswers"/m,
    );
    assert.match(manifestMismatch(expected.replace('"maas.baseUrl": {', '"maas.baseUrl":  {'), expected), /the order or layout differs from line \d+/);
  });
});
