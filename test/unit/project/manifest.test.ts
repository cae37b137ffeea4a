import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { CommandId } from '../../../src/vscode/commandIds';
import { ContextKey, LM_VENDOR, PARTICIPANT_ID, ViewId } from '../../../src/vscode/contributionIds';
import { featureSettingNames, settingNames, settingSchemas } from '../../../src/vscode/settings/settingsSchema';

interface JsonSchema {
  readonly type?: string | string[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly [facet: string]: unknown;
}

interface Manifest {
  engines: { vscode: string };
  capabilities: { untrustedWorkspaces: { supported: boolean | 'limited'; restrictedConfigurations?: string[] } };
  main: string;
  activationEvents?: string[];
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, JsonSchema & { markdownDescription?: string; description?: string }> };
    views: Record<string, { id: string; type?: string }[]>;
    chatParticipants: { id: string }[];
    languageModelChatProviders: { vendor: string }[];
    walkthroughs: { steps: { completionEvents?: string[] }[] }[];
  };
}

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

/** The facets compared; the manifest's other keywords (descriptions, order, patterns of the address) are its own. */
const FACETS = ['type', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'enum'] as const;
type Facets = Partial<Record<(typeof FACETS)[number], unknown>>;

function pick(schema: JsonSchema): Facets {
  return Object.fromEntries(FACETS.filter((facet) => schema[facet] !== undefined).map((facet) => [facet, schema[facet]]));
}

/**
 * The schema's facets in the manifest's terms, from zod's JSON Schema of what the setting accepts: a choice of
 * literals is an `enum` (of integers, `integer`), and a value that may be null has the type `[type, "null"]`.
 */
function schemaFacets(schema: z.ZodType): Facets {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const members = json.anyOf;
  if (members === undefined) return pick(json);
  if (members.every((member) => member.const !== undefined)) {
    const values = members.map((member) => member.const);
    return { type: values.every((value) => Number.isInteger(value)) ? 'integer' : typeof values[0], enum: values };
  }
  const [only, ...others] = members.filter((member) => member.type !== 'null');
  if (only !== undefined && others.length === 0 && members.length === 2) return { ...pick(only), type: [only.type, 'null'] };
  return pick(json);
}

/** What the manifest's default means once the extension has parsed it: the same as the schema's own default. */
function defaultsAgree(name: string, schema: z.ZodType, manifestDefault: unknown): void {
  const parsed = schema.safeParse(manifestDefault);
  assert.ok(parsed.success, `${name}: package.json's default ${JSON.stringify(manifestDefault)} is refused by settingsSchema.ts`);
  assert.deepEqual(parsed.data, schema.parse(undefined), `${name}: package.json's default differs from settingsSchema.ts's`);
}

describe('package.json', () => {
  it('declares exactly the commands of the CommandId table, each in the MaaS category', () => {
    assert.deepEqual(manifest.contributes.commands.map((c) => c.command).sort(), Object.values(CommandId).sort());
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'MaaS', command.command);
  });

  it('activates after start-up whatever is on screen (a long-text task of an earlier window resumes), and on demand', () => {
    // Since VS Code 1.74 a contributed view and contributed commands are implicit activation events
    // (onView:maas.chatView, onCommand:maas.*). onStartupFinished adds one: a long-text synthesis task left pending by
    // a reload or a restart must be followed to its file even when nothing of the extension is shown.
    // It comes after the workbench has started, and activation costs ~30 ms (the README's Activation section).
    assert.deepEqual(manifest.activationEvents, ['onStartupFinished']);
    assert.ok(Number(/\^1\.(\d+)/.exec(manifest.engines.vscode)?.[1]) >= 74, 'implicit activation events need VS Code 1.74');
  });

  it("contributes the chat webview view, @maas, the language models and the walkthrough's context key under the ids of contributionIds.ts", () => {
    const views = Object.values(manifest.contributes.views).flat();
    assert.ok(views.some((v) => v.id === ViewId.chat && v.type === 'webview'));
    assert.deepEqual(
      manifest.contributes.chatParticipants.map((p) => p.id),
      [PARTICIPANT_ID],
    );
    assert.deepEqual(
      manifest.contributes.languageModelChatProviders.map((p) => p.vendor),
      [LM_VENDOR],
    );
    const events = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((step) => step.completionEvents ?? []));
    assert.ok(events.includes(`onContext:${ContextKey.apiKeySet}`), 'the walkthrough completes the key step on the context key');
  });

  it('describes every maas.* setting with a type and a localised description', () => {
    const properties = manifest.contributes.configuration.properties;
    for (const name of ['maas.baseUrl', 'maas.altBaseUrl', 'maas.models.chat', 'maas.models.vision']) {
      assert.ok(properties[name], `missing ${name}`);
    }
    for (const [name, property] of Object.entries(properties)) {
      assert.ok(name.startsWith('maas.'), name);
      assert.ok(property.type, `${name} has no type`);
      assert.match(property.markdownDescription ?? property.description ?? '', /^%.+%$/, `${name} description is not localised`);
    }
    assert.equal(properties['maas.models.chat']?.default, 'svc_llm');
    assert.equal(properties['maas.models.vision']?.default, 'svc_vl');
  });

  it('in Restricted Mode a workspace sets none of the addresses, the persona, the models or the knowledge bases', () => {
    // VS Code ignores a workspace's value of a restricted setting while the folder is not trusted: a repository can
    // neither send the credentials elsewhere nor steer the answers (system prompt, model, knowledge bases) there.
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited', 'restrictedConfigurations apply only to a limited-support extension');
    const expected = [
      settingNames.baseUrl,
      settingNames.altBaseUrl,
      settingNames.consoleUrl,
      settingNames.persona,
      settingNames.chatModel,
      settingNames.visionModel,
      settingNames.extraModels,
      featureSettingNames.knowledgeBases,
      featureSettingNames.knowledgeTipsText,
    ];
    assert.deepEqual([...(untrusted.restrictedConfigurations ?? [])].sort(), [...expected].sort());
  });

  it('targets the lowest VS Code with the language-model provider API (which also runs the Node undici needs)', () => {
    assert.equal(manifest.engines.vscode, '^1.104.0');
    const typesVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/@types/vscode/package.json'), 'utf8')) as { version: string }).version;
    assert.ok(typesVersion.startsWith('1.104.'), `@types/vscode ${typesVersion} must match engines.vscode, or newer API could slip in`);
  });
});

// Each setting is declared twice: here, for VS Code's Settings editor and settings.json validation, and in
// settingsSchema.ts, which the extension parses the values with. The two say the same: the same settings, and for
// each the same type, default, minimum and maximum (of a number, a text's length, a list's size) and choices.
describe('the settings of package.json and settingsSchema.ts', () => {
  const properties = manifest.contributes.configuration.properties;
  it('are the same settings', () => {
    assert.deepEqual(Object.keys(properties).sort(), [...settingSchemas.keys()].sort());
  });

  for (const [name, schema] of settingSchemas) {
    it(`${name}: the same type, default, limits and choices`, () => {
      const declared = properties[name];
      assert.ok(declared, `package.json does not declare ${name}`);
      assert.ok('default' in declared, `${name} has no default in package.json`);
      defaultsAgree(name, schema, declared.default);
      assert.deepEqual(pick(declared), schemaFacets(schema), `${name}: package.json and settingsSchema.ts differ`);
    });
  }
});
