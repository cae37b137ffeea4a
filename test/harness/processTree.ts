// Starts child processes for the tests and stops them by PID together with all their descendants, also when a
// test fails or the runner is interrupted: code-server forks an extension host and more, and a stray one would
// outlive the run.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';

const started = new Set<ChildProcess>();

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/** The PID and every descendant, collected before anything is killed so that no orphan is missed. */
export function processTree(pid: number): number[] {
  const all: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    all.push(next);
    queue.push(...childrenOf(next));
  }
  return all;
}

/** Whether `pid` is running; a zombie (ended, not yet reaped by its new parent) counts as gone. */
export function running(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a process tree: SIGTERM to every member, then SIGKILL to whatever is still alive after the grace time. */
export async function killTree(pid: number, graceMs = 3000): Promise<void> {
  const pids = processTree(pid);
  for (const member of pids) {
    try {
      process.kill(member, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const member of pids.filter(alive)) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export function startProcess(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  await killTree(child.pid);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
}

/** SIGKILL to every process this program started and all their descendants, at once (no grace time). */
export function killStartedProcessesSync(): void {
  for (const child of started) {
    if (child.pid === undefined) continue;
    for (const pid of processTree(child.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

process.once('exit', killStartedProcessesSync);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // A program with its own handler (the demo stops its servers gracefully, then exits) is left to it; the
    // 'exit' hook above still kills whatever is left.
    if (process.listenerCount(signal) > 0) return;
    killStartedProcessesSync();
    process.exit(130);
  });
}
