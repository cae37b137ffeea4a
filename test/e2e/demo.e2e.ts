// `npm run demo` as a new user runs it: the script starts, prints one URL, the VS Code behind it has the extension
// configured against the local service with a key already stored, a question gets an answer, and Ctrl-C (SIGINT)
// stops everything it started.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { launchBrowser } from '../harness/browser';
import { repoRoot } from '../harness/tools';
import { ask, openChat, waitForStatus } from './chatView';
import { waitForWorkbench } from './workbench';

/** Resolves with the first match of `pattern` in the process's output; rejects if it exits first or time runs out. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, output: { text: string }): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output.text}`)), timeoutMs);
    const look = (): void => {
      const match = pattern.exec(output.text);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited (${code}) before printing ${pattern}; output:\n${output.text}`));
    });
  });
}

async function reachable(url: string): Promise<boolean> {
  return fetch(url).then(() => true, () => false);
}

describe('npm run demo', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-demo-'));
  let demo: ChildProcess | undefined;

  after(() => {
    if (demo?.exitCode === null) demo.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the URL of a VS Code where the extension answers at once, and Ctrl-C stops it all', async () => {
    const output = { text: '' };
    demo = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'demo.ts')], {
      cwd: repoRoot,
      env: { ...process.env, MAAS_DEMO_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demo.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    demo.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    const [, url] = await waitForOutput(demo, /Open this URL:\s+(\S+)/, 240_000, output);
    const [, serviceUrl] = /local service:\s+(\S+)/.exec(output.text) ?? [];
    assert.ok(url && serviceUrl, output.text);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\//, 'loopback only');

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(url);
      await waitForWorkbench(page);
      const view = await openChat(page);
      const turn = await ask(view, 'What does MaaS Assistant do?');
      assert.equal(await waitForStatus(turn, ['done'], 60_000), 'done', 'answered: the key and the service address are set up');
      assert.ok(((await turn.locator('[data-testid="answer"]').textContent()) ?? '').length > 20);
    } finally {
      await browser.close();
    }

    const exited = new Promise<number | null>((resolve) => demo?.once('exit', (code) => resolve(code)));
    demo.kill('SIGINT');
    assert.equal(await exited, 0, 'Ctrl-C ends the demo cleanly');
    assert.equal(await reachable(serviceUrl), false, 'the local service is stopped');
    assert.equal(await reachable(url), false, 'code-server is stopped');
  });
});
