// Runs the mocha suite of test/host inside a real code-server extension host: the equivalent of
// @vscode/test-electron's runTests(), using the smoke-test driver's extensionDevelopmentPath/extensionTestsPath
// payload (docs/testing.md). Results come back through a JSON file written by test/host/index.ts.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { format } from 'node:util';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { startLocalService } from '../../service/src/localService';
import { SPEECH_CODES_VARIABLE } from '../../src/core/speech/speechProblems';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { CredentialListener } from './credentialListener';
import { PROXIED_SERVICE_HOST } from './forwardProxy';
import { strangersSettings, TRUST_REQUEST } from './trustRun';
import { grantWorkspaceTrust } from './workspaceTrust';
import { extensionErrors } from './extensionHostLog';
import { saveFailureArtifacts } from './failureArtifacts';
import { newRunDir } from './runDirs';
import { writeCompanyRoot } from './testCertificates';
import { SEED_VARIABLE } from './testOrder';
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

/** Runs both in-host suites; `seed` orders their files and tests (test/host/index.ts shuffles with it). */
export async function runHostSuite(seed: number): Promise<HostSuiteResult> {
  const tools = ensureTools();
  const testsIndex = await buildHostTests();
  const service = await startLocalService({
    quiet: true,
    paceMs: 2,
    // Retrieval answers name their passages (a references array), as the knowledge-base tool's tests need to see.
    references: true,
    // The name the suites reach the service by through a proxy (this computer's own addresses never go through one).
    allowedHosts: [PROXIED_SERVICE_HOST],
    seed: {
      defaultKey: HOST_TEST_KEY,
      keys: [{ name: 'host-personal', interfaces: ['svc_llm'], enabled: true, key: 'sk-host-personal-0123456789' }],
      speechCredentials: [HOST_TEST_SPEECH],
      knowledgeBases: [
        { id: 3, name: 'Host guide', documents: [{ title: 'Keys', text: 'The API key is kept in secret storage by the Set API Key command.' }] },
      ],
    },
  });
  // A company's root certificate that the extension host knows only as its system store (OpenSSL's SSL_CERT_FILE,
  // which Node reads for the system's roots on Linux): companyNetwork.test.ts issues its HTTPS front's certificate
  // from it. Nothing is installed into the machine's store.
  const companyRoot = mkdtempSync(path.join(tmpdir(), 'maas-host-root-'));
  try {
    const { certFile } = writeCompanyRoot(companyRoot);
    const main = await runHostSuiteAgainst(tools, testsIndex, service, {
      name: 'host',
      suite: 'main',
      seed,
      folder: path.join(repoRoot, 'test', 'fixtures', 'workspace'),
      env: { SSL_CERT_FILE: certFile, MAAS_HOST_TEST_ROOT: companyRoot },
    });
    const trust = await runTrustSuite(tools, testsIndex, service, seed);
    return { passed: main.passed + trust.passed, failed: main.failed + trust.failed, failures: [...main.failures, ...trust.failures] };
  } finally {
    rmSync(companyRoot, { recursive: true, force: true });
    await service.stop();
  }
}

/**
 * The suite of test/host/trust.test.ts, with workspace trust on as users have it: a folder whose own settings
 * (.vscode/settings.json, `strangersSettings`) point maas.baseUrl, maas.altBaseUrl and maas.consoleUrl at a listener
 * on 127.0.0.1 and set a persona, a model and a knowledge base of their own opens in Restricted Mode; when the suite
 * logs TRUST_REQUEST, the folder is trusted through the workbench, as a user does.
 */
async function runTrustSuite(
  tools: ReturnType<typeof ensureTools>,
  testsIndex: string,
  service: { baseUrl: string; altBaseUrl: string },
  seed: number,
): Promise<HostSuiteResult> {
  const listener = await CredentialListener.start();
  const folder = mkdtempSync(path.join(tmpdir(), 'maas-host-trust-'));
  try {
    mkdirSync(path.join(folder, '.vscode'));
    writeFileSync(path.join(folder, '.vscode', 'settings.json'), JSON.stringify(strangersSettings(listener.url), null, 2));
    writeFileSync(path.join(folder, 'notes.md'), 'A folder cloned from a stranger.\n');
    return await runHostSuiteAgainst(tools, testsIndex, service, {
      name: 'host-trust',
      suite: 'trust',
      seed,
      folder,
      workspaceTrust: true,
      env: { MAAS_HOST_TEST_LISTENER: listener.url },
      onLog: (text, page) => (text.includes(TRUST_REQUEST) ? grantWorkspaceTrust(page) : undefined),
    });
  } finally {
    await listener.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

interface HostRun {
  /** The run's name, for its folder and failure artifacts. */
  readonly name: string;
  /** Which test files run: test/host/index.ts reads it. */
  readonly suite: 'main' | 'trust';
  /** Orders the suite's files and tests. */
  readonly seed: number;
  readonly folder: string;
  readonly workspaceTrust?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  /** Each line the extension host's console prints (the suite's own lines), with the page that runs it. */
  readonly onLog?: (text: string, page: Page) => Promise<void> | undefined;
}

async function runHostSuiteAgainst(
  tools: ReturnType<typeof ensureTools>,
  testsIndex: string,
  { baseUrl, altBaseUrl }: { baseUrl: string; altBaseUrl: string },
  run: HostRun,
): Promise<HostSuiteResult> {
  mkdirSync(path.join(repoRoot, '.test-results'), { recursive: true });
  const runDir = newRunDir(run.name);
  const resultsFile = path.join(runDir, 'results.json');
  const folder = run.folder;
  const server = await startCodeServer({
    tools,
    runDir,
    folder,
    smokeTestDriver: true,
    workspaceTrust: run.workspaceTrust,
    settings: { 'maas.baseUrl': baseUrl, 'maas.altBaseUrl': altBaseUrl, 'maas.consoleUrl': `${baseUrl}/console/` },
    env: {
      ...run.env,
      // The local service's speech error codes are named (src/core/speech/speechProblems.ts).
      [SPEECH_CODES_VARIABLE]: 'localService',
      MAAS_HOST_SUITE: run.suite,
      [SEED_VARIABLE]: String(run.seed),
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
      void run.onLog?.(text, page)?.catch((error: unknown) => consoleLog.write(`[runner] ${String(error)}\n`));
    });
    const remote = (file: string): string => `vscode-remote://127.0.0.1:${server.port}${file}`;
    const payload = [
      ['extensionDevelopmentPath', remote(repoRoot)],
      ['extensionTestsPath', remote(testsIndex)],
    ];
    // What the run waits for is the suite's exit, under the guard below: the workbench's own load event (which a busy
    // machine may take longer than Playwright's 30 s default to reach) is not waited for.
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`, {
      waitUntil: 'commit',
    });
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
      await saveFailureArtifacts(`${run.name}-suite`, page, server);
      return { ...results, failed: Math.max(results.failed, 1) };
    }
    // The suite also fails when it leaves the extension's errors in the Extension Host log (a user would see them).
    const logged = extensionErrors(server.extensionHostLogs(), extensionId, path.join(repoRoot, 'dist'));
    if (logged.length > 0) {
      await saveFailureArtifacts(`${run.name}-suite`, page, server);
      const failure = `the Extension Host log holds errors of the extension:\n${logged.join('\n')}`;
      return { ...results, failed: results.failed + 1, failures: [...results.failures, failure] };
    }
    return results;
  } catch (error) {
    await saveFailureArtifacts(`${run.name}-suite`, page, server);
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
