// Runs the mocha suite of test/host inside a real code-server extension host: the equivalent of
// @vscode/test-electron's runTests(), using the smoke-test driver's extensionDevelopmentPath/extensionTestsPath
// payload (docs/testing.md). Results come back through a JSON file written by test/host/index.ts.
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { format } from 'node:util';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { startLocalService } from '../../service/src/localService';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { extensionErrors } from './extensionHostLog';
import { saveFailureArtifacts } from './failureArtifacts';
import { newRunDir } from './runDirs';
import { ensureTools, extensionId, repoRoot } from './tools';

export interface HostSuiteResult {
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly string[];
}

const outDir = path.join(repoRoot, 'dist-test', 'host');

async function buildHostTests(): Promise<string> {
  const sourceDir = path.join(repoRoot, 'test', 'host');
  const entryPoints = readdirSync(sourceDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(sourceDir, name));
  await esbuild.build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    packages: 'external',
    external: ['vscode'],
    platform: 'node',
    format: 'cjs',
    target: 'node20.18',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return path.join(outDir, 'index.js');
}

/** The key the local service accepts in the in-host run; the suite stores it through the test hook. */
export const HOST_TEST_KEY = 'sk-host-local-0123456789abcdef';
export const HOST_TEST_SPEECH = { appkey: 'app-host', token: 'token-host-0123456789' };

export async function runHostSuite(): Promise<HostSuiteResult> {
  const tools = ensureTools();
  const testsIndex = await buildHostTests();
  const service = await startLocalService({
    quiet: true,
    paceMs: 2,
    seed: {
      defaultKey: HOST_TEST_KEY,
      keys: [{ name: 'host-personal', interfaces: ['svc_llm'], enabled: true, key: 'sk-host-personal-0123456789' }],
      speechCredentials: [HOST_TEST_SPEECH],
      knowledgeBases: [
        { id: 3, name: 'Host guide', documents: [{ title: 'Keys', text: 'The API key is kept in secret storage by the Set API Key command.' }] },
      ],
    },
  });
  try {
    return await runHostSuiteAgainst(tools, testsIndex, service.baseUrl, service.altBaseUrl);
  } finally {
    await service.stop();
  }
}

async function runHostSuiteAgainst(tools: ReturnType<typeof ensureTools>, testsIndex: string, baseUrl: string, altBaseUrl: string): Promise<HostSuiteResult> {
  mkdirSync(path.join(repoRoot, '.test-results'), { recursive: true });
  const runDir = newRunDir('host');
  const resultsFile = path.join(runDir, 'results.json');
  const folder = path.join(repoRoot, 'test', 'fixtures', 'workspace');
  const server = await startCodeServer({
    tools,
    runDir,
    folder,
    smokeTestDriver: true,
    settings: { 'maas.baseUrl': baseUrl, 'maas.altBaseUrl': altBaseUrl, 'maas.consoleUrl': `${baseUrl}/console/`, 'maas.speech.errorCodes': 'localService' },
    env: {
      MAAS_HOST_TEST_RESULTS: resultsFile,
      MAAS_HOST_TEST_SERVICE: JSON.stringify({ baseUrl, altBaseUrl, key: HOST_TEST_KEY, speech: HOST_TEST_SPEECH }),
      // Only the tests whose full title matches (mocha's grep): `MAAS_HOST_GREP='long task' npm test -- host`.
      ...(process.env.MAAS_HOST_GREP === undefined ? {} : { MAAS_HOST_GREP: process.env.MAAS_HOST_GREP }),
    },
  });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const exitCode = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    // The extension host's console: the suite's own lines go to stdout; the workbench's errors (offline
    // marketplace look-ups and the like) go to a log file kept with the run.
    const consoleLog = createWriteStream(path.join(runDir, 'host-console.log'));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const text = formatConsoleArgs(args);
      consoleLog.write(`[${type}] ${text}\n`);
      if (type !== 'error') process.stdout.write(`${text}\n`);
    });
    const remote = (file: string): string => `vscode-remote://127.0.0.1:${server.port}${file}`;
    const payload = [
      ['extensionDevelopmentPath', remote(repoRoot)],
      ['extensionTestsPath', remote(testsIndex)],
    ];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let guard: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exitCode,
      new Promise<number>((_, reject) => {
        guard = setTimeout(() => reject(new Error('the in-host suite did not finish within 10 minutes')), 600_000);
      }),
    ]).finally(() => clearTimeout(guard));
    const results = existsSync(resultsFile)
      ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as HostSuiteResult)
      : { passed: 0, failed: 1, failures: [`the suite exited with ${code} before writing results (did the test module load?)`] };
    if (code !== 0 || results.failed > 0) {
      await saveFailureArtifacts('host-suite', page, server);
      return { ...results, failed: Math.max(results.failed, 1) };
    }
    // The suite also fails when it leaves the extension's errors in the Extension Host log (a user would see them).
    const logged = extensionErrors(server.extensionHostLogs(), extensionId, path.join(repoRoot, 'dist'));
    if (logged.length > 0) {
      await saveFailureArtifacts('host-suite', page, server);
      const failure = `the Extension Host log holds errors of the extension:\n${logged.join('\n')}`;
      return { ...results, failed: results.failed + 1, failures: [...results.failures, failure] };
    }
    return results;
  } catch (error) {
    await saveFailureArtifacts('host-suite', page, server);
    return { passed: 0, failed: 1, failures: [error instanceof Error ? error.message : String(error)] };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** console.log's printf-style arguments, as the extension host sent them (format string first). */
function formatConsoleArgs(args: unknown[]): string {
  return format(...args).replace(/\u001b\[[0-9;]*m/g, '');
}
