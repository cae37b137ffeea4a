// The walkthrough's steps complete and say what is: each completion event names a command of the CommandId table,
// the contributed view, a setting, or a context key the extension sets; a step's buttons fire one of its events (or
// run the command whose file sets its context key); a button naming a MaaS command is labelled with its title, in
// English and Chinese; every step has its image, drawn in the theme's colours.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CommandId } from '../../../src/vscode/commandIds';
import { ContextKey } from '../../../src/vscode/contributionIds';
import { settingNames } from '../../../src/vscode/settings/settingsDeclaration';
import { alternatives } from './whenClauses';

interface Step {
  id: string;
  description: string;
  media: { svg?: string; markdown?: string; image?: unknown };
  completionEvents?: string[];
  when?: string;
}

const root = path.resolve(__dirname, '..', '..', '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const manifest = readJson('package.json') as {
  contributes: { walkthroughs: { steps: Step[] }[]; views: Record<string, { id: string }[]>; commands: { command: string; title: string }[] };
};
const languages = { en: readJson('package.nls.json'), 'zh-cn': readJson('package.nls.zh-cn.json') } as Record<string, Record<string, string>>;
const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
const views = new Set(
  Object.values(manifest.contributes.views)
    .flat()
    .map((v) => v.id),
);
const commands = new Set<string>(Object.values(CommandId));
const settings = new Set<string>(Object.values(settingNames));
const nlsText = (text: string, language = 'en'): string => languages[language]?.[text.replace(/^%|%$/g, '')] ?? text;

/** Context keys the extension sets, `executeCommand('setContext', ContextKey.name, …)` in src, and the files that set each. */
function contextKeysSet(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const match of readFileSync(file, 'utf8').matchAll(/'setContext',\s*ContextKey\.(\w+)/g)) {
      const key = ContextKey[match[1] as keyof typeof ContextKey] as string | undefined;
      if (key !== undefined) keys.set(key, [...(keys.get(key) ?? []), path.relative(root, file)]);
    }
  }
  return keys;
}

/** Whether a when clause holds where the context keys have these values (a key not given is unset). */
function holdsIn(when: string, context: Readonly<Record<string, boolean>>): boolean {
  return alternatives(when).some((literals) =>
    literals.every((literal) => {
      assert.equal(literal.op, 'truthy', `${when}: only keys that are on or off are read here`);
      return (context[literal.key] === true) !== literal.negated;
    }),
  );
}

/** The commands of a description's buttons (`[label](command:id…)`), with their labels. */
function buttons(description: string): { label: string; command: string }[] {
  return [...description.matchAll(/\[([^\]]+)\]\(command:([\w.]+)/g)].map((m) => ({ label: m[1] ?? '', command: m[2] ?? '' }));
}

