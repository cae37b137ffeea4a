// The walkthrough's steps complete: each completion event names a command of the CommandId table, the contributed
// view, or a context key the extension sets; and the button in a step's description fires one of its events.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CommandId } from '../../../src/vscode/commandIds';
import { ContextKey } from '../../../src/vscode/contributionIds';

interface Step {
  id: string;
  description: string;
  completionEvents?: string[];
}

const root = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { steps: Step[] }[]; views: Record<string, { id: string }[]> };
};
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
const views = new Set(
  Object.values(manifest.contributes.views)
    .flat()
    .map((v) => v.id),
);
const commands = new Set<string>(Object.values(CommandId));

/** Context keys the extension sets: `executeCommand('setContext', ContextKey.name, …)` in src, by the table's value. */
function contextKeysSet(): Set<string> {
  const keys = new Set<string>();
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/'setContext',\s*ContextKey\.(\w+)/g)) {
      const key = ContextKey[match[1] as keyof typeof ContextKey] as string | undefined;
      if (key !== undefined) keys.add(key);
    }
  }
  return keys;
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
        else assert.fail(`${step.id}: unexpected completion event ${event}`);
      }
    }
  });

  it('the button of each step fires one of its completion events', () => {
    for (const step of steps) {
      const description = nls[step.description.replace(/^%|%$/g, '')] ?? step.description;
      const button = /\(command:([\w.]+)\)/.exec(description)?.[1];
      assert.ok(button, `${step.id} has a button`);
      const fired = [`onCommand:${button}`, ...(button.endsWith('.focus') ? [`onView:${button.slice(0, -'.focus'.length)}`] : [])];
      assert.ok(
        fired.some((event) => step.completionEvents?.includes(event)),
        `${step.id}: its button (${button}) completes it`,
      );
    }
  });

  it('the key step also completes when a key is already set (the status bar sets maas.apiKeySet)', () => {
    assert.ok(steps.find((s) => s.id === 'setKey')?.completionEvents?.includes('onContext:maas.apiKeySet'));
  });
});
