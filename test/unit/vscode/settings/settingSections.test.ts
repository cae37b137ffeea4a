// What a user meets in the Settings editor: the settings in titled sections, each with the scope that says who may set
// it, every choice described, descriptions in the user's words (no field of the service's requests, no script of
// this repository), and no setting that exists only for the local service's tests.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { retrievalOptionsSchema } from '../../../../src/core/chat/chatRequest';
import { SPEECH_CODES_VARIABLE, speechCodeConvention } from '../../../../src/core/speech/speechProblems';
import { synthesisRequestSchema } from '../../../../src/core/speech/speechPayloads';
import { chatParamSpecs } from '../../../../src/shared/chatParams';
import { settingSections } from '../../../../src/vscode/settings/settingSections';
import { settingKeys, settingsDeclaration, type SettingDeclaration } from '../../../../src/vscode/settings/settingsDeclaration';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

interface Property {
  readonly scope?: string;
  readonly enum?: readonly unknown[];
  readonly enumDescriptions?: readonly string[];
  readonly markdownEnumDescriptions?: readonly string[];
  readonly markdownDescription?: string;
}
interface Section {
  readonly id?: string;
  readonly title?: string;
  readonly order?: number;
  readonly properties: Readonly<Record<string, Property>>;
}

const manifest = readJson<{ contributes: { configuration: unknown } }>('package.json');
const english = readJson<Record<string, string>>('package.nls.json');
const chinese = readJson<Record<string, string>>('package.nls.zh-cn.json');
const declarations: readonly SettingDeclaration[] = settingKeys.map((key) => settingsDeclaration[key]);
const key = (reference: string | undefined): string => /^%(.+)%$/.exec(reference ?? '')?.[1] ?? '';

function sections(): readonly Section[] {
  const configuration = manifest.contributes.configuration;
  assert.ok(Array.isArray(configuration), 'contributes.configuration is a list of titled sections');
  return configuration as Section[];
}

describe("the Settings editor's sections", () => {
  it('shows every setting in a titled section, the sections in their order, each title in English and Chinese', () => {
    const shown = sections();
    const expected = settingSections.filter((section) => declarations.some((setting) => setting.section === section.id)).map((section) => section.id);
    assert.deepEqual(
      shown.map((section) => section.id),
      expected.map((id) => `maas.${id}`),
    );
    const orders = shown.map((section) => section.order ?? -1);
    assert.deepEqual(
      orders,
      [...orders].sort((a, b) => a - b),
      'in the order of settingSections',
    );
    for (const section of shown) {
      assert.ok(english[key(section.title)] && chinese[key(section.title)], `${section.id}: a title in package.nls.json and package.nls.zh-cn.json`);
      for (const name of Object.keys(section.properties)) {
        const declared = declarations.find((setting) => setting.name === name);
        assert.equal(`maas.${declared?.section ?? ''}`, section.id, `${name} is in the section it names`);
      }
    }
    assert.deepEqual(shown.flatMap((section) => Object.keys(section.properties)).sort(), declarations.map((setting) => setting.name).sort());
  });

  it("gives each setting a scope: addresses per machine, the tool confirmation the user's alone", () => {
    for (const section of sections())
      for (const [name, property] of Object.entries(section.properties)) assert.ok(property.scope, `${name} declares its scope`);
    for (const address of [settingsDeclaration.baseUrl, settingsDeclaration.altBaseUrl, settingsDeclaration.consoleUrl])
      assert.equal(address.scope, 'machine-overridable', address.name);
    assert.equal(settingsDeclaration.knowledgeToolConfirm.scope, 'application');
    // A repository may set these in a trusted workspace (docs/security.md): a user-only scope would silently ignore it.
    for (const setting of declarations.filter((declaration) => declaration.restricted === true))
      assert.ok(!['application', 'machine'].includes(setting.scope), `${setting.name} stays settable by a trusted workspace`);
  });

  it('describes every choice of every setting, in English and Chinese', () => {
    for (const section of sections())
      for (const [name, property] of Object.entries(section.properties)) {
        if (property.enum === undefined) continue;
        const descriptions = property.markdownEnumDescriptions ?? property.enumDescriptions ?? [];
        assert.equal(descriptions.length, property.enum.length, `${name}: a description for each of ${JSON.stringify(property.enum)}`);
        for (const reference of descriptions) assert.ok(english[key(reference)] && chinese[key(reference)], `${name}: ${reference}`);
      }
  });

  it("keeps the service's field names, documentation placeholders and the repository's scripts out of the descriptions", () => {
    const fields = [
      ...Object.keys(synthesisRequestSchema.shape),
      ...Object.keys(retrievalOptionsSchema.shape),
      ...Object.values(chatParamSpecs).map((spec) => spec.wireName),
    ].filter((field) => /_|volumn/.test(field));
    assert.ok(fields.includes('volumn') && fields.includes('max_tokens'), fields.join(', '));
    const found = Object.entries({ ...english, ...Object.fromEntries(Object.entries(chinese).map(([k, v]) => [`${k} (zh-cn)`, v])) })
      .filter(([name]) => name.startsWith('configuration.'))
      .flatMap(([name, text]) => [
        ...fields.filter((field) => new RegExp(`\\b${field}\\b`).test(text)).map((field) => `${name}: ${field}`),
        ...[...text.matchAll(/npm run \w+|\{[a-z_]+\}/g)].map((match) => `${name}: ${match[0]}`),
      ]);
    assert.deepEqual(found, []);
  });
});

describe("the local service's speech codes", () => {
  it('are no setting: only the environment of the extension host names them', () => {
    const names = sections().flatMap((section) => Object.keys(section.properties));
    assert.ok(!names.some((name) => name.startsWith('maas.speech.errorCodes')), 'maas.speech.errorCodes is not in the Settings editor');
    assert.equal(speechCodeConvention({}), 'spec');
    assert.equal(speechCodeConvention({ [SPEECH_CODES_VARIABLE]: 'localService' }), 'localService');
    assert.equal(speechCodeConvention({ [SPEECH_CODES_VARIABLE]: 'LocalService ' }), 'spec', 'only the exact word');
  });
});
