// --ranges reject|clamp|accept: what an out-of-range chat parameter gets, seen both in the local answer (max_tokens
// cuts it) and in what an upstream server receives; and the max_tokens default of the spec (3000).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chat, http, startTestService, userAsks } from './serviceHarness';
import type { LocalService } from '../src/localService';
import type { RangeMode } from '../src/chat/parameterRanges';

interface Forwarded {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
}

const forwarded: Forwarded[] = [];
let upstream: Server;
const local = new Map<RangeMode, LocalService>();
const delegating = new Map<RangeMode, LocalService>();

function startUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString()));
    req.on('end', () => {
      forwarded.push(JSON.parse(body) as Forwarded);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'ok' } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(async () => {
  upstream = await startUpstream();
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
  for (const ranges of ['reject', 'clamp', 'accept'] as const) {
    local.set(ranges, await startTestService({ ranges }));
    delegating.set(ranges, await startTestService({ ranges, upstream: upstreamUrl }));
  }
});
after(async () => {
  await Promise.all([...local.values(), ...delegating.values()].map((s) => s.stop()));
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

const OUT_OF_RANGE = { temperature: 5, top_p: 1.5, max_tokens: 9000 };

interface Completion {
  choices: { message: { content: string }; finish_reason: string }[];
  usage: { completion_tokens: number };
}

async function ask(
  service: LocalService | undefined,
  question: string,
  extra: Record<string, unknown>,
): Promise<{ status: number; body: Completion; text: string }> {
  if (!service) throw new Error('service not started');
  const reply = await chat(service.baseUrl, userAsks(question, { stream: false, ...extra }));
  return { status: reply.status, body: reply.status === 200 ? reply.json<Completion>() : ({} as Completion), text: reply.text };
}

/** The parameters the upstream server received for one request sent through `service`. */
async function forwardedBy(service: LocalService | undefined, extra: Record<string, unknown>): Promise<Forwarded> {
  forwarded.length = 0;
  const reply = await ask(service, 'hi', extra);
  assert.equal(reply.status, 200, reply.text);
  const sent = forwarded[0];
  assert.ok(sent, 'the upstream server got no request');
  return sent;
}

describe('--ranges', () => {
  it('reject (the default) refuses every out-of-range parameter with 400 naming it', async () => {
    for (const [field, value] of Object.entries({ ...OUT_OF_RANGE, repetition_penalty: 2.5 })) {
      const reply = await chat(local.get('reject')?.baseUrl ?? '', userAsks('hi', { stream: false, [field]: value }));
      assert.equal(reply.status, 400, field);
      assert.match(reply.json<{ error: { message: string } }>().error.message, new RegExp(`^参数错误:${field} 取值范围为`));
    }
    const fallback = await startTestService();
    try {
      assert.equal((await chat(fallback.baseUrl, userAsks('hi', { stream: false, top_p: 1.5 }))).status, 400, 'reject is the default');
    } finally {
      await fallback.stop();
    }
  });

  it('clamp sends the nearest accepted values upstream', async () => {
    assert.deepEqual(pick(await forwardedBy(delegating.get('clamp'), OUT_OF_RANGE)), { temperature: 1, top_p: 0.99, max_tokens: 8192 });
    assert.deepEqual(pick(await forwardedBy(delegating.get('clamp'), { temperature: 0, top_p: 0, max_tokens: -3 })), {
      temperature: 0.01,
      top_p: 0.01,
      max_tokens: 1,
    });
    assert.deepEqual(
      pick(await forwardedBy(delegating.get('clamp'), { temperature: 0.5, top_p: 0.5, max_tokens: 10 })),
      { temperature: 0.5, top_p: 0.5, max_tokens: 10 },
      'in-range values are untouched',
    );
  });

  it('clamp cuts a local answer at the clamped max_tokens', async () => {
    const reply = await ask(local.get('clamp'), 'repeat: one two three', { max_tokens: 0 });
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.choices[0]?.message.content, 'one');
    assert.equal(reply.body.choices[0]?.finish_reason, 'length');
  });

  it('accept passes the values on as sent, and max_tokens 0 gives an empty answer cut by length', async () => {
    assert.deepEqual(pick(await forwardedBy(delegating.get('accept'), OUT_OF_RANGE)), OUT_OF_RANGE);
    const reply = await ask(local.get('accept'), 'repeat: one two three', { max_tokens: 0 });
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.choices[0]?.message.content, '');
    assert.equal(reply.body.choices[0]?.finish_reason, 'length');
    assert.equal(reply.body.usage.completion_tokens, 0);
  });

  it('clamp and accept still refuse wrong types', async () => {
    for (const ranges of ['clamp', 'accept'] as const) {
      const reply = await http(
        'POST',
        `${local.get(ranges)?.baseUrl ?? ''}/maas/v1/chat/completions`,
        userAsks('hi', { temperature: 'hot', max_tokens: 1.5 }),
        { authorization: 'Bearer sk-test-default-key' },
      );
      assert.equal(reply.status, 400, ranges);
      assert.match(reply.json<{ error: { message: string } }>().error.message, /^参数错误:temperature 必须是数字/);
    }
  });
});

describe('max_tokens default', () => {
  it('is 3000: a 3100-token answer stops at 3000 with length', async () => {
    const reply = await ask(local.get('reject'), `repeat: ${'w '.repeat(3100)}`, {});
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.usage.completion_tokens, 3000);
    assert.equal(reply.body.choices[0]?.finish_reason, 'length');
    assert.equal(reply.body.choices[0]?.message.content.split('w').length - 1, 3000);
  });

  it('is 3000 in what goes upstream when the request omits it', async () => {
    assert.equal((await forwardedBy(delegating.get('reject'), {})).max_tokens, 3000);
  });
});

function pick(sent: Forwarded): Forwarded {
  return { temperature: sent.temperature, top_p: sent.top_p, max_tokens: sent.max_tokens };
}
