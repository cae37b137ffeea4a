// The per-run folders of code-server under .vscode-test/ (run-host-*, run-e2e-*, run-shots-*): each records the
// process that owns it, and a new run first removes the folders no live process owns, so they do not pile up.
// A folder of a run still going (in this checkout or in another that shares .vscode-test) is never touched:
// failure artifacts are copied to .test-results/ before a run ends, so nothing is lost with the folder.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './tools';

const OWNER_FILE = 'owner.json';
/** Folders made before owners were recorded are removed once unchanged for this long. */
const UNOWNED_STALE_MS = 60 * 60 * 1000;

export interface StaleRunDirOptions {
  readonly now?: number;
  readonly isAlive?: (pid: number) => boolean;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerPid(dir: string): number | undefined {
  try {
    const owner = JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as { pid?: unknown };
    return typeof owner.pid === 'number' ? owner.pid : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the run-* folders in `parent` whose owner has exited; returns their paths. */
export function removeStaleRunDirs(parent: string, options: StaleRunDirOptions = {}): string[] {
  if (!existsSync(parent)) return [];
  const now = options.now ?? Date.now();
  const isAlive = options.isAlive ?? processAlive;
  const removed: string[] = [];
  for (const entry of readdirSync(parent, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('run-')) continue;
    const dir = path.join(parent, entry.name);
    const pid = ownerPid(dir);
    const stale = pid === undefined ? now - statSync(dir).mtimeMs > UNOWNED_STALE_MS : !isAlive(pid);
    if (!stale) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/** A fresh .vscode-test/run-<name>-XXXXXX folder owned by this process, after removing the stale ones. */
export function newRunDir(name: string, parent = path.join(repoRoot, '.vscode-test')): string {
  removeStaleRunDirs(parent);
  const dir = mkdtempSync(path.join(parent, `run-${name}-`));
  writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
  return dir;
}
