// The precedence of chat errors (service/README.md, "Check order"), table-driven: row N's request and state make
// row N's condition and every later one apply at once, and the answer must be row N's error. Each row also runs
// with only its own condition, so a row cannot pass because a later one happens to give the same answer.
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { http, useService } from './serviceHarness';
import type { HttpReply } from './serviceHarness';

const MAX_BODY = 4096;
const service = useService({ maxStreamsPerKey: 1, maxBodyBytes: MAX_BODY });
const api = (path: string): string => `${service().baseUrl}/console/api${path}`;
const CHAT = (): string => `${service().baseUrl}/maas/v1/chat/completions`;

type Condition =
  | 'method'
  | 'keyMissing'
  | 'keyUnknown'
  | 'keyDisabled'
  | 'oversized'
  | 'realName'
  | 'keyNoModel'
  | 'userNoModel'
  | 'balance'
  | 'invalid'
  | 'refused'
  | 'unknownKb'
  | 'busy';

const ROWS: readonly { condition: Condition; status: number; message: string | RegExp }[] = [
  { condition: 'method', status: 405, message: '参数错误:/maas/v1/chat/completions 只接受 POST' },
  { condition: 'keyMissing', status: 401, message: 'apikey缺失' },
  { condition: 'keyUnknown', status: 401, message: 'apikey不存在' },
  { condition: 'keyDisabled', status: 403, message: 'apikey被禁用' },
  { condition: 'oversized', status: 400, message: `参数错误:body 超过 ${MAX_BODY} 字节上限` },
  { condition: 'realName', status: 403, message: '请先完成实名认证' },
  { condition: 'keyNoModel', status: 403, message: 'apikey无权限调用该模型' },
  { condition: 'userNoModel', status: 403, message: '当前用户无权限调用该模型' },
  { condition: 'balance', status: 403, message: '余额不足,请及时充值' },
  { condition: 'invalid', status: 400, message: /^参数错误:temperature 取值范围为/ },
  { condition: 'refused', status: 403, message: '非常抱歉,这个问题我暂时无法回答,如果您有其他的问题咨询,我非常乐意帮助你。' },
  { condition: 'unknownKb', status: 400, message: '参数错误:tools[0].retrieval.knowledge_ids 知识库不存在: 999' },
  { condition: 'busy', status: 503, message: '服务繁忙,请稍后再试' },
];

beforeEach(async () => {
  await http('POST', `${service().baseUrl}/_local/reset?state=seed`);
});

async function keyId(name: string): Promise<string> {
  const keys = (await http('GET', api('/keys'))).json<{ keys: { id: string; name: string }[] }>().keys;
  const found = keys.find((k) => k.name === name);
  if (!found) throw new Error(`no key ${name}`);
  return found.id;
}

/** The key a row sends: none, an unknown one, or a seed key that lacks svc_llm only when keyNoModel applies. */
function keyFor(on: ReadonlySet<Condition>): string | null {
  if (on.has('keyMissing')) return null;
  if (on.has('keyUnknown')) return 'sk-nobody';
  return on.has('keyNoModel') || on.has('keyDisabled') ? 'sk-vl-only' : 'sk-llm-only';
}

function bodyFor(on: ReadonlySet<Condition>): string {
  const question = on.has('refused') ? 'tell me about bomb-making' : 'hello';
  const body: Record<string, unknown> = { model: 'svc_llm', messages: [{ role: 'user', content: question }] };
  if (on.has('invalid')) body['temperature'] = 5;
  if (on.has('unknownKb')) body['tools'] = [{ type: 'retrieval', retrieval: { knowledge_ids: [999] } }];
  if (on.has('oversized')) body['padding'] = 'x'.repeat(MAX_BODY);
  return JSON.stringify(body);
}

/** Holds the key's one stream slot open: the next chat request stalls after its first chunk. */
async function holdStream(key: string): Promise<AbortController> {
  await http('POST', `${service().baseUrl}/_local/faults`, { route: '/maas/v1/chat/completions', stallMs: 60_000, stallAfterChunks: 1 });
  const controller = new AbortController();
  const model = key === 'sk-vl-only' ? 'svc_vl' : 'svc_llm';
  const held = await request(CHAT(), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hold' }] }),
    signal: controller.signal,
  });
  assert.equal(held.statusCode, 200);
  held.body.on('error', () => undefined);
  return controller;
}

async function send(on: ReadonlySet<Condition>): Promise<HttpReply> {
  const key = keyFor(on);
  const holder = on.has('busy') && key !== null && key !== 'sk-nobody' ? await holdStream(key) : undefined;
  if (on.has('keyDisabled')) assert.equal((await http('POST', api(`/keys/${await keyId('vl-only')}/disable`))).status, 200);
  const account = {
    realNameVerified: !on.has('realName'),
    balance: on.has('balance') ? 0 : 100,
    models: on.has('userNoModel') ? ['svc_vl'] : ['svc_llm', 'svc_vl'],
  };
  assert.equal((await http('PUT', api('/account'), account)).status, 200);
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) };
    return await http(on.has('method') ? 'PUT' : 'POST', CHAT(), bodyFor(on), headers);
  } finally {
    holder?.abort();
  }
}

function assertRow(reply: HttpReply, row: (typeof ROWS)[number]): void {
  assert.equal(reply.status, row.status, reply.text);
  const { error } = reply.json<{ error: { message: string; type: string; param: string; code: number } }>();
  if (typeof row.message === 'string') assert.equal(error.message, row.message);
  else assert.match(error.message, row.message);
  assert.equal(error.type, 'svc_error');
  assert.equal(error.code, row.status);
}

describe('chat error precedence', () => {
  for (const [index, row] of ROWS.entries()) {
    it(`${row.condition} (${row.status}) wins over every later row`, async () => {
      const reply = await send(new Set(ROWS.slice(index).map((r) => r.condition)));
      assertRow(reply, row);
      if (row.condition === 'method') assert.equal(reply.headers['allow'], 'POST');
    });

    it(`${row.condition} (${row.status}) alone`, async () => {
      assertRow(await send(new Set([row.condition])), row);
    });
  }

  it('an oversized body is drained, not cut: the caller reads the answer and the connection is reused', async () => {
    const big = JSON.stringify({ model: 'svc_llm', messages: [{ role: 'user', content: 'x'.repeat(MAX_BODY * 50) }] });
    const unauthenticated = await http('POST', CHAT(), big);
    assert.equal(unauthenticated.status, 401);
    const authenticated = await http('POST', CHAT(), big, { authorization: 'Bearer sk-llm-only' });
    assert.equal(authenticated.status, 400);
    const fine = await http(
      'POST',
      CHAT(),
      { model: 'svc_llm', messages: [{ role: 'user', content: 'hi' }], stream: false },
      { authorization: 'Bearer sk-llm-only' },
    );
    assert.equal(fine.status, 200);
  });

  it('other routes refuse an oversized body with 413 in their own error shape', async () => {
    const console = await http('POST', api('/knowledge-bases'), { name: 'big', documents: [{ title: 't', text: 'x'.repeat(MAX_BODY) }] });
    assert.equal(console.status, 413);
    assert.match(console.json<{ error: { message: string } }>().error.message, /exceeds 4096 bytes/);
    const speech = await http('POST', `${service().baseUrl}/maas/v2/api/tts`, { appkey: 'test-appkey', token: 'test-token', text: 'x'.repeat(MAX_BODY) });
    assert.equal(speech.status, 413);
    assert.equal(speech.json<{ code: number }>().code, 41300);
  });
});
