// Starts a throwaway code-server (a real VS Code with a Node extension host) on 127.0.0.1 with its own profile,
// as docs/testing.md describes, and stops it with all its children.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, waitForHttp } from './freePort';
import { startProcess, stopProcess } from './processTree';
import { scenarioEnvironment } from './scenarioEnvironment';
import { cacheDir, type Tools } from './tools';

export interface CodeServerOptions {
  readonly tools: Tools;
  /** A fresh folder for this server's profile, logs and extensions. */
  readonly runDir: string;
  /** The workspace folder to open. */
  readonly folder: string;
  /** User settings merged over the quiet defaults below. */
  readonly settings?: Record<string, unknown>;
  /** A .vsix to install into the server's extensions folder before it starts. */
  readonly vsix?: string;
  /** Start with the smoke-test driver, which honours the extensionDevelopmentPath/extensionTestsPath payload. */
  readonly smokeTestDriver?: boolean;
  /** Extra environment for the server and so for its extension host. */
  readonly env?: NodeJS.ProcessEnv;
  /** Use this port instead of a free one. */
  readonly port?: number;
  /**
   * The password code-server's sign-in page asks for before it opens the editor (`--auth password`, handed over in
   * `PASSWORD`, which code-server removes from its environment before it starts anything). Without one, anyone who
   * can reach the port gets the editor (`--auth none`), which is what a test's own short-lived server uses.
   */
  readonly password?: string;
  /**
   * The display language, e.g. `zh-cn`: extensions then load their `bundle.l10n.zh-cn.json`. VS Code switches only
   * when a language pack for it is installed, so for zh-cn the test-only pack in test/fixtures is installed too.
   */
  readonly locale?: 'zh-cn';
  /**
   * Workspace trust as a user has it (on by default in VS Code): the folder opens in Restricted Mode until trusted.
   * Without it the server runs with trust disabled (`--disable-workspace-trust`), where every folder counts as trusted.
   */
  readonly workspaceTrust?: boolean;
}

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly runDir: string;
  readonly userDataDir: string;
  readonly logFile: string;
  readonly process: ChildProcess;
  /** The extension host logs written so far (paths). */
  extensionHostLogs(): string[];
  stop(): Promise<void>;
}

const quietSettings = {
  'telemetry.telemetryLevel': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'git.openRepositoryInParentFolders': 'never',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** Trust on, as by default, with no start-up question: the folder opens in Restricted Mode until the test trusts it. */
function trustSettings(options: CodeServerOptions): Record<string, unknown> {
  return options.workspaceTrust === true ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : {};
}

function serverEnv(options: CodeServerOptions): NodeJS.ProcessEnv {
  return {
    ...scenarioEnvironment(),
    ...options.env,
    PATH: `${options.tools.nodeBinDir}:${process.env.PATH ?? ''}`,
    XDG_CONFIG_HOME: path.join(options.runDir, 'xdg-config'),
    XDG_DATA_HOME: path.join(options.runDir, 'xdg-data'),
    XDG_CACHE_HOME: path.join(options.runDir, 'xdg-cache'),
  };
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const userDataDir = path.join(options.runDir, 'user');
  const extensionsDir = path.join(options.runDir, 'exts');
  mkdirSync(extensionsDir, { recursive: true });
  // The workbench is a remote window: machine-scoped settings (the service URLs) are read from the remote
  // machine's settings, so they are written there as well as into the user settings.
  for (const scope of ['User', 'Machine']) {
    mkdirSync(path.join(userDataDir, scope), { recursive: true });
    writeFileSync(
      path.join(userDataDir, scope, 'settings.json'),
      JSON.stringify({ ...quietSettings, ...trustSettings(options), ...options.settings }, null, 2),
    );
  }
  const env = serverEnv(options);
  const base = [options.tools.codeServer, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (options.vsix !== undefined) {
    execFileSync(options.tools.node, [...base, '--install-extension', options.vsix], { env, stdio: 'pipe' });
  }
  if (options.locale === 'zh-cn') {
    execFileSync(options.tools.node, [...base, '--install-extension', zhCnLanguagePack()], { env, stdio: 'pipe' });
    // What "Configure Display Language" writes, and the language-pack index the server reads at start.
    writeFileSync(path.join(userDataDir, 'User', 'argv.json'), JSON.stringify({ locale: options.locale }));
    const packDir = path.join(extensionsDir, 'maas-assistant-tests.maas-test-language-pack-zh-cn-0.0.1');
    writeFileSync(
      path.join(userDataDir, 'languagepacks.json'),
      JSON.stringify({
        'zh-cn': {
          hash: 'maas-test-zh-cn-1',
          extensions: [{ extensionIdentifier: { id: 'maas-assistant-tests.maas-test-language-pack-zh-cn' }, version: '0.0.1' }],
          translations: { vscode: path.join(packDir, 'translations', 'main.i18n.json') },
          label: '中文(简体)',
        },
      }),
    );
  }
  const port = options.port ?? (await freePort());
  const args = [
    ...base,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    options.password === undefined ? 'none' : 'password',
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust === true ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--reconnection-grace-time',
    '10',
    ...(options.smokeTestDriver === true ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(options.locale === undefined ? [] : ['--locale', options.locale]),
    options.folder,
  ];
  const logFile = path.join(options.runDir, 'code-server.log');
  const log = createWriteStream(logFile);
  const serverOnlyEnv = options.password === undefined ? env : { ...env, PASSWORD: options.password };
  const child = startProcess(options.tools.node, args, { env: serverOnlyEnv, cwd: options.runDir });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, 30_000, () => child.exitCode === null);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`code-server did not start (log: ${logFile}): ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    url,
    port,
    runDir: options.runDir,
    userDataDir,
    logFile,
    process: child,
    extensionHostLogs: () => extensionHostLogsIn(userDataDir),
    stop: async () => {
      await stopProcess(child);
      log.end();
    },
  };
}

/**
 * The extension's own log channels under a code-server user-data folder (`logs/<session>/exthost<N>/<extension id>/`),
 * what a user reads in the Output view as "MaaS Assistant".
 */
export function extensionLogsIn(userDataDir: string, extension: string): string[] {
  return findFiles(path.join(userDataDir, 'logs'), (name) => name.endsWith('.log')).filter((file) => path.basename(path.dirname(file)) === extension);
}

/** The extension-host logs under a code-server user-data folder (also of a code-server another program started). */
export function extensionHostLogsIn(userDataDir: string): string[] {
  return findFiles(path.join(userDataDir, 'logs'), (name) => /exthost/i.test(name) && name.endsWith('.log'));
}

/** The test-only zh-cn language pack (test/fixtures/zh-cn-language-pack), packaged once into the tool cache. */
function zhCnLanguagePack(): string {
  const out = path.join(cacheDir, 'maas-test-language-pack-zh-cn-0.0.1.vsix');
  if (!existsSync(out)) {
    execFileSync(process.execPath, [require.resolve('@vscode/vsce/vsce'), 'package', '--allow-missing-repository', '--skip-license', '--out', out], {
      cwd: path.join(__dirname, '..', 'fixtures', 'zh-cn-language-pack'),
      stdio: 'pipe',
    });
  }
  return out;
}

function findFiles(dir: string, match: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && match(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
