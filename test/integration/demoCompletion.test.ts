// The demo's inline completion, as the README's screenshot shows it: in demo/workspace/charts.ts, Enter at the end of
// the line `weekly: showWeekly,` asks for the rest of the new line, through the completion engine and the extension's
// own client, of the local service; the ghost text is the entry the table lacks, named as the file names it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CompletionEngine } from '../../src/core/completions/completionEngine';
import { CompletionPrivacy } from '../../src/core/completions/completionPrivacy';
import { readCompletionWindow } from '../../src/core/completions/completionWindow';
import { useLocalService } from './localServiceFixture';

const workspace = path.resolve(__dirname, '..', '..', 'demo', 'workspace');
const CHARTS = path.join(workspace, 'charts.ts');

describe('the demo: inline completion in charts.ts', () => {
  const fixture = useLocalService();

  it('Enter after `weekly: showWeekly,` shows `monthly: showMonthly,` as ghost text', async () => {
    const lines = readFileSync(CHARTS, 'utf8').split('\n');
    const at = lines.findIndex((line) => line === '  weekly: showWeekly,');
    assert.ok(at >= 0, 'charts.ts has the line the README points at');
    // Enter at its end: VS Code opens a new line with the same indentation and puts the cursor after it.
    lines.splice(at + 1, 0, '  ');
    const decision = new CompletionPrivacy().decide({ scheme: 'file', path: CHARTS, relativePath: 'charts.ts' });
    assert.ok(decision.send);
    const client = fixture().client();
    const engine = new CompletionEngine({ streamChat: (request, options) => client.streamChat(request, options) });
    const suggestion = await engine.complete({
      path: decision.promptPath,
      language: 'typescript',
      window: readCompletionWindow({ lineCount: lines.length, lineAt: (n) => lines[n] ?? '' }, { line: at + 1, character: 2 }),
      mode: 'line',
      trigger: 'explicit',
      signal: new AbortController().signal,
    });
    engine.dispose();
    assert.deepEqual(suggestion, { insertText: 'monthly: showMonthly,', replaceBefore: 0, replaceAfter: 0 });
  });
});
