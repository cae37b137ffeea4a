// One install of a tool at a time, and never a half install taken for a whole one. Two commands started at once on a
// fresh clone (`npm run demo` and `npm test`, or two test layers) would otherwise both run `npm install` into the same
// folder. The first takes a lock file beside the folder, created exclusively and naming its process; the others wait
// until it is gone and then find the install done. An install goes into a temporary folder beside the target, which
// is renamed into place once whole: a folder in place is complete. A lock whose process has died is stale and taken
// over; so are the temporary folders of dead processes.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LockOptions {
  /** Told once, when this process finds the lock held by a live process and waits for it. */
  readonly onWait?: (ownerPid: number) => void;
  /** How often the lock file is looked at while waiting (default 250 ms). */
  readonly pollMs?: number;
}

export interface InstallOptions extends LockOptions {
  /** Whether `dir` holds a finished install. */
  readonly done: (dir: string) => boolean;
  /** Installs into `dir`, a fresh empty folder beside the target; throws when the install fails. */
  readonly install: (dir: string) => void;
}

/** Whether the process `pid` is running (one of another user's counts: it cannot be signalled, but it lives). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Blocks this (synchronous) caller for `ms`: the installs are synchronous steps, so the wait between looks is too. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The pid a lock file names, or undefined when it is gone or names none. */
function ownerOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the lock file with this process's pid in it, whole or not at all; false when it exists already. */
function tryCreate(lockFile: string): boolean {
  const draft = `${lockFile}.${process.pid}.draft`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    linkSync(draft, lockFile); // fails when the lock exists: no moment when it exists without its pid
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** Removes a lock left by the dead process `owner`, unless another process has taken the lock meanwhile. */
function removeStale(lockFile: string, owner: number): void {
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another waiter removed it first
    throw error;
  }
  try {
    // Between the look and the rename another waiter may have replaced the stale lock with its own: put that back.
    if (ownerOf(aside) !== owner) linkSync(aside, lockFile);
  } catch {
    // A third process holds the lock name now; the one moved aside was not stale and is dropped.
  } finally {
    unlinkSync(aside);
  }
}

/** Runs `action` while this process holds `lockFile`, waiting for another live process to release it first. */
export function withFileLock<T>(lockFile: string, action: () => T, options: LockOptions = {}): T {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  let told = false;
  while (!tryCreate(lockFile)) {
    const owner = ownerOf(lockFile);
    if (owner !== undefined && !processAlive(owner)) {
      removeStale(lockFile, owner);
      continue;
    }
    if (owner !== undefined && !told) {
      told = true;
      options.onWait?.(owner);
    }
    pause(options.pollMs ?? 250);
  }
  try {
    return action();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

/** The temporary folders of installs into `target` whose process has died. */
function abandonedDrafts(target: string): string[] {
  const prefix = `${path.basename(target)}.installing-`;
  const parent = path.dirname(target);
  return readdirSync(parent)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)) && !processAlive(Number(name.slice(prefix.length))))
    .map((name) => path.join(parent, name));
}

/**
 * Makes sure `target` holds a finished install: when it does not, takes the lock `<target>.lock`, looks again (another
 * process may have finished it meanwhile), installs into `<target>.installing-<pid>` and renames that into place.
 * Returns whether this process installed it.
 */
export function installOnce(target: string, options: InstallOptions): boolean {
  if (options.done(target)) return false;
  return withFileLock(
    `${target}.lock`,
    () => {
      if (options.done(target)) return false;
      for (const draft of abandonedDrafts(target)) rmSync(draft, { recursive: true, force: true });
      const draft = `${target}.installing-${process.pid}`;
      rmSync(draft, { recursive: true, force: true });
      mkdirSync(draft, { recursive: true });
      try {
        options.install(draft);
        if (!options.done(draft)) throw new Error(`The install into ${draft} ended without what a finished install holds.`);
        // A folder without a finished install (left by an install that was cut off) makes way.
        if (existsSync(target)) rmSync(target, { recursive: true, force: true });
        renameSync(draft, target);
      } finally {
        rmSync(draft, { recursive: true, force: true });
      }
      return true;
    },
    options,
  );
}
