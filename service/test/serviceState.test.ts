// Persistence: a restart on the same data folder keeps keys, account and knowledge bases; a corrupt state file is
// set aside and reported (even when quiet), never silently replaced; reset?state=seed restores the seed; knowledge-base
// ids are never reused; a seed that existing state overrides is announced.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASE_SEED, chat, createKey, http, startTestService, userAsks } from './serviceHarness';

const root = mkdtempSync(path.join(tmpdir(), 'maas-state-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('restart', () => {
  it('keeps created keys, account changes and knowledge bases', async () => {
    const dataDir = path.join(root, 'restart');
    const first = await startTestService({ dataDir });
    let key: { id: string; key: string };
    let kbId: number;
    try {
      key = await createKey(first.baseUrl, 'survivor', ['svc_llm']);
      await http('PUT', `${first.baseUrl}/console/api/account`, { realNameVerified: true, balance: 42, models: ['svc_llm'] });
      kbId = (
        await http('POST', `${first.baseUrl}/console/api/knowledge-bases`, { name: 'kept', documents: [{ title: 'a', text: 'persistent facts about llamas' }] })
      ).json<{ id: number }>().id;
    } finally {
      await first.stop();
    }
    const second = await startTestService({ dataDir });
    try {
      assert.equal((await chat(second.baseUrl, userAsks('hi', { stream: false }), key.key)).status, 200);
      assert.deepEqual((await http('GET', `${second.baseUrl}/console/api/account`)).json(), { realNameVerified: true, balance: 42, models: ['svc_llm'] });
      const reply = await chat(second.baseUrl, {
        ...userAsks('tell me about llamas', { stream: false }),
        tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [kbId], chat_mode: 2 } }],
      });
      assert.match(reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '', /persistent facts about llamas/);
    } finally {
      await second.stop();
    }
  });

  it('reset?state=seed restores the seed', async () => {
    const service = await startTestService({ dataDir: path.join(root, 'reset') });
    try {
      const key = await createKey(service.baseUrl, 'temporary', ['svc_llm']);
      await http('POST', `${service.baseUrl}/_local/reset?state=seed`);
      assert.equal((await chat(service.baseUrl, userAsks('hi'), key.key)).status, 401);
      assert.equal((await chat(service.baseUrl, userAsks('hi', { stream: false }), 'sk-llm-only')).status, 200);
    } finally {
      await service.stop();
    }
  });
});

describe('--kb-dir', () => {
  it('loads a folder of .md/.txt files as one knowledge base, replaced (not duplicated) on the next start', async () => {
    const folder = path.join(root, 'product-notes');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'warranty.md'), '# Warranty\n\nThe warranty covers two years of repairs.');
    writeFileSync(path.join(folder, 'ignored.json'), '{}');
    const dataDir = path.join(root, 'kb-dir');
    for (let start = 0; start < 2; start++) {
      const service = await startTestService({ dataDir, kbDir: folder });
      try {
        const bases = (await http('GET', `${service.baseUrl}/console/api/knowledge-bases`)).json<{
          knowledgeBases: { id: number; name: string; documents: { title: string }[] }[];
        }>().knowledgeBases;
        assert.deepEqual(
          bases.map((b) => [b.name, b.documents.map((d) => d.title)]),
          [['product-notes', ['warranty']]],
        );
        const reply = await chat(service.baseUrl, {
          ...userAsks('How long is the warranty?', { stream: false }),
          tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [bases[0]?.id], chat_mode: 2 } }],
        });
        assert.match(reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '', /two years of repairs/);
      } finally {
        await service.stop();
      }
    }
  });
});

