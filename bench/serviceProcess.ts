// The local service double in a child process of its own, for the benchmarks that compare two ways of reading its
// answers: the server's work (writing the stream, its microtasks) then runs on another thread and is charged to
// neither side, as the real service's is. Started with `--pace 0`, the seed given and a fresh data folder.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess, stopProcess } from '../test/harness/processTree';
import { waitFor } from '../test/harness/waitFor';

export interface ServiceProcess {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

export async function startServiceProcess(seed: Record<string, unknown>): Promise<ServiceProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'maas-bench-service-'));
  const seedFile = path.join(dir, 'seed.json');
  const ready = path.join(dir, 'ready.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const main = path.join(__dirname, '..', 'service', 'src', 'main.ts');
  const args = [
    '--import',
    'tsx',
    main,
    '--port',
    '0',
    '--alt-port',
    '0',
    '--pace',
    '0',
    '--seed',
    seedFile,
    '--data',
    path.join(dir, 'data'),
    '--ready-file',
    ready,
  ];
  // Tracked by the harness: its tree is stopped with a grace time, and killed if the bench exits or is interrupted.
  const child = startProcess(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: path.join(__dirname, '..') });
  const stop = async (): Promise<void> => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const written = await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the local service exited with code ${child.exitCode} before it was ready`);
        return existsSync(ready) ? readFileSync(ready, 'utf8').trim() : '';
      },
      { what: 'the local service to write its ready file', timeoutMs: 30_000, intervalMs: 50 },
    );
    const { baseUrl } = JSON.parse(written) as { baseUrl: string };
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
