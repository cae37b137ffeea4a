// How the README's commands layer of `npm test` runs each command of the README's shell blocks, in a quick form,
// from the checkout CI cloned: the command as the README writes it, what is run, and the check. A unit test
// (test/unit/project/readmeCommands.test.ts) fails when the README has a command this table does not run.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../harness/browser';
import { freePort } from '../harness/freePort';
import { ensureTools } from '../harness/tools';
import { openChat } from '../e2e/chatView';
import { signIn, waitForWorkbench } from '../e2e/workbench';
import { interrupt, killGroup, reachable, runToEnd, startCommand, waitForOutput, type CommandRun } from './commandProcess';
import { repositoryRoot } from './readmeCommands';

export interface ReadmeRun {
  /** The command as the README writes it (comment left out). */
  readonly command: string;
  /** What the layer runs for it and checks, in a line: the test's title. */
  readonly how: string;
  readonly run: () => Promise<void>;
}

const MINUTE = 60_000;

function temporaryFolder(name: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `maas-readme-${name}-`));
}

/** The addresses `npm run service` prints. */
async function serviceAddresses(run: CommandRun): Promise<{ baseUrl: string; altBaseUrl: string; consoleUrl: string }> {
  await waitForOutput(run, /^console:\s+\S+/m, 2 * MINUTE);
  const field = (label: string): string => new RegExp(`^${label}:\\s+(\\S+)`, 'm').exec(run.output.text)?.[1] ?? '';
  return { baseUrl: field('base URL'), altBaseUrl: field('alt base URL'), consoleUrl: field('console') };
}

async function defaultKey(baseUrl: string): Promise<string> {
  const { keys } = (await (await fetch(`${baseUrl}/console/api/keys`)).json()) as { keys: { type: string; key: string }[] };
  const key = keys.find((k) => k.type === 'default')?.key;
  assert.ok(key, 'the service has a system default key');
  return key;
}

