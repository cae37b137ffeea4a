// Crash safety: the service runs as its own process under concurrent console writes (and, when espeak-ng is
// installed, a long speech task), is SIGKILLed in the middle of them (no graceful stop), and is started again on the
// same data folder. Every write acknowledged with a 2xx must be there, no state file may be reported corrupt, and
// the long task acknowledged before the kill must still be known and finish (README: "a restart or a kill loses
// nothing"; long tasks "created or running when the service stopped or crashed" are queued again).
import { waitFor } from '../../test/harness/waitFor';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort } from '../../test/harness/freePort';

const REPO = path.resolve(__dirname, '..', '..');
const DEFAULT_KEY = 'sk-kill-restart-default';
const SPEECH = { appkey: 'kill-appkey', token: 'kill-token' };

function hasProgram(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const SPEECH_AVAILABLE = hasProgram('espeak-ng');

interface Addresses {
  baseUrl: string;
  altBaseUrl: string;
  consoleUrl: string;
  pid: number;
}

interface Running {
  child: ChildProcess;
  addresses: Addresses;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = mkdtempSync(path.join(tmpdir(), 'maas-kill-restart-'));
const started: ChildProcess[] = [];

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL'); // the whole group: the service and any espeak-ng/lame it runs
  } catch {
    // already gone
  }
}

