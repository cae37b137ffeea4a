// The speech client against a scripted server, with a recording sleeper and a fake clock (no test waits for
// a delay or measures one): JSON errors under an audio type, Retry-After on busy answers, and the long-task wait.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceError } from '../../../../src/core/http/serviceError';
import type { WaitOptions } from '../../../../src/core/speech/longTaskWait';
import { FakeServer } from '../fakeServer';
import { failure, scriptTaskStates, speechClient, WAV } from './scriptedSpeech';

describe('speech client against a scripted server', () => {
  let server: FakeServer;
  before(async () => {
    server = await FakeServer.start();
  });
  after(() => server.stop());

  it('reports a JSON error body served under an audio content type as the service error, not as audio', async () => {
    const { client, dispose } = speechClient(server.url);
    for (const status of [200, 500]) {
      server.reset((_req, res) => {
        res.writeHead(status, { 'content-type': 'audio/mpeg' });
        res.end(JSON.stringify({ request_id: 'r1', code: 40100, message: 'appkey或token无效' }));
      });
      const error = await failure(() => client.synthesize({ text: 'Hello' }));
      assert.equal(error.kind, 'speech', `HTTP ${status}: ${error.message}`);
      assert.equal(error.speechCode, 40100);
      assert.equal(error.serverMessage, 'appkey或token无效');
    }
    await dispose();
  });

  it('by the spec alone, any non-zero code with a message is an error that keeps the message; HTTP names what it can', async () => {
    const { client, dispose } = speechClient(server.url);
    for (const [status, problem] of [
      [200, undefined],
      [401, 'credentials'],
      [400, 'parameter'],
      [413, 'textTooLong'],
      [502, 'synthesisFailed'],
    ] as const) {
      server.reset((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ request_id: 'r2', code: 7, message: '发音人不存在' }));
      });
      const error = await failure(() => client.synthesize({ text: 'Hello' }));
      assert.equal(error.kind, 'speech', `HTTP ${status}`);
      assert.equal(error.speechCode, 7);
      assert.equal(error.speechProblem, problem, `HTTP ${status}`);
      assert.equal(error.serverMessage, '发音人不存在');
    }
    await dispose();
  });

  it("names the local service's codes only behind the switch: 40100 under HTTP 200 is credentials there, unnamed by the spec", async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ request_id: 'r3', code: 40100, message: 'appkey or token is invalid' }));
    });
    const spec = speechClient(server.url);
    assert.equal((await failure(() => spec.client.synthesize({ text: 'Hello' }))).speechProblem, undefined);
    await spec.dispose();
    const local = speechClient(server.url, 'localService');
    assert.equal((await failure(() => local.client.synthesize({ text: 'Hello' }))).speechProblem, 'credentials');
    await local.dispose();
  });

  it('waits as long as Retry-After says before retrying a busy (503) or rate-limited (429) synthesis', async () => {
    for (const [status, seconds] of [
      [503, 3],
      [429, 2],
    ] as const) {
      const { client, sleeps, dispose } = speechClient(server.url);
      server.reset((_req, res) => {
        if (server.seen.length === 1) {
          res.writeHead(status, { 'content-type': 'application/json', 'retry-after': String(seconds) });
          res.end(JSON.stringify({ error: { message: '服务繁忙,请稍后再试', code: status } }));
        } else res.writeHead(200, { 'content-type': 'audio/wav' }).end(WAV);
      });
      const audio = await client.synthesize({ text: 'Hello' });
      assert.equal(audio.format, 'wav');
      assert.equal(server.seen.length, 2);
      assert.deepEqual(sleeps, [seconds * 1000], `HTTP ${status}`);
      await dispose();
    }
  });
});

describe('long-text task wait', () => {
  let server: FakeServer;
  before(async () => {
    server = await FakeServer.start();
  });
  after(() => server.stop());

  const script = (statuses: readonly string[], message?: string): void => scriptTaskStates(server, statuses, message);

  async function wait(options: WaitOptions = {}): Promise<{ result: unknown; sleeps: number[] }> {
    const { client, sleeps, dispose } = speechClient(server.url);
    try {
      return { result: await client.waitForLongTask('t1', options).catch((error: unknown) => error), sleeps };
    } finally {
      await dispose();
    }
  }

  it('backs off between polls: 1 s, then half as long again each time, up to the ceiling', async () => {
    script(['created', 'running', 'running', 'running', 'running', 'complete']);
    const { result, sleeps } = await wait({ maxDelayMs: 3000 });
    assert.equal((result as { status: string }).status, 'complete');
    assert.deepEqual(sleeps, [1000, 1500, 2250, 3000, 3000]);
    assert.equal(server.seen.length, 6);
  });

  it("throws the failed task's message as a speech error and stops polling", async () => {
    script(['running', 'failed'], '合成失败');
    const { result, sleeps } = await wait();
    assert.ok(result instanceof ServiceError);
    assert.equal(result.kind, 'speech');
    assert.equal(result.speechProblem, 'synthesisFailed');
    assert.equal(result.serverMessage, '合成失败');
    assert.deepEqual(sleeps, [1000]);
    assert.equal(server.seen.length, 2);
  });

  it('gives up with a timeout at the overall limit, the last wait cut to what is left', async () => {
    script(['running']);
    const { result, sleeps } = await wait({ timeoutMs: 5000 });
    assert.ok(result instanceof ServiceError);
    assert.equal(result.kind, 'timeout');
    assert.match(result.message, /last status: running/);
    assert.deepEqual(sleeps, [1000, 1500, 2250, 250]);
    assert.equal(server.seen.length, 5);
  });
});
