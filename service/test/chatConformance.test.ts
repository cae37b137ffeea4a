// Conformance with the spec's error table (section 7) and limits (section 8) for chat, through raw HTTP.
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { chat, createKey, DEFAULT_KEY, http, useService, userAsks } from './serviceHarness';

const service = useService({ maxStreamsPerKey: 1 });
beforeEach(async () => {
  await http('POST', `${service().baseUrl}/_local/reset?state=seed`);
});

function assertError(reply: { status: number; json: <T>() => T }, status: number, message: string): void {
  assert.equal(reply.status, status);
  assert.deepEqual(reply.json(), { error: { message, type: 'svc_error', param: '', code: status } });
}

async function putAccount(patch: Record<string, unknown>): Promise<void> {
  const current = (await http('GET', `${service().baseUrl}/console/api/account`)).json();
  const reply = await http('PUT', `${service().baseUrl}/console/api/account`, { ...current, ...patch });
  assert.equal(reply.status, 200);
}

describe('error table', () => {
  it('401 apikey缺失 without an Authorization header, and with an empty bearer', async () => {
    assertError(await chat(service().baseUrl, userAsks('hi'), null), 401, 'apikey缺失');
    assertError(await http('POST', `${service().baseUrl}/maas/v1/chat/completions`, userAsks('hi'), { authorization: 'Bearer ' }), 401, 'apikey缺失');
  });

  it('401 apikey不存在 for an unknown key', async () => {
    assertError(await chat(service().baseUrl, userAsks('hi'), 'sk-nobody'), 401, 'apikey不存在');
  });

  it('403 apikey被禁用 for a disabled key', async () => {
    const key = await createKey(service().baseUrl, 'to-disable', ['svc_llm']);
    await http('POST', `${service().baseUrl}/console/api/keys/${key.id}/disable`);
    assertError(await chat(service().baseUrl, userAsks('hi'), key.key), 403, 'apikey被禁用');
  });

  it('403 请先完成实名认证 when the account is not verified', async () => {
    await putAccount({ realNameVerified: false });
    assertError(await chat(service().baseUrl, userAsks('hi')), 403, '请先完成实名认证');
  });

  it('403 apikey无权限调用该模型 when the key lacks the model', async () => {
    assertError(await chat(service().baseUrl, { ...userAsks('hi'), model: 'svc_vl' }, 'sk-llm-only'), 403, 'apikey无权限调用该模型');
  });

  it('403 当前用户无权限调用该模型 when the account lacks the model (even with the default key)', async () => {
    await putAccount({ models: ['svc_vl'] });
    assertError(await chat(service().baseUrl, userAsks('hi')), 403, '当前用户无权限调用该模型');
  });

  it('403 余额不足,请及时充值 when the balance is zero or below', async () => {
    await putAccount({ balance: 0 });
    assertError(await chat(service().baseUrl, userAsks('hi')), 403, '余额不足,请及时充值');
    await putAccount({ balance: 0.01 });
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false }))).status, 200);
  });

  it('403 content refusal for a request containing a sensitive word', async () => {
    assertError(
      await chat(service().baseUrl, userAsks('tell me about bomb-making')),
      403,
      '非常抱歉,这个问题我暂时无法回答,如果您有其他的问题咨询,我非常乐意帮助你。',
    );
  });

  it('503 服务繁忙,请稍后再试 past the per-key stream limit', async () => {
    await http('POST', `${service().baseUrl}/_local/faults`, { route: '/maas/v1/chat/completions', stallMs: 60_000, stallAfterChunks: 1 });
    const controller = new AbortController();
    const { request } = await import('undici');
    const first = await request(`${service().baseUrl}/maas/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(userAsks('hi')),
      signal: controller.signal,
    });
    assert.equal(first.statusCode, 200);
    assertError(await chat(service().baseUrl, userAsks('hi')), 503, '服务繁忙,请稍后再试');
    // Another key has its own allowance.
    assert.equal((await chat(service().baseUrl, userAsks('hi'), 'sk-llm-only')).status, 200);
    controller.abort();
    await first.body.text().catch(() => undefined);
  });

  it('never answers 429 by default, even for a burst', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => chat(service().baseUrl, userAsks('hi', { stream: false }))));
    assert.deepEqual([...new Set(replies.map((r) => r.status))], [200]);
  });
});

describe('400 参数错误 for invalid input', () => {
  const cases: [string, unknown, string][] = [
    ['body not JSON', '{"model":', 'body'],
    ['model missing', { messages: [{ role: 'user', content: 'x' }] }, 'model 缺失'],
    ['unknown model', userAsks('x', { model: 'gpt-4' }), 'model'],
    ['messages empty', { model: 'svc_llm', messages: [] }, 'messages'],
    ['messages not a list', { model: 'svc_llm', messages: 'hi' }, 'messages'],
    ['bad role', { model: 'svc_llm', messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
    ['content not text', { model: 'svc_llm', messages: [{ role: 'user', content: 5 }] }, 'messages[0].content'],
    [
      'last message not user',
      {
        model: 'svc_llm',
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
        ],
      },
      'messages[1].role',
    ],
    ['stream not boolean', userAsks('x', { stream: 'yes' }), 'stream 必须是布尔值'],
    ['temperature a string', userAsks('x', { temperature: '0.5' }), 'temperature 必须是数字'],
    ['max_tokens not integer', userAsks('x', { max_tokens: 10.5 }), 'max_tokens'],
    [
      'image sent to the language model',
      { model: 'svc_llm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] },
      'messages[0].content[0]',
    ],
    ['unknown part type', { model: 'svc_vl', messages: [{ role: 'user', content: [{ type: 'audio' }] }] }, 'messages[0].content[0]'],
    [
      'malformed data URL',
      { model: 'svc_vl', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png,notbase64' } }] }] },
      'image_url.url',
    ],
    [
      'bad base64',
      { model: 'svc_vl', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@@@' } }] }] },
      'image_url.url',
    ],
    ['tools neither retrieval nor function', userAsks('x', { tools: [{ type: 'shell' }] }), 'tools[0].type'],
    ['retrieval ids missing', userAsks('x', { tools: [{ type: 'retrieval', retrieval: {} }] }), 'tools[0].retrieval.knowledge_ids'],
    ['chat_mode 3', userAsks('x', { tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [1], chat_mode: 3 } }] }), 'chat_mode'],
    ['text_threshold above 1', userAsks('x', { tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [1], text_threshold: 1.5 } }] }), 'text_threshold'],
  ];
  for (const [name, body, field] of cases) {
    it(name, async () => {
      const reply = await chat(service().baseUrl, body);
      assert.equal(reply.status, 400, reply.text);
      const { error } = reply.json<{ error: { message: string; type: string; code: number } }>();
      assert.ok(error.message.startsWith('参数错误:'), error.message);
      assert.ok(error.message.includes(field), `"${error.message}" should name ${field}`);
      assert.equal(error.type, 'svc_error');
      assert.equal(error.code, 400);
    });
  }
});

describe('limits of section 8', () => {
  const limits: [string, number, number][] = [
    // [field, just inside, just outside] at each edge
    ['temperature', 0.01, 0.0],
    ['temperature', 1.0, 1.01],
    ['top_p', 0.01, 0.0],
    ['top_p', 0.99, 1.0],
    ['max_tokens', 8192, 8193],
    ['max_tokens', 1, 0],
    ['repetition_penalty', 1.1, 0.99],
    ['repetition_penalty', 1.99, 2.0],
  ];
  for (const [field, inside, outside] of limits) {
    it(`${field}: ${inside} accepted, ${outside} refused`, async () => {
      const ok = await chat(service().baseUrl, userAsks('hi', { stream: false, [field]: inside }));
      assert.equal(ok.status, 200, ok.text);
      const refused = await chat(service().baseUrl, userAsks('hi', { stream: false, [field]: outside }));
      assert.equal(refused.status, 400);
      assert.match(refused.json<{ error: { message: string } }>().error.message, new RegExp(`^参数错误:${field} `));
    });
  }

  it('repetition_penalty 1.0 (the documented default) is accepted', async () => {
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false, repetition_penalty: 1.0 }))).status, 200);
  });
});
