// The official `openai` SDK, pointed at `${baseUrl}/maas/v1`, streams and non-streams answers from the local service
// and sees its errors with their status and message: switching to the real service needs a base URL and a key only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { createKey, DEFAULT_KEY, http, useService } from './serviceHarness';

const service = useService();
const client = (apiKey = DEFAULT_KEY): OpenAI => new OpenAI({ baseURL: `${service().baseUrl}/maas/v1`, apiKey, maxRetries: 0 });

describe('openai SDK', () => {
  it('non-streaming', async () => {
    await http('POST', `${service().baseUrl}/_local/next-answer`, { text: 'Hello from the local service.' });
    const completion = await client().chat.completions.create({ model: 'svc_llm', messages: [{ role: 'user', content: 'hi' }], stream: false });
    assert.equal(completion.choices[0]?.message.content, 'Hello from the local service.');
    assert.equal(completion.choices[0]?.finish_reason, 'stop');
    assert.equal(completion.usage?.completion_tokens, 6);
  });

  it('streaming', async () => {
    const stream = await client().chat.completions.create({ model: 'svc_llm', messages: [{ role: 'user', content: '用一句话介绍你自己' }], stream: true });
    let content = '';
    let finish: string | null | undefined;
    let usage: number | undefined;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
      if (chunk.usage && chunk.usage.total_tokens > 0) usage = chunk.usage.completion_tokens;
    }
    assert.match(content, /^您的问题是/);
    assert.equal(finish, 'stop');
    assert.ok(usage !== undefined && usage > 100);
  });

  it('sees a disabled key as 403 with the message', async () => {
    const key = await createKey(service().baseUrl, 'sdk', ['svc_llm']);
    await http('POST', `${service().baseUrl}/console/api/keys/${key.id}/disable`);
    await assert.rejects(
      client(key.key).chat.completions.create({ model: 'svc_llm', messages: [{ role: 'user', content: 'hi' }], stream: false }),
      (error: unknown) => error instanceof OpenAI.APIError && error.status === 403 && error.message.includes('apikey被禁用'),
    );
  });

  it('sees an out-of-range parameter as 400 参数错误', async () => {
    await assert.rejects(
      client().chat.completions.create({ model: 'svc_llm', messages: [{ role: 'user', content: 'hi' }], temperature: 1.5, stream: true }),
      (error: unknown) => error instanceof OpenAI.APIError && error.status === 400 && error.message.includes('参数错误:temperature'),
    );
  });
});
