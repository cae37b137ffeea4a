// A README command run as a user runs it in a terminal: `npm …` in a process group of its own (a terminal's
// foreground job), its output collected, Ctrl-C as a terminal sends it (SIGINT to the whole group), and a check
// that nothing of it is left running afterwards.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { processTree, running } from '../harness/processTree';
import { envWithoutNpmVariables } from '../harness/tools';
import { waitFor } from '../harness/waitFor';
import { repositoryRoot } from './readmeCommands';

export interface CommandRun {
  readonly child: ChildProcess;
  /** Both streams, as they arrive. */
  readonly output: { text: string };
  /** Resolves with the exit code (or the signal's name) once the command has ended. */
  readonly exited: Promise<number | string>;
}

/** Starts `command args` in the repository, in a process group of its own, with a user's environment plus `env`. */
export function startCommand(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): CommandRun {
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    // A user's shell has no npm_* variables of an enclosing `npm test`.
    env: { ...envWithoutNpmVariables(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, output, exited };
}

/** The first match of `pattern` in the command's output; fails if the command ends first or time runs out. */
export async function waitForOutput(run: CommandRun, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  let ended: number | string | undefined;
  void run.exited.then((code) => (ended = code));
  return waitFor(
    () => {
      const match = pattern.exec(run.output.text);
      if (match === null && ended !== undefined) throw new Error(`the command ended (${ended}) before printing ${pattern}; its output:\n${run.output.text}`);
      return match;
    },
    { what: `${pattern} in the output:\n${run.output.text.slice(-3000)}`, timeoutMs, intervalMs: 100 },
  );
}

/** Runs a command to its end; its exit code and output. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | string; output: string }> {
  const run = startCommand(command, args, env);
  const timer = setTimeout(() => killGroup(run), timeoutMs);
  try {
    const code = await run.exited;
    return { code, output: run.output.text };
  } finally {
    clearTimeout(timer);
  }
}

/** The live members of process group `pgid`. */
function groupMembers(pgid: number): number[] {
  try {
    return execFileSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number)
      .filter(running);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

export interface Interrupted {
  readonly code: number | string;
  /** The processes of the command (its tree when interrupted, and its process group) still running afterwards. */
  readonly leftRunning: number[];
  /** How many processes the command's tree had when interrupted. */
  readonly treeSize: number;
}

/** Ctrl-C in the command's terminal: SIGINT to its whole process group; then waits for it to end and for its processes to go. */
export async function interrupt(run: CommandRun, timeoutMs = 30_000): Promise<Interrupted> {
  const pid = run.child.pid ?? 0;
  const tree = processTree(pid);
  process.kill(-pid, 'SIGINT');
  const code = await Promise.race([run.exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), timeoutMs))]);
  const leftOver = (): number[] => [...new Set([...tree.filter(running), ...groupMembers(pid)])];
  await waitFor(() => leftOver().length === 0, { what: 'every process of the command to end', timeoutMs: 10_000, intervalMs: 100 }).catch(() => undefined);
  return { code, leftRunning: leftOver(), treeSize: tree.length };
}

/** SIGKILL to the command's process tree and group: the clean-up after a failed check. */
export function killGroup(run: CommandRun): void {
  const pid = run.child.pid;
  if (pid === undefined) return;
  for (const member of [...processTree(pid), ...groupMembers(pid)]) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export async function reachable(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false,
  );
}