/** One chat request, as the extension sends it; the answer's text. */
async function chatAnswer(baseUrl: string, key: string, question: string): Promise<string> {
  const response = await fetch(`${baseUrl}/maas/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: 'svc_llm', stream: false, messages: [{ role: 'user', content: question }] }),
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const content = (JSON.parse(text) as { choices: { message: { content: string } }[] }).choices[0]?.message.content ?? '';
  assert.ok(content.length > 0, `an answer: ${text}`);
  return content;
}

/**
 * Ctrl-C ends the command: the program stops by its own handler (it prints `stopping`, and no failure), npm ends with
 * status 0 or by the SIGINT it got (npm re-raises the signal of an interrupted script, as a shell shows a job it
 * stopped), and nothing of it is left running; its addresses no longer answer.
 */
async function stopsCleanly(run: CommandRun, stopping: RegExp, urls: readonly string[]): Promise<void> {
  const stopped = await interrupt(run);
  assert.ok(stopped.code === 0 || stopped.code === 'SIGINT', `Ctrl-C ends it (${stopped.code}); its output:\n${run.output.text}`);
  assert.match(run.output.text, stopping, 'its own handler stops it');
  assert.doesNotMatch(run.output.text, /stop failed|Stopping the demo failed/, 'stopping does not fail');
  assert.ok(stopped.treeSize >= 2, `npm and the program were running (${stopped.treeSize} processes)`);
  assert.deepEqual(stopped.leftRunning, [], 'nothing of it is left running');
  for (const url of urls) assert.equal(await reachable(url), false, `${url} no longer answers`);
}

/** A started command, always ended: on a failed check its whole process group is killed. */
async function withCommand(args: readonly string[], check: (run: CommandRun) => Promise<void>, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const run = startCommand('npm', args, env);
  try {
    await check(run);
  } catch (error) {
    killGroup(run);
    throw error;
  }
}

/** `npm run service -- <flags>` with its data in a fresh folder: started, a chat request answered, then Ctrl-C. */
async function serviceRun(
  flags: readonly string[],
  check: (addresses: { baseUrl: string; altBaseUrl: string; consoleUrl: string }) => Promise<void>,
): Promise<void> {
  const data = temporaryFolder('service');
  try {
    await withCommand(['run', 'service', '--', ...flags, ...(flags.includes('--data') ? [] : ['--data', data])], async (run) => {
      const addresses = await serviceAddresses(run);
      await check(addresses);
      await stopsCleanly(run, /\[local-service\] SIGINT: stopping/, [addresses.baseUrl, addresses.altBaseUrl]);
    });
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

/** An OpenAI-compatible server on 127.0.0.1 (the README's example is Ollama's address), answering one fixed text. */
async function fakeUpstream(answer: string): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString()));
    request.on('end', () => {
      const { stream } = JSON.parse(body) as { stream?: boolean };
      if (stream === false) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'up',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const content of answer.split(/(?<= )/))
        response.write(
          `data: ${JSON.stringify({ id: 'up', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
        );
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { name: string; version: string; publisher: string };
const vsixName = `${manifest.name}-${manifest.version}.vsix`;
let packaged: Promise<string> | undefined;

/** `npm run package`, once per run: the .vsix it wrote. */
function packageOnce(): Promise<string> {
  packaged ??= (async () => {
    const { code, output } = await runToEnd('npm', ['run', 'package'], 5 * MINUTE);
    assert.equal(code, 0, output);
    const vsix = path.join(repositoryRoot, vsixName);
    assert.ok(existsSync(vsix), `${vsixName} written`);
    // It lists its files (unzip -l's total line) with the package's size.
    assert.match(output, new RegExp(`${vsixName.replaceAll('.', '\\.')}: [\\d.]+ KiB`));
    assert.match(output, /extension\/package\.json/);
    return vsix;
  })();
  return packaged;
}

export const readmeRuns: readonly ReadmeRun[] = [
  {
    command: 'npm install && npm run demo',
    how: "npm run demo (npm install is .ci/run's): its URL, signed in with the password it prints, opens with the extension active, then Ctrl-C leaves nothing running",
    run: async (): Promise<void> => {
      const dir = temporaryFolder('demo');
      try {
        await withCommand(
          ['run', 'demo'],
          async (run) => {
            const [, url] = await waitForOutput(run, /Open this URL:\s+(\S+)/, 6 * MINUTE);
            const [, serviceUrl] = /local service:\s+(\S+)/.exec(run.output.text) ?? [];
            const [, password] = /Password:\s+(\S+)/.exec(run.output.text) ?? [];
            assert.ok(url && serviceUrl && password, run.output.text);
            assert.equal((await fetch(url)).status, 200, 'the URL answers');
            const browser = await launchBrowser();
            try {
              const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
              await signIn(page, url, password);
              await waitForWorkbench(page);
              // The chat view's question box: the extension is active and its view resolved.
              await openChat(page);
            } finally {
              await browser.close();
            }
            await stopsCleanly(run, /Stopping the demo/, [url, serviceUrl]);
          },
          { MAAS_DEMO_DIR: dir },
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    command: 'npm install && npm test',
    how: 'run by .ci/run itself: this layer is part of that npm test',
    run: (): Promise<void> => {
      const ci = readFileSync(path.join(repositoryRoot, '.ci', 'run'), 'utf8');
      assert.match(ci, /^\{ npm install && npm test; \}/m, ".ci/run runs the README's test command as it is written");
      // Under `npm test` (npm names the script it runs); a file run alone with node --test is not.
      if (process.env.npm_lifecycle_event !== undefined) assert.equal(process.env.npm_lifecycle_event, 'test');
      return Promise.resolve();
    },
  },
  {
    command: 'npm install && npm run package',
    how: 'npm run package: the .vsix written, its allow-list checked, its files listed',
    run: async (): Promise<void> => {
      await packageOnce();
    },
  },
  {
    command: `code --install-extension ${vsixName}`,
    how: "code-server's own --install-extension (the same command line as desktop code's) installs the .vsix into a fresh profile",
    run: async (): Promise<void> => {
      const vsix = await packageOnce();
      const tools = ensureTools({ browser: false });
      const dir = temporaryFolder('install');
      try {
        const args = [
          tools.codeServer,
          '--user-data-dir',
          path.join(dir, 'user'),
          '--extensions-dir',
          path.join(dir, 'extensions'),
          '--install-extension',
          vsix,
        ];
        const { code, output } = await runToEnd(tools.node, args, 2 * MINUTE);
        assert.equal(code, 0, output);
        assert.match(output, /successfully installed/);
        const installed = readdirSync(path.join(dir, 'extensions'));
        assert.ok(installed.includes(`${manifest.publisher}.${manifest.name}-${manifest.version}`), installed.join(', '));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    command: 'npm run service',
    how: 'npm run service (its data in a fresh folder, not service/.data): a chat request answered with the default key, then Ctrl-C',
    run: (): Promise<void> =>
      serviceRun([], async ({ baseUrl, consoleUrl }) => {
        assert.equal((await fetch(consoleUrl)).status, 200, 'the console answers');
        await chatAnswer(baseUrl, await defaultKey(baseUrl), 'Hello');
      }),
  },
  {
    command: 'npm run service -- --port 8787 --alt-port 8788 --data .my-data --seed demo/seed.json',
    how: 'the same flags on two free ports and a fresh data folder: the seed loaded, both ports answer a chat request, then Ctrl-C',
    run: async (): Promise<void> => {
      const [port, altPort] = [await freePort(), await freePort()];
      const data = temporaryFolder('seeded');
      try {
        const flags = ['--port', String(port), '--alt-port', String(altPort), '--data', data, '--seed', 'demo/seed.json'];
        await serviceRun(flags, async ({ baseUrl, altBaseUrl }) => {
          assert.equal(new URL(baseUrl).port, String(port));
          assert.equal(new URL(altBaseUrl).port, String(altPort));
          const { knowledgeBases } = (await (await fetch(`${baseUrl}/console/api/knowledge-bases`)).json()) as { knowledgeBases: { name: string }[] };
          assert.ok(
            knowledgeBases.some((kb) => kb.name === 'MaaS Assistant guide'),
            'the seed knowledge base',
          );
          const key = await defaultKey(baseUrl);
          await chatAnswer(baseUrl, key, 'Hello');
          await chatAnswer(altBaseUrl, key, 'Hello again');
        });
        assert.ok(existsSync(path.join(data, 'state.json')), 'the state is kept in the data folder');
      } finally {
        rmSync(data, { recursive: true, force: true });
      }
    },
  },
  {
    command: 'npm run service -- --upstream http://127.0.0.1:11434/v1',
    how: 'the same against an OpenAI-compatible server started here on a free port: its answer comes back, then Ctrl-C',
    run: async (): Promise<void> => {
      const answer = 'An answer written by the upstream server.';
      const upstream = await fakeUpstream(answer);
      try {
        const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
        await serviceRun(['--upstream', url], async ({ baseUrl }) => {
          assert.equal(await chatAnswer(baseUrl, await defaultKey(baseUrl), 'Hello'), answer);
        });
      } finally {
        upstream.closeAllConnections();
        await new Promise<void>((resolve) => upstream.close(() => resolve()));
      }
    },
  },
  {
    command: 'npm run bench',
    how: 'npm run bench -- --quick: every benchmark file at its smallest sizes, its progress, the table with each target and result, and every row written',
    run: async (): Promise<void> => {
      const dir = temporaryFolder('bench');
      try {
        const out = path.join(dir, 'rows.json');
        const page = path.join(repositoryRoot, 'docs', 'performance.md');
        const pageNow = (): string | undefined => (existsSync(page) ? readFileSync(page, 'utf8') : undefined);
        const pageBefore = pageNow();
        const { code, output } = await runToEnd('npm', ['run', 'bench', '--', '--quick', '--out', out], 10 * MINUTE);
        assert.equal(pageNow(), pageBefore, 'a --quick run leaves docs/performance.md, the page of a full run, as it was');
        assert.equal(code, 0, output);
        const files = readdirSync(path.join(repositoryRoot, 'bench')).filter((name) => name.endsWith('.bench.ts'));
        let figures = 0;
        for (const [index, file] of files.sort().entries()) {
          const line = new RegExp(`^\\[bench\\] ${index + 1}/${files.length} ${file.replaceAll('.', '\\.')}: (\\d+) figures in`, 'm').exec(output);
          assert.ok(line, `the progress line of ${file}:\n${output}`);
          assert.ok(Number(line[1]) > 0, `${file} produced figures`);
          figures += Number(line[1]);
        }
        const rows = JSON.parse(readFileSync(out, 'utf8')) as { name: string; value: number; unit: string }[];
        assert.equal(rows.length, figures, 'every row is written');
        for (const row of rows) assert.ok(Number.isFinite(row.value), `${row.name}: ${row.value}`);
        const table = output.split('\n').filter((line) => line.startsWith('| '));
        assert.match(
          table[0] ?? '',
          /^\| Benchmark +\| Figure +\| Baseline \(same run\) +\| Ratio +\| Spread of the ratio +\| Target on the ratio +\| Target on the figure +\| Result +\|$/,
        );
        assert.equal(table.length, figures + 2, 'the table has a row per figure');
        for (const row of table.slice(2)) assert.match(row, /\| (pass|miss) +\|$/, 'each row says whether it met its target');
        assert.match(output, new RegExp(`^${figures} rows: \\d+ pass, \\d+ miss`, 'm'), 'the summary of the targets');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
