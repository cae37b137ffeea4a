// A process making sure of an install through installOnce, as the test layers and the demo do with code-server. Its
// install is a stand-in: it records when it starts and ends in a shared log, and finishes only once the test has
// created the "go" file. Run: node --import tsx installLockProcess.ts <target> <log> <go file>
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installOnce } from '../../harness/installLock';

const [target, log, go] = process.argv.slice(2) as [string, string, string];
const record = (event: string): void => appendFileSync(log, `${event} ${process.pid}\n`);
const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const installed = installOnce(target, {
  done: (dir) => existsSync(path.join(dir, 'done')),
  onWait: (owner) => record(`waiting-for-${owner}`),
  pollMs: 20,
  install: (dir) => {
    record('install-started');
    while (!existsSync(go)) pause(20);
    writeFileSync(path.join(dir, 'payload'), String(process.pid));
    writeFileSync(path.join(dir, 'done'), '');
    record('install-finished');
  },
});
record(installed ? 'installed' : 'found-installed');