describe('corrupt state file', () => {
  it('is set aside with a printed report and the service still starts (CLI)', async () => {
    const dataDir = path.join(root, 'corrupt');
    const seedFile = path.join(root, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(BASE_SEED));
    const service = await startTestService({ dataDir });
    await service.stop();
    const corruptText = '{"version":1,"keys":[ this is not json';
    writeFileSync(path.join(dataDir, 'state.json'), corruptText);

    const readyFile = path.join(root, 'ready.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '..', 'src', 'main.ts'), '--data', dataDir, '--seed', seedFile, '--ready-file', readyFile, '--pace', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    after(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
    // The CLI prints the console URL once it listens.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (part: Buffer) => {
        stdout += part.toString();
        if (stdout.includes('console:')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${stderr}`)));
    });
    const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as { baseUrl: string; altBaseUrl: string; consoleUrl: string; pid: number };
    assert.equal(ready.pid, child.pid);
    assert.match(stderr, /state file .*state\.json is corrupt .*moved it to .*state\.json\.corrupt-/);
    const setAside = readdirSync(dataDir).filter((f) => f.startsWith('state.json.corrupt-'));
    assert.equal(setAside.length, 1);
    assert.equal(readFileSync(path.join(dataDir, setAside[0] ?? ''), 'utf8'), corruptText);
    assert.ok(existsSync(path.join(dataDir, 'state.json')));
    assert.equal((await chat(ready.baseUrl, userAsks('hi', { stream: false }), 'sk-llm-only')).status, 200);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  });
});

/** Runs `body` while collecting what the service writes to stderr (the in-process service writes there directly). */
async function capturingStderr<T>(body: () => Promise<T>): Promise<{ value: T; stderr: string }> {
  let stderr = '';
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  try {
    return { value: await body(), stderr };
  } finally {
    process.stderr.write = original;
  }
}

describe('corrupt speech state files', () => {
  for (const [file, content, rule] of [
    ['tasks.json', '{"version":1,"tasks":[{"taskId":', /WARNING: speech task file .*tasks\.json is corrupt .*moved it to .*tasks\.json\.corrupt-/],
    ['signing.json', '{"key":"not hex"}', /WARNING: signing key file .*signing\.json is corrupt .*moved it to .*signing\.json\.corrupt-/],
  ] as const) {
    it(`${file}: reported on stderr even when quiet, kept aside, and the service starts`, async () => {
      const dataDir = path.join(root, `corrupt-${file}`);
      mkdirSync(path.join(dataDir, 'speech'), { recursive: true });
      writeFileSync(path.join(dataDir, 'speech', file), content);
      const { value: service, stderr } = await capturingStderr(() => startTestService({ dataDir, quiet: true }));
      try {
        assert.match(stderr, rule);
        const setAside = readdirSync(path.join(dataDir, 'speech')).filter((f) => f.startsWith(`${file}.corrupt-`));
        assert.equal(setAside.length, 1);
        assert.equal(readFileSync(path.join(dataDir, 'speech', setAside[0] ?? ''), 'utf8'), content);
        assert.equal((await http('GET', `${service.baseUrl}/maas/v2/api/get_speakers`)).json<{ code: number }>().code, 0);
        const committed = (
          await http('POST', `${service.baseUrl}/maas/v2/api/tts-long-commit`, { appkey: 'test-appkey', token: 'test-token', text: '还能提交。' })
        ).json<{ code: number; task_status: string }>();
        assert.deepEqual([committed.code, committed.task_status], [0, 'created']);
        assert.equal((await chat(service.baseUrl, userAsks('hi', { stream: false }))).status, 200);
      } finally {
        await service.stop();
      }
    });
  }
});

describe('knowledge-base ids', () => {
  it('only grow: a deleted id is never given again, not even after a restart', async () => {
    const dataDir = path.join(root, 'kb-ids');
    const create = async (baseUrl: string, name: string): Promise<number> =>
      (await http('POST', `${baseUrl}/console/api/knowledge-bases`, { name, documents: [{ title: 't', text: `text of ${name}` }] })).json<{ id: number }>().id;
    const first = await startTestService({ dataDir });
    let ids: number[];
    try {
      ids = [await create(first.baseUrl, 'a'), await create(first.baseUrl, 'b')];
      assert.equal((await http('DELETE', `${first.baseUrl}/console/api/knowledge-bases/${ids[1]}`)).status, 200);
      ids.push(await create(first.baseUrl, 'c'));
      assert.equal((await http('DELETE', `${first.baseUrl}/console/api/knowledge-bases/${ids[2]}`)).status, 200);
    } finally {
      await first.stop();
    }
    const second = await startTestService({ dataDir });
    try {
      ids.push(await create(second.baseUrl, 'd'));
      await http('POST', `${second.baseUrl}/_local/reset?state=seed`);
      ids.push(await create(second.baseUrl, 'e'));
    } finally {
      await second.stop();
    }
    assert.equal(new Set(ids).size, ids.length, `ids reused: ${ids.join(', ')}`);
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => x - y),
      `ids not increasing: ${ids.join(', ')}`,
    );
  });
});

describe('--seed with existing state', () => {
  it('keeps the state and says that the seed was ignored; a fresh folder takes the seed silently', async () => {
    const dataDir = path.join(root, 'seed-ignored');
    const seedFile = path.join(root, 'seed-ignored.json');
    writeFileSync(seedFile, JSON.stringify({ ...BASE_SEED, defaultKey: 'sk-first-seed' }));
    const fresh = await capturingStderr(() => startTestService({ dataDir, seed: seedFile, quiet: false }));
    await fresh.value.stop();
    assert.doesNotMatch(fresh.stderr, /ignored/);
    writeFileSync(seedFile, JSON.stringify({ ...BASE_SEED, defaultKey: 'sk-second-seed' }));
    const again = await capturingStderr(() => startTestService({ dataDir, seed: seedFile, quiet: false }));
    try {
      assert.match(
        again.stderr,
        new RegExp(
          `notice: --seed ${seedFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ignored: .*state\\.json already holds state, which is kept \\(POST /_local/reset\\?state=seed applies the seed\\)`,
        ),
      );
      assert.equal((await chat(again.value.baseUrl, userAsks('hi', { stream: false }), 'sk-first-seed')).status, 200, 'the existing state is kept');
      assert.equal((await chat(again.value.baseUrl, userAsks('hi', { stream: false }), 'sk-second-seed')).status, 401);
    } finally {
      await again.value.stop();
    }
  });
});
