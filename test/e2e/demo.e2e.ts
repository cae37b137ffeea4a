// `npm run demo` as a new user runs it: the script starts, prints one URL and the password that URL's sign-in page
// asks for (without it, and with a wrong one, there is no editor), the VS Code behind it has the extension
// configured against the local service with a key already stored, a question gets an answer, the flows the demo
// workspace's README suggests work as written (a cited knowledge-base answer about example.ts, a description of
// the workspace's image, notes.md read aloud), and Ctrl-C (SIGINT) stops everything it started, every process of
// its tree included. A failure leaves a screenshot, the demo's
// output and the code-server and extension-host logs in .test-results/demo/.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { extensionHostLogsIn } from '../harness/codeServer';
import { extensionErrors } from '../harness/extensionHostLog';
import { codeServerLogFiles, saveArtifacts } from '../harness/failureArtifacts';
import { killTree, processTree, running } from '../harness/processTree';
import { extensionId, repoRoot } from '../harness/tools';
import { ask, openChat, until, waitForStatus } from './chatView';
import { acceptQuickInput, chatView, contextMenu, openFile, runCommand, signIn, signInField, waitForWorkbench } from './workbench';

/** Starts `npm run demo`'s script on its own data folder; its output (both streams) collects in `output.text`. */
function startDemo(dir: string, output: { text: string }): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'demo.ts')], {
    cwd: repoRoot,
    env: { ...process.env, MAAS_DEMO_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  return child;
}

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
  return fetch(url).then(
    () => true,
    () => false,
  );
}

async function allGone(pids: readonly number[], timeoutMs: number): Promise<number[]> {
  await waitFor(() => !pids.some(running), { what: 'the processes to end', timeoutMs, intervalMs: 100 }).catch(() => undefined);
  return pids.filter(running);
}

/** The flows of demo/workspace/README.md, as written there. */
async function suggestedFlows(page: Page): Promise<void> {
  // Ask the knowledge base about the whole movingAverage function: cited, from the document "Moving averages".
  // Its turn is the one after those the chat already holds: on a loaded machine the view may not have it yet when
  // the last prompt closes, and the last turn would still be the earlier answer.
  const turnsBefore = await chatView(page).locator('[data-testid="turn"]').count();
  await openFile(page, 'example.ts');
  const editor = page.locator('.monaco-editor .view-lines').first();
  await editor.click();
  await page.keyboard.press('Control+A');
  await contextMenu(page, editor, 'Ask Knowledge Base about Selection');
  await acceptQuickInput(page, 'Knowledge bases to search');
  await acceptQuickInput(page, 'Ask the knowledge base');
  await acceptQuickInput(page, 'Answer mode');
  let view = await openChat(page);
  const turns = view.locator('[data-testid="turn"]');
  await until(async () => (await turns.count()) > turnsBefore, 30_000, 'the knowledge-base turn');
  const cited = turns.nth(turnsBefore);
  assert.equal(await waitForStatus(cited, ['done']), 'done');
  assert.ok((await cited.locator('[data-testid="citation"]').count()) >= 1, 'the answer is cited');
  await cited.locator('[data-testid="citation"]').first().click();
  const sources = cited.locator('[data-testid="sources"]');
  await sources.waitFor({ timeout: 5_000 });
  assert.match((await sources.textContent()) ?? '', /Moving averages/);

  // Describe the workspace's image from the Explorer.
  await page.keyboard.press('Control+Shift+E');
  const image = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'images' }).first();
  await image.waitFor({ timeout: 20_000 });
  if ((await image.getAttribute('aria-expanded')) !== 'true') await image.click();
  const png = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'moving-average.png' }).first();
  await png.waitFor({ timeout: 10_000 });
  await contextMenu(page, png, 'Describe Image');
  await acceptQuickInput(page, 'Describe image');
  view = chatView(page);
  const described = view.locator('[data-testid="turn"]').last();
  await until(async () => /moving-average\.png|PNG/.test((await described.textContent()) ?? ''), 30_000, 'the image turn');
  assert.equal(await waitForStatus(described, ['done']), 'done');
  assert.match((await described.locator('[data-testid="answer"]').textContent()) ?? '', /PNG, 640\s*×\s*380/);

  // Read notes.md aloud: the player appears and its audio plays.
  await openFile(page, 'notes.md');
  await runCommand(page, 'MaaS: Read Aloud');
  view = await openChat(page);
  await view.locator('[data-testid="player"]').waitFor({ state: 'visible', timeout: 30_000 });
  const audio = view.locator('audio').first();
  await until(async () => (await audio.evaluate((a: { currentTime: number }) => a.currentTime)) > 0, 30_000, 'notes.md to be read aloud');
  await view.locator('[data-testid="player-stop"]').click();
}