after(() => {
  for (const child of started) killGroup(child);
  rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function startService(dataDir: string, seedFile: string, label: string): Promise<Running> {
  const [port, altPort] = [await freePort(), await freePort()];
  const readyFile = path.join(root, `ready-${label}.json`);
  rmSync(readyFile, { force: true });
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'service/src/main.ts',
      '--port',
      String(port),
      '--alt-port',
      String(altPort),
      '--data',
      dataDir,
      '--seed',
      seedFile,
      '--ready-file',
      readyFile,
      '--pace',
      '1',
    ],
    { cwd: REPO, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the ${label} service exited before it was ready:\n${output}`);
    if (existsSync(readyFile)) {
      try {
        const addresses = JSON.parse(readFileSync(readyFile, 'utf8')) as Addresses;
        assert.match(addresses.baseUrl, /^http:\/\/127\.0\.0\.1:/);
        return { child, addresses, output: () => output, exited };
      } catch (error) {
        if (error instanceof assert.AssertionError) throw error; // otherwise: written but not whole yet
      }
    }
    if (Date.now() > deadline) throw new Error(`the ${label} service was not ready within 30 s:\n${output}`);
    await sleep(50);
  }
}

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method,
    // The console takes every write as JSON, a bodiless one included.
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

interface TaskAnswer {
  code: number;
  message: string;
  task_id: string;
  audio_address: string;
  task_status: string;
}

async function queryTask(baseUrl: string, taskId: string): Promise<TaskAnswer> {
  const query = new URLSearchParams({ ...SPEECH, task_id: taskId }).toString();
  return (await call('GET', `${baseUrl}/maas/v2/api/tts-long-query?${query}`)).json as unknown as TaskAnswer;
}

function corruptFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.name.includes('.corrupt-')) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
}

function longText(): string {
  const sentences: string[] = [];
  for (let i = 0; i < 60; i++) {
    sentences.push(
      i % 2
        ? `第${i}句话用来测试长文本合成在进程被杀死之后能否继续完成。`
        : `Sentence ${i} checks that a long synthesis survives a killed service and finishes after the restart.`,
    );
  }
  return sentences.join(' ');
}

describe('kill and restart', () => {
  it('a SIGKILL under concurrent writes loses no acknowledged change and no long task', { timeout: 180_000 }, async () => {
    const dataDir = path.join(root, 'data');
    const seedFile = path.join(root, 'seed.json');
    writeFileSync(seedFile, JSON.stringify({ defaultKey: DEFAULT_KEY, speechCredentials: [SPEECH] }));

    const first = await startService(dataDir, seedFile, 'first');
    const { baseUrl, altBaseUrl, consoleUrl } = first.addresses;
    const api = `${consoleUrl.replace(/\/console\/?$/, '')}/console/api`;

    // A long task, acknowledged (and running when possible) before the load starts.
    let taskId: string | undefined;
    if (SPEECH_AVAILABLE) {
      const commit = await call('POST', `${baseUrl}/maas/v2/api/tts-long-commit`, { ...SPEECH, text: longText(), format: 'wav', voice: 'en_female_amy' });
      assert.equal(commit.status, 200);
      assert.equal(commit.json.code, 0, JSON.stringify(commit.json));
      taskId = String(commit.json.task_id);
      const id = taskId;
      await waitFor(async () => (await queryTask(baseUrl, id)).task_status !== 'created', {
        what: 'the task to start',
        timeoutMs: 10_000,
        intervalMs: 10,
      }).catch(() => undefined);
    }

    // The load: every writer loops until the kill; only 2xx answers count as acknowledged. The key writers create,
    // disable and delete keys in turn, so they never reach the cap of 20 and are still writing when the kill comes.
    let killed = false;
    type AckedKey = { id: string; name: string; key: string; interfaces: string[]; enabled: boolean };
    const liveKeys = new Map<string, AckedKey>(); // acknowledged created, not acknowledged deleted
    const deletedKeys = new Set<string>(); // acknowledged deleted
    const inFlightKeys = new Set<string>(); // a disable or delete was sent and its answer not read: state unknown
    let lastAckedBalance = -1;
    let lastSentBalance = -1;
    let keyWrites = 0;
    const failures: string[] = [];
    const note = (error: unknown): void => {
      if (!killed) failures.push(error instanceof Error ? error.message : String(error));
    };

    const keyWriter = async (worker: number): Promise<void> => {
      for (let i = 0; !killed; i++) {
        try {
          const body = { name: `kill-${worker}-${i}`, interfaces: i % 2 ? ['svc_llm'] : ['svc_llm', 'svc_vl'] };
          const created = await call('POST', `${api}/keys`, body);
          if (created.status !== 201) {
            if (!killed) failures.push(`key ${created.status} ${JSON.stringify(created.json)}`);
            continue;
          }
          const record = created.json as unknown as AckedKey;
          liveKeys.set(record.id, record);
          keyWrites += 1;
          // Disable every other key, then delete the oldest key of this worker once it holds more than four.
          if (i % 2 === 0) {
            inFlightKeys.add(record.id);
            const disabled = await call('POST', `${api}/keys/${record.id}/disable`);
            if (disabled.status === 200) liveKeys.set(record.id, { ...record, enabled: false });
            else if (!killed) failures.push(`disable ${disabled.status}`);
            inFlightKeys.delete(record.id);
            keyWrites += 1;
          }
          const mine = [...liveKeys.values()].filter((k) => k.name.startsWith(`kill-${worker}-`));
          const oldest = mine[0];
          if (mine.length > 4 && oldest) {
            inFlightKeys.add(oldest.id);
            const deleted = await call('DELETE', `${api}/keys/${oldest.id}`);
            if (deleted.status === 200) {
              liveKeys.delete(oldest.id);
              deletedKeys.add(oldest.id);
            } else if (!killed) failures.push(`delete ${deleted.status}`);
            inFlightKeys.delete(oldest.id);
            keyWrites += 1;
          }
        } catch (error) {
          note(error);
        }
      }
    };
    const ackedBases: { id: number; name: string; documents: { title: string; text: string }[] }[] = [];
    const baseWriter = async (worker: number): Promise<void> => {
      for (let i = 0; !killed; i++) {
        const body = {
          name: `kb-${worker}-${i}`,
          documents: [{ title: `doc ${worker}.${i}`, text: `Zebra fact ${worker}.${i}: stripes are unique.\n\n${'filler '.repeat(50)}` }],
        };
        try {
          const reply = await call('POST', `${api}/knowledge-bases`, body);
          if (reply.status === 201) ackedBases.push(reply.json as unknown as (typeof ackedBases)[number]);
          else if (!killed) failures.push(`kb ${reply.status}`);
        } catch (error) {
          note(error);
        }
      }
    };
    const accountWriter = async (): Promise<void> => {
      for (let balance = 1000; !killed; balance++) {
        lastSentBalance = balance;
        try {
          const reply = await call('PUT', `${api}/account`, { realNameVerified: true, balance, models: ['svc_llm', 'svc_vl'] });
          if (reply.status === 200) lastAckedBalance = Math.max(lastAckedBalance, balance);
          else if (!killed) failures.push(`account ${reply.status}`);
        } catch (error) {
          note(error);
        }
      }
    };
    const chatLoad = async (i: number): Promise<void> => {
      while (!killed) {
        try {
          const response = await fetch(`${i % 2 ? altBaseUrl : baseUrl}/maas/v1/chat/completions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'svc_llm', messages: [{ role: 'user', content: 'a long answer please' }] }),
            signal: AbortSignal.timeout(15_000),
          });
          await response.text();
        } catch {
          // cut by the kill
        }
      }
    };

    const writers = [
      ...Array.from({ length: 3 }, (_, i) => keyWriter(i)),
      ...Array.from({ length: 6 }, (_, i) => baseWriter(i)),
      accountWriter(),
      ...Array.from({ length: 4 }, (_, i) => chatLoad(i)),
    ];

    // Kill in the middle: once a good share of each kind of write is acknowledged, with more in flight.
    const deadline = Date.now() + 30_000;
    while (!(keyWrites >= 12 && ackedBases.length >= 40 && lastAckedBalance >= 1020)) {
      assert.ok(
        Date.now() < deadline,
        `the load did not get far enough: ${keyWrites} key writes, ${ackedBases.length} bases, balance ${lastAckedBalance}; ${failures.join('; ')}`,
      );
      await sleep(5);
    }
    const taskBeforeKill = taskId === undefined ? undefined : (await queryTask(baseUrl, taskId)).task_status;
    process.kill(-(first.child.pid as number), 'SIGKILL');
    const ackedAtKill = { keyWrites, bases: ackedBases.length, balance: lastAckedBalance };
    killed = true;
    const exit = await first.exited;
    assert.equal(exit.signal, 'SIGKILL', 'the service was killed, not stopped');
    await Promise.all(writers);
    assert.deepEqual(failures, [], 'writes refused before the kill');
    // Answers read after kill() was called were still sent by the service, so they count as acknowledged too.
    assert.ok(keyWrites >= ackedAtKill.keyWrites && ackedBases.length >= ackedAtKill.bases);

    // The restart on the same folder.
    const second = await startService(dataDir, seedFile, 'second');
    const api2 = `${second.addresses.consoleUrl.replace(/\/console\/?$/, '')}/console/api`;
    assert.deepEqual(corruptFiles(dataDir), [], 'a state file was set aside as corrupt');

    const keys = (await call('GET', `${api2}/keys`)).json.keys as (AckedKey & { type: string })[];
    for (const acked of liveKeys.values()) {
      const found = keys.find((k) => k.id === acked.id);
      if (inFlightKeys.has(acked.id)) continue; // a disable or delete was cut by the kill: either state is right
      assert.ok(found, `acknowledged key ${acked.name} is missing after the restart`);
      assert.equal(found.key, acked.key);
      assert.equal(found.name, acked.name);
      assert.deepEqual(found.interfaces, acked.interfaces);
      assert.equal(found.enabled, acked.enabled, `key ${acked.name} lost its acknowledged ${acked.enabled ? 'enabled' : 'disabled'} state`);
    }
    for (const id of deletedKeys) assert.ok(!keys.some((k) => k.id === id), `acknowledged deleted key ${id} came back after the restart`);
    assert.ok(
      keys.some((k) => k.type === 'default' && k.key === DEFAULT_KEY),
      'the state was not replaced by the seed',
    );
    // The restarted service authenticates with the keys it kept: an enabled key answers, a disabled one is refused.
    const settled = [...liveKeys.values()].filter((k) => !inFlightKeys.has(k.id));
    const sample = [settled.find((k) => k.enabled), settled.find((k) => !k.enabled)];
    for (const acked of sample) {
      assert.ok(acked, 'the load acknowledged both an enabled and a disabled key');
      const reply = await fetch(`${second.addresses.baseUrl}/maas/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${acked.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'svc_llm', stream: false, messages: [{ role: 'user', content: 'hi' }] }),
      });
      assert.equal(reply.status, acked.enabled ? 200 : 403, await reply.text());
    }
    assert.ok(deletedKeys.size > 0, 'the load acknowledged at least one deleted key');

    const bases = (await call('GET', `${api2}/knowledge-bases`)).json.knowledgeBases as typeof ackedBases;
    for (const acked of ackedBases) {
      const found = bases.find((b) => b.id === acked.id);
      assert.ok(found, `acknowledged knowledge base ${acked.name} is missing after the restart`);
      assert.equal(found.name, acked.name);
      assert.deepEqual(found.documents, acked.documents);
    }
    assert.equal(new Set(bases.map((b) => b.id)).size, bases.length, 'knowledge base ids are unique');

    const account = (await call('GET', `${api2}/account`)).json as { balance: number; realNameVerified: boolean };
    assert.ok(
      account.balance >= lastAckedBalance && account.balance <= lastSentBalance,
      `balance ${account.balance} not in [${lastAckedBalance}, ${lastSentBalance}]`,
    );
    assert.equal(account.realNameVerified, true);

    if (taskId !== undefined) {
      const known = await queryTask(second.addresses.baseUrl, taskId);
      assert.equal(known.code, 0, `the task acknowledged before the kill (then ${taskBeforeKill}) is unknown: ${JSON.stringify(known)}`);
      assert.ok(['created', 'running', 'complete'].includes(known.task_status), known.task_status);
      const taskDeadline = Date.now() + 120_000;
      let answer = known;
      while (answer.task_status !== 'complete') {
        assert.notEqual(answer.task_status, 'failed', answer.message);
        assert.ok(Date.now() < taskDeadline, `task still ${answer.task_status} after 120 s`);
        await sleep(100);
        answer = await queryTask(second.addresses.baseUrl, taskId);
      }
      const audio = await fetch(answer.audio_address);
      assert.equal(audio.status, 200);
      const bytes = Buffer.from(await audio.arrayBuffer());
      assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
      assert.equal(bytes.readUInt32LE(40), bytes.length - 44, 'the WAV data size matches the file');
      assert.ok(bytes.length > 44 + 16000 * 2 * 10, 'more than 10 s of audio');
      assert.ok(!existsSync(path.join(dataDir, 'speech', 'audio', `${taskId}.wav.part`)), 'no .part file left');
    }

    assert.doesNotMatch(second.output(), /corrupt|unreadable/i, 'a state file was reported corrupt');
    assert.doesNotMatch(first.output(), /corrupt|unreadable/i);
    process.kill(-(second.child.pid as number), 'SIGKILL');
    await second.exited;
    console.log(
      `acknowledged before the kill: ${ackedAtKill.keyWrites} key writes, ${ackedAtKill.bases} knowledge bases, balance ${ackedAtKill.balance}; in all ${keyWrites} key writes (${liveKeys.size} live, ${deletedKeys.size} deleted), ${ackedBases.length} bases; task ${taskBeforeKill ?? 'none'} at the kill`,
    );
  });
});
