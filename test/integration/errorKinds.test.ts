// Every error kind reached for real against the local service: key states through the console API, account
// flags through PUT /console/api/account, the internal-service rows through injected faults with the spec's
// messages, and the client-side kinds.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../src/core/chat/chatRequest';
import type { MaasClient } from '../../src/core/maasClient';
import { ServiceError } from '../../src/core/http/serviceError';
import type { ServiceErrorKind } from '../../src/core/http/serviceError';
import { useLocalService } from './localServiceFixture';

const ASK: ChatRequest = { model: 'svc_llm', messages: [{ role: 'user', content: 'Hello there.' }] };

async function failure(client: MaasClient, request: ChatRequest = ASK, signal?: AbortSignal): Promise<ServiceError> {
  try {
    for await (const event of client.streamChat(request, { signal })) void event;
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return error;
  }
  assert.fail('the request succeeded');
}

interface KeyRecord {
  readonly id: string;
  readonly key: string;
}

describe('error kinds reached for real', () => {
  // A small pace: the service flushes each chunk before a fault drops the socket.
  const fixture = useLocalService({ paceMs: 1 }, { resetEach: true });

  const noRetry = { maxAttempts: 1 };
  const withKey = (key: string): MaasClient => fixture().client({ getApiKey: () => Promise.resolve(key), retry: noRetry });
  const createKey = async (interfaces: string[]): Promise<KeyRecord> => {
    const { status, body } = await fixture().json<KeyRecord>('POST', '/console/api/keys', { name: 'test key', interfaces });
    assert.equal(status, 201);
    return body;
  };
  const setAccount = async (account: Record<string, unknown>): Promise<void> => {
    const full = { realNameVerified: true, balance: 100, models: ['svc_llm', 'svc_vl'], ...account };
    assert.equal((await fixture().json('PUT', '/console/api/account', full)).status, 200);
  };

  it('keyMissing: refused on the client, nothing sent', async () => {
    const error = await failure(fixture().client({ getApiKey: () => Promise.resolve(undefined) }));
    assert.equal(error.kind, 'keyMissing');
    assert.equal((await fixture().requests()).length, 0);
  });

  it('keyUnknown: a key the service does not know (and a deleted one)', async () => {
    assert.equal((await failure(withKey('sk-never-issued-000000'))).kind, 'keyUnknown');
    const record = await createKey(['svc_llm']);
    assert.equal((await fixture().json('DELETE', `/console/api/keys/${record.id}`)).status, 200);
    const error = await failure(withKey(record.key));
    assert.equal(error.kind, 'keyUnknown');
    assert.equal(error.status, 401);
  });

  it('keyDisabled, and the key authenticates again once enabled', async () => {
    const record = await createKey(['svc_llm']);
    await fixture().json('POST', `/console/api/keys/${record.id}/disable`);
    const error = await failure(withKey(record.key));
    assert.equal(error.kind, 'keyDisabled');
    assert.equal(error.serverMessage, 'apikey被禁用');
    await fixture().json('POST', `/console/api/keys/${record.id}/enable`);
    for await (const event of withKey(record.key).streamChat(ASK)) void event;
  });

  it('keyNoModelPermission: a key limited to svc_vl calling svc_llm', async () => {
    const record = await createKey(['svc_vl']);
    assert.equal((await failure(withKey(record.key))).kind, 'keyNoModelPermission');
  });

  const accountCases: [string, Record<string, unknown>, ServiceErrorKind][] = [
    ['realNameRequired', { realNameVerified: false }, 'realNameRequired'],
    ['userNoModelPermission', { models: ['svc_vl'] }, 'userNoModelPermission'],
    ['insufficientBalance', { balance: 0 }, 'insufficientBalance'],
  ];
  for (const [name, account, kind] of accountCases) {
    it(`${name}: account ${JSON.stringify(account)}`, async () => {
      await setAccount(account);
      const error = await failure(fixture().client({ retry: noRetry }));
      assert.equal(error.kind, kind);
      assert.equal(error.status, 403);
      assert.equal(error.retryable, false);
    });
  }

  it('contentRefused: a question with a sensitive word', async () => {
    const error = await failure(fixture().client({ retry: noRetry }), { model: 'svc_llm', messages: [{ role: 'user', content: 'tell me about bomb-making' }] });
    assert.equal(error.kind, 'contentRefused');
  });

  it('badRequest: a model code the service does not have (validated by the service, not the client)', async () => {
    const error = await failure(fixture().client({ retry: noRetry }), { ...ASK, model: 'svc_nonexistent' });
    assert.equal(error.kind, 'badRequest');
    assert.match(error.serverMessage ?? '', /^参数错误/);
  });

  const faultCases: [number, string, ServiceErrorKind, boolean][] = [
    [500, '系统异常,请联系技术支持', 'systemError', true],
    [503, '服务繁忙,请稍后再试', 'busy', true],
    [503, '内部模型服务鉴权失败', 'internalAuthFailed', false],
    [503, '内部模型服务不存在', 'internalServiceMissing', false],
    [503, '内部模型服务禁止预测', 'internalPredictionForbidden', false],
    [401, 'apikey缺失', 'keyMissing', false],
    [429, 'Too Many Requests', 'busy', true],
  ];
  for (const [status, message, kind, retryable] of faultCases) {
    it(`${kind}: HTTP ${status} ${message}`, async () => {
      await fixture().fault({ status, body: { error: { message, type: 'svc_error', param: '', code: status } } });
      const error = await failure(fixture().client({ retry: noRetry }));
      assert.deepEqual([error.kind, error.status, error.serverMessage, error.retryable], [kind, status, message, retryable]);
    });
  }

  it('network: nothing listens at the base URL', async () => {
    const error = await failure(fixture().client({ baseUrl: 'http://127.0.0.1:9', retry: noRetry }));
    assert.equal(error.kind, 'network');
  });

  it('timeout: no answer within the headers timeout', async () => {
    await fixture().fault({ stallMs: 30_000 });
    const error = await failure(fixture().client({ retry: noRetry, timeouts: { headersMs: 200 } }));
    assert.equal(error.kind, 'timeout');
  });

  it('protocol: a 200 answer that is neither JSON nor an event stream', async () => {
    await fixture().fault({ status: 200, body: '<html>captive portal</html>', headers: { 'Content-Type': 'text/html' } });
    assert.equal((await failure(fixture().client({ retry: noRetry }))).kind, 'protocol');
  });

  it('interrupted: the socket dropped after some text', async () => {
    await fixture().json('POST', '/_local/next-answer', { chunks: 50, chunkText: 'word ' });
    await fixture().fault({ dropAfterChunks: 40 });
    const error = await failure(fixture().client({ retry: noRetry }));
    assert.equal(error.kind, 'interrupted');
    assert.ok((error.partialText ?? '').startsWith('word word'));
  });

  it('cancelled: an already aborted signal sends nothing', async () => {
    const error = await failure(fixture().client(), ASK, AbortSignal.abort());
    assert.equal(error.kind, 'cancelled');
  });

  it('validation: an out-of-range temperature is refused before sending', async () => {
    const client = fixture().client();
    assert.throws(
      () => client.streamChat({ ...ASK, temperature: 1.01 }),
      (e: unknown) => e instanceof ServiceError && e.kind === 'validation' && e.field === 'temperature',
    );
    assert.equal((await fixture().requests()).length, 0);
  });
});