describe('npm run demo', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-demo-'));
  let demo: ChildProcess | undefined;
  /** Every demo a test started: one that a failed test left running is ended with its whole tree afterwards. */
  const started: ChildProcess[] = [];

  /** Saved before `after` removes the demo's folder, which holds the code-server and extension-host logs. */
  async function saveDemoArtifacts(page: Page | undefined, output: string): Promise<void> {
    const codeServerDir = path.join(dir, 'code-server');
    await saveArtifacts('demo', {
      page,
      files: codeServerLogFiles(path.join(codeServerDir, 'code-server.log'), extensionHostLogsIn(path.join(codeServerDir, 'user'))),
      texts: { 'demo-output.log': output },
    });
  }

  afterEach(async () => {
    // A failed test leaves its demo (and code-server under it) running: ended here, or the run never exits.
    for (const child of started.filter((c) => c.exitCode === null && c.signalCode === null && c.pid !== undefined)) await killTree(child.pid ?? 0, 1000);
  });

  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the URL of a VS Code where the extension answers at once, and Ctrl-C stops its whole process tree', async () => {
    const output = { text: '' };
    let page: Page | undefined;
    let saved = false;
    try {
      demo = startDemo(dir, output);
      started.push(demo);
      const [, url] = await waitForOutput(demo, /Open this URL:\s+(\S+)/, 240_000, output);
      const [, serviceUrl] = /local service:\s+(\S+)/.exec(output.text) ?? [];
      assert.ok(url && serviceUrl, output.text);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\//, 'loopback only');
      // Another local user who finds the port gets the sign-in page, never the editor or its terminal.
      const stranger = await fetch(url, { redirect: 'manual' });
      assert.equal(stranger.status, 302, 'the editor is not open to whoever reaches the port');
      assert.match(stranger.headers.get('location') ?? '', /^\.?\/?login\b/);
      const [, password] = /Password:\s+(\S+)/.exec(output.text) ?? [];
      assert.ok(password, output.text);
      assert.match(password, /^[0-9a-f]{32}$/, 'a generated password');
      assert.equal(output.text.split(password).length, 2, 'the password is printed once');

      const browser = await launchBrowser({ autoplay: true });
      try {
        page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        await page.goto(url);
        await signInField(page).fill('not-the-password', { timeout: 30_000 });
        await signInField(page).press('Enter');
        await page.locator('.login-form .error').waitFor({ timeout: 10_000 });
        assert.equal(await page.locator('.monaco-workbench').count(), 0, 'a wrong password opens nothing');
        await signIn(page, url, password);
        await waitForWorkbench(page);
        assert.ok(new URL(page.url()).searchParams.get('folder')?.endsWith(path.join('demo', 'workspace')), `the demo workspace: ${page.url()}`);
        const view = await openChat(page);
        const turn = await ask(view, 'What does MaaS Assistant do?');
        assert.equal(await waitForStatus(turn, ['done'], 60_000), 'done', 'answered: the key and the service address are set up');
        assert.ok(((await turn.locator('[data-testid="answer"]').textContent()) ?? '').length > 20);
        await suggestedFlows(page);
      } catch (error) {
        saved = true; // with the screenshot, while the page is still open
        await saveDemoArtifacts(page, output.text);
        throw error;
      } finally {
        await browser.close();
      }

      // The demo, code-server, its extension host and whatever they started.
      const tree = processTree(demo.pid ?? 0);
      assert.ok(tree.length >= 3, `the demo's process tree: ${tree.join(', ')}`);
      const exited = new Promise<number | null>((resolve) => demo?.once('exit', (code) => resolve(code)));
      demo.kill('SIGINT');
      assert.equal(await exited, 0, 'Ctrl-C ends the demo cleanly');
      assert.deepEqual(await allGone(tree, 5000), [], 'every process the demo started has ended');
      assert.equal(await reachable(serviceUrl), false, 'the local service is stopped');
      assert.equal(await reachable(url), false, 'code-server is stopped');
      assert.deepEqual(extensionErrors(extensionHostLogsIn(path.join(dir, 'code-server', 'user')), extensionId), [], 'a clean Extension Host log');
    } catch (error) {
      if (!saved) await saveDemoArtifacts(undefined, output.text);
      throw error;
    }
  });

  it('SIGTERM, then a second one while it is stopping, still leaves no process behind', async () => {
    const output = { text: '' };
    try {
      demo = startDemo(dir, output);
      started.push(demo);
      await waitForOutput(demo, /Open this URL:\s+(\S+)/, 240_000, output);
      const tree = processTree(demo.pid ?? 0);
      assert.ok(tree.length >= 3, `the demo's process tree: ${tree.join(', ')}`);
      const exited = new Promise<[number | null, string | null]>((resolve) => demo?.once('exit', (code, signal) => resolve([code, signal])));
      demo.kill('SIGTERM');
      await waitForOutput(demo, /Stopping the demo/, 10_000, output);
      demo.kill('SIGTERM');
      const [code, signal] = await exited;
      assert.equal(signal, null, 'the demo handles the second signal itself rather than dying of it');
      assert.ok(code === 0 || code === 130, `exit code ${code}`);
      assert.deepEqual(await allGone(tree, 5000), [], 'every process the demo started has ended');
    } catch (error) {
      await saveDemoArtifacts(undefined, output.text);
      throw error;
    }
  });
});