describe('walkthrough', () => {
  it('every completion event can fire', () => {
    const contexts = contextKeysSet();
    for (const step of steps) {
      assert.ok((step.completionEvents ?? []).length > 0, `${step.id} has completion events (else it completes on a click)`);
      for (const event of step.completionEvents ?? []) {
        const [kind, name = ''] = event.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(commands.has(name), `${step.id}: ${event} names a MaaS command`);
        else if (kind === 'onView') assert.ok(views.has(name), `${step.id}: ${event} names the contributed view`);
        else if (kind === 'onContext') assert.ok(contexts.has(name), `${step.id}: ${event} is a context key the extension sets`);
        else if (kind === 'onSettingChanged') assert.ok(settings.has(name), `${step.id}: ${event} names a MaaS setting`);
        else assert.fail(`${step.id}: unexpected completion event ${event}`);
      }
    }
  });

  it("a button of each step completes it: it fires one of the step's events, or runs the command that sets its context key", () => {
    const contexts = contextKeysSet();
    for (const step of steps) {
      const events = step.completionEvents ?? [];
      const fired = buttons(nlsText(step.description)).flatMap(({ command }) => [
        `onCommand:${command}`,
        ...(command.endsWith('.focus') ? [`onView:${command.slice(0, -'.focus'.length)}`] : []),
        // A command `maas.<key>` runs src/vscode/commands/<key>.ts: the context keys that file sets.
        ...[...contexts]
          .filter(([, files]) => files.includes(path.join('src', 'vscode', 'commands', `${command.replace(/^maas\./, '')}.ts`)))
          .map(([key]) => `onContext:${key}`),
      ]);
      assert.ok(
        fired.some((event) => events.includes(event)),
        `${step.id}: a button completes it (buttons fire ${fired.join(', ') || 'nothing'})`,
      );
    }
  });

  it('the first step is the connection, done when Test Connection passes (not when it merely runs)', () => {
    assert.equal(steps[0]?.id, 'connect');
    assert.deepEqual(steps[0]?.completionEvents, [`onContext:${ContextKey.connectionVerified}`]);
    assert.deepEqual(contextKeysSet().get(ContextKey.connectionVerified), [path.join('src', 'vscode', 'commands', 'testConnection.ts')]);
    assert.match(nlsText(steps[0]?.description ?? ''), /\(command:workbench\.action\.openSettings\?%5B%22maas\.baseUrl%22%5D\)/);
  });

  it('the key step also completes when a key is already set (the status bar sets maas.apiKeySet)', () => {
    assert.ok(steps.find((s) => s.id === 'setKey')?.completionEvents?.includes('onContext:maas.apiKeySet'));
  });

  it("VS Code's chat step shows where VS Code's chat is there to set up and the MaaS models are on in it, nowhere else", () => {
    const when = steps.find((s) => s.id === 'nativeChat')?.when ?? 'true';
    const on = { [`config.${settingNames.nativeChatEnabled}`]: true };
    const situations: [string, Record<string, boolean>, boolean][] = [
      ["VS Code's chat on", on, true],
      // A fresh profile: VS Code keeps its built-in chat extension off until set-up, which is what the step's button does.
      ["VS Code's chat not set up yet", { ...on, chatSetupDisabled: true }, true],
      // A host that sets none of VS Code's chat keys: nothing says its chat is hidden.
      ["a host without VS Code's chat context keys", on, true],
      ['maas.nativeChat.enabled off', { chatSetupDisabled: true }, false],
      // VS Code sets chatSetupHidden while chat.disableAIFeatures is on, or a policy hides its chat.
      ['chat.disableAIFeatures on', { ...on, chatSetupHidden: true }, false],
      ["VS Code's chat extension disabled in this workspace", { ...on, chatSetupDisabledInWorkspace: true }, false],
    ];
    assert.deepEqual(
      situations.map(([name, context]) => [name, holdsIn(when, context)]),
      situations.map(([name, , shown]) => [name, shown]),
    );
  });

  it('a button that runs a MaaS command carries its Command Palette title, in English and in Chinese', () => {
    for (const language of Object.keys(languages))
      for (const step of steps)
        for (const { label, command } of buttons(nlsText(step.description, language))) {
          const declared = manifest.contributes.commands.find((c) => c.command === command);
          if (declared !== undefined) assert.equal(label, nlsText(declared.title, language), `${step.id} (${language}): the button of ${command}`);
        }
  });

  it('a button under maas. runs a command of the Command Palette, whose title it can carry', () => {
    const declared = new Set(manifest.contributes.commands.map((c) => c.command));
    const undeclared = steps.flatMap((step) =>
      buttons(nlsText(step.description))
        .filter(({ command }) => command.startsWith('maas.') && !declared.has(command))
        .map(({ label, command }) => `${step.id}: [${label}](command:${command})`),
    );
    assert.deepEqual(undeclared, []);
  });

  it("a step's text names a command as the Command Palette does, MaaS: and its title, in English and in Chinese", () => {
    const prose = (step: Step, language: string): string =>
      `${nlsText(`%walkthrough.${step.id}.title%`, language)}\n${nlsText(step.description, language).replace(/\[[^\]]*\]\([^)]*\)/g, '')}`;
    const wrong: string[] = [];
    for (const language of Object.keys(languages)) {
      const titles = manifest.contributes.commands.map((c) => nlsText(c.title, language));
      for (const step of steps)
        for (const match of prose(step, language).matchAll(/MaaS[:：]\s*/g)) {
          const rest = prose(step, language).slice((match.index ?? 0) + match[0].length);
          if (!titles.some((title) => rest.startsWith(title) && !/^[\p{L}\d]/u.test(rest.slice(title.length))))
            wrong.push(`${step.id} (${language}): MaaS: ${rest.slice(0, 40)}`);
        }
    }
    // English titles are words a sentence does not capitalise: one in a step's text is the command's, named with MaaS:.
    const titles = manifest.contributes.commands.map((c) => nlsText(c.title));
    for (const step of steps)
      for (const title of titles)
        for (const match of prose(step, 'en').matchAll(new RegExp(`(?<!MaaS: )\\b${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g')))
          wrong.push(`${step.id}: ${title} without MaaS: at ${match.index}`);
    assert.deepEqual(wrong, []);
  });

  it("every step has an image, an SVG in the theme's colours: no fixed colour but a fallback, no script, no outside reference", () => {
    for (const step of steps) {
      assert.ok(step.media.svg, `${step.id} has an SVG image`);
      const file = path.join(root, step.media.svg);
      assert.ok(existsSync(file), `${step.media.svg} exists`);
      const svg = readFileSync(file, 'utf8');
      assert.ok(svg.length < 8_000, `${step.media.svg} is small (${svg.length} characters)`);
      assert.match(svg, /var\(--vscode-/, `${step.media.svg} uses the theme's colours`);
      const fixed = [...svg.matchAll(/#[0-9a-f]{3,6}\b|rgb\(/gi)].filter((m) => !/var\(--vscode-[\w-]+,\s*$/.test(svg.slice(0, m.index)));
      assert.deepEqual(
        fixed.map((m) => m[0]),
        [],
        `${step.media.svg}: a fixed colour only as the fallback of a theme colour`,
      );
      assert.doesNotMatch(svg, /<script|href=|url\(/i, `${step.media.svg} loads and runs nothing`);
    }
  });
});
