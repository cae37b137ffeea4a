// What package.json says by hand (its settings and commands are generated and checked by generatedManifest.test.ts):
// when the extension activates, the ids it contributes under, and the VS Code it needs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ContextKey, LM_VENDOR, PARTICIPANT_ID, ViewId } from '../../../src/vscode/contributionIds';
import { settingNames } from '../../../src/vscode/settings/settingsDeclaration';

interface Manifest {
  engines: { vscode: string };
  capabilities: { untrustedWorkspaces: { supported: boolean | 'limited'; restrictedConfigurations?: string[] } };
  main: string;
  activationEvents?: string[];
  contributes: {
    views: Record<string, { id: string; type?: string }[]>;
    chatParticipants: {
      id: string;
      when?: string;
      sampleRequest?: string;
      commands: { name: string; sampleRequest?: string }[];
    }[];
    languageModelChatProviders: { vendor: string }[];
    walkthroughs: { steps: { completionEvents?: string[] }[] }[];
  };
}

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const nls = (file: string): Record<string, string> => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

describe('package.json', () => {
  it('activates after start-up whatever is on screen (a long-text task of an earlier window resumes), and on demand', () => {
    // Since VS Code 1.74 a contributed view and contributed commands are implicit activation events
    // (onView:maas.chatView, onCommand:maas.*). onStartupFinished adds one: a long-text synthesis task left pending by
    // a reload or a restart must be followed to its file even when nothing of the extension is shown.
    // It comes after the workbench has started; docs/performance.md gives what activation costs.
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

  it("lists @maas in VS Code's @ list only while maas.nativeChat.enabled is on, with a sample question in both languages for it and each command", () => {
    // The workbench evaluates a participant's `when` wherever it lists participants; a `config.` key follows the setting
    // live. Without it the participant stays listed after the extension has removed its handler.
    const [participant] = manifest.contributes.chatParticipants;
    assert.ok(participant);
    assert.equal(participant.when, `config.${settingNames.nativeChatEnabled}`);
    const samples = [participant.sampleRequest, ...participant.commands.map((command) => command.sampleRequest)];
    for (const [file, texts] of [
      ['package.nls.json', nls('package.nls.json')],
      ['package.nls.zh-cn.json', nls('package.nls.zh-cn.json')],
    ] as const) {
      for (const sample of samples) {
        const key = /^%(.+)%$/.exec(sample ?? '')?.[1];
        assert.ok(key !== undefined && (texts[key] ?? '').trim() !== '', `${String(sample)}: a localised sample request in ${file}`);
      }
    }
  });

  it('in Restricted Mode a workspace sets none of the addresses, the persona, the models, the knowledge bases or the completions switch', () => {
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
      settingNames.knowledgeBases,
      settingNames.knowledgeTipsText,
      settingNames.completionsEnabled,
      settingNames.completionsModel,
    ];
    assert.deepEqual([...(untrusted.restrictedConfigurations ?? [])].sort(), [...expected].sort());
  });

  it('targets the lowest VS Code with the language-model provider API (which also runs the Node undici needs)', () => {
    assert.equal(manifest.engines.vscode, '^1.104.0');
    const typesVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/@types/vscode/package.json'), 'utf8')) as { version: string }).version;
    assert.ok(typesVersion.startsWith('1.104.'), `@types/vscode ${typesVersion} must match engines.vscode, or newer API could slip in`);
  });
});
