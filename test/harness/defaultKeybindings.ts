// VS Code's default key bindings on macOS, Linux and Windows, as the code-server the tests run resolves them: the
// workbench's own and those of its built-in extensions (Copilot Chat, Git, …), each with its key and `when` clause.
// They are registered in code, per platform, so they are read from a running workbench, not from the minified bundle:
// one code-server with the smoke-test driver, and for each platform a browser page whose user agent names that
// platform (the web workbench takes its platform from navigator.userAgent) running defaultKeybindingsProbe.ts, which
// writes the Default Keyboard Shortcuts (JSON) document. The result depends on the code-server version alone and is
// kept in the tool cache, beside code-server, so that later runs read a file.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startCodeServer, type CodeServer } from './codeServer';
import { newRunDir } from './runDirs';
import { cacheDir, CODE_SERVER_VERSION, ensureTools, repoRoot } from './tools';

export const KEY_PLATFORMS = ['mac', 'linux', 'win'] as const;
export type KeyPlatform = (typeof KEY_PLATFORMS)[number];

/** One entry of the Default Keyboard Shortcuts (JSON): its key in VS Code's settings notation (`cmd+alt+r`). */
export interface DefaultKeybinding {
  readonly key: string;
  readonly command: string;
  readonly when?: string;
}

export type DefaultKeybindings = Readonly<Record<KeyPlatform, readonly DefaultKeybinding[]>>;

/** What navigator.userAgent says for each platform; VS Code looks for "Macintosh", "Windows" and "Linux" in it. */
const PLATFORM_TOKENS: Record<KeyPlatform, string> = {
  mac: 'Macintosh; Intel Mac OS X 10_15_7',
  linux: 'X11; Linux x86_64',
  win: 'Windows NT 10.0; Win64; x64',
};

/** The cache file of this code-server version's default key bindings. */
export function defaultKeybindingsCache(version = CODE_SERVER_VERSION): string {
  return path.join(cacheDir, `default-keybindings-${version}.json`);
}

/** The default key bindings of every platform: from the cache, else read from code-server (and cached). */
export async function defaultKeybindings(): Promise<DefaultKeybindings> {
  const cache = defaultKeybindingsCache();
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as DefaultKeybindings;
  const read = await readFromCodeServer();
  mkdirSync(path.dirname(cache), { recursive: true });
  // Whole or not at all: two runs that read at once write the same text, and the rename replaces atomically.
  const draft = `${cache}.${process.pid}.draft`;
  writeFileSync(draft, `${JSON.stringify(read)}\n`);
  renameSync(draft, cache);
  return read;
}

/** The entries of a Default Keyboard Shortcuts (JSON) text (JSON with comments: TypeScript's own parser reads it). */
export function parseDefaultKeybindings(text: string): DefaultKeybinding[] {
  const errors: ts.Diagnostic[] = [];
  const parsed: unknown = ts.convertToObject(ts.parseJsonText('keybindings.json', text), errors);
  if (errors.length > 0 || !Array.isArray(parsed)) {
    const why = errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, ' ')).join('; ');
    throw new Error(`The default keybindings are not a JSON array${why === '' ? '' : `: ${why}`}`);
  }
  return (parsed as unknown[]).map((entry, index) => {
    const { key, command, when } = entry as Record<string, unknown>;
    if (typeof key !== 'string' || typeof command !== 'string' || (when !== undefined && typeof when !== 'string')) {
      throw new Error(`Default keybinding ${index} has no string key and command: ${JSON.stringify(entry)}`);
    }
    return when === undefined ? { key, command } : { key, command, when };
  });
}

async function readFromCodeServer(): Promise<DefaultKeybindings> {
  const tools = ensureTools();
  const runDir = newRunDir('keybindings');
  const probe = path.join(runDir, 'probe.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'defaultKeybindingsProbe.ts')],
    outfile: probe,
    bundle: true,
    external: ['vscode'],
    platform: 'node',
    format: 'cjs',
    target: 'node20.18',
    logLevel: 'warning',
  });
  const folder = mkdtempSync(path.join(tmpdir(), 'maas-keybindings-'));
  const dump = path.join(runDir, 'keybindings.json');
  const server = await startCodeServer({ tools, runDir, folder, smokeTestDriver: true, env: { MAAS_KEYBINDINGS_DUMP: dump } });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const result: Partial<Record<KeyPlatform, DefaultKeybinding[]>> = {};
    for (const platform of KEY_PLATFORMS) {
      rmSync(dump, { force: true });
      await runProbe(browser, server, platform, folder, probe);
      result[platform] = checkedForPlatform(platform, parseDefaultKeybindings(readFileSync(dump, 'utf8')));
    }
    return result as DefaultKeybindings;
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Opens a window of `platform` whose extension host runs the probe, and waits for the probe to finish. */
async function runProbe(browser: Browser, server: CodeServer, platform: KeyPlatform, folder: string, probe: string): Promise<void> {
  const userAgent = `Mozilla/5.0 (${PLATFORM_TOKENS[platform]}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
  const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    let exited: (code: number) => void = () => undefined;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => exited(code));
    await page.exposeFunction('codeAutomationLog', () => undefined);
    const remote = (file: string): string => `vscode-remote://127.0.0.1:${server.port}${file}`;
    const payload = [
      ['extensionDevelopmentPath', remote(path.join(repoRoot, 'test', 'fixtures', 'keybindings-probe'))],
      ['extensionTestsPath', remote(probe)],
    ];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`, { waitUntil: 'commit' });
    let guard: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exitCode,
      new Promise<number>((_, reject) => {
        guard = setTimeout(() => reject(new Error(`the default-keybindings probe (${platform}) did not finish within 3 minutes`)), 180_000);
      }),
    ]).finally(() => clearTimeout(guard));
    if (code !== 0) throw new Error(`the default-keybindings probe (${platform}) failed (exit ${code}); code-server's log: ${server.logFile}`);
  } finally {
    await context.close();
  }
}

/**
 * The entries, once they are seen to be `platform`'s: macOS names the Command key `cmd`, Linux `meta`, Windows `win`
 * (a window that took another platform from the user agent would name it otherwise).
 */
function checkedForPlatform(platform: KeyPlatform, entries: DefaultKeybinding[]): DefaultKeybinding[] {
  const superKey = { mac: 'cmd', linux: 'meta', win: 'win' }[platform];
  const others = Object.values({ mac: 'cmd', linux: 'meta', win: 'win' }).filter((name) => name !== superKey);
  const modifiers = new Set(entries.flatMap((entry) => entry.key.split(/[ +]/)));
  if (entries.length < 100 || others.some((name) => modifiers.has(name)) || (platform === 'mac' && !modifiers.has('cmd'))) {
    throw new Error(`The default keybindings read for ${platform} are not ${platform}'s (${entries.length} entries; modifiers ${[...modifiers].join(' ')})`);
  }
  return entries;
}
