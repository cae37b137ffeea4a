// Requests through an HTTP proxy (a tiny forward proxy on loopback), explicit (`proxy.url`) and from
// HTTP_PROXY / NO_PROXY. The service is addressed by a name only the proxy resolves: this computer's own addresses
// never go through a proxy (companyNetwork.test.ts).
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../src/core/chat/chatRequest';
import type { MaasClient } from '../../src/core/maasClient';
import { ServiceError } from '../../src/core/http/serviceError';
import { ForwardProxy, PROXIED_SERVICE_HOST, proxiedAddress } from '../harness/forwardProxy';
import { LocalServiceFixture } from './localServiceFixture';

const ASK: ChatRequest = { model: 'svc_llm', messages: [{ role: 'user', content: 'Through the proxy?' }] };

async function answerText(client: MaasClient): Promise<string> {
  let text = '';
  for await (const event of client.streamChat(ASK)) if (event.type === 'text') text += event.text;
  return text;
}

describe('HTTP proxy', () => {
  let fixture: LocalServiceFixture;
  let proxy: ForwardProxy;
  let proxyUrl: string;
  const savedEnv = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY, http_proxy: process.env.http_proxy, no_proxy: process.env.no_proxy };

  before(async () => {
    fixture = await LocalServiceFixture.start({ allowedHosts: [PROXIED_SERVICE_HOST] });
    proxy = new ForwardProxy({ hosts: { [PROXIED_SERVICE_HOST]: '127.0.0.1' } });
    proxyUrl = await proxy.listen();
  });
  after(async () => {
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await fixture.stop();
    await proxy.close();
  });
  beforeEach(() => {
    proxy.seen.length = 0;
  });

  const baseUrl = (): string => proxiedAddress(fixture.service.baseUrl);
  const serviceHost = (): string => new URL(baseUrl()).host;

  it('carries a chat request through an explicit proxy URL', async () => {
    const text = await answerText(fixture.client({ baseUrl: baseUrl(), network: { proxyUrl: proxyUrl, strictSSL: true } }));
    assert.ok(text.length > 0);
    assert.ok(
      proxy.seen.some((line) => line.includes(serviceHost())),
      JSON.stringify(proxy.seen),
    );
  });

  it("sends Test Connection's reachability probe through the explicit proxy too", async () => {
    const status = await fixture.client({ baseUrl: baseUrl(), network: { proxyUrl: proxyUrl, strictSSL: true } }).probe(baseUrl());
    assert.equal(typeof status, 'number');
    assert.ok(
      proxy.seen.some((line) => line.includes(serviceHost())),
      JSON.stringify(proxy.seen),
    );
  });

  it('uses HTTP_PROXY from the environment and bypasses it for NO_PROXY hosts', async () => {
    delete process.env.http_proxy;
    delete process.env.no_proxy;
    process.env.HTTP_PROXY = proxyUrl;
    process.env.NO_PROXY = '';
    assert.ok((await answerText(fixture.client({ baseUrl: baseUrl() }))).length > 0);
    assert.ok(
      proxy.seen.some((line) => line.includes(serviceHost())),
      JSON.stringify(proxy.seen),
    );

    // Sent direct, the name cannot be resolved: the request fails without reaching the proxy.
    proxy.seen.length = 0;
    process.env.NO_PROXY = PROXIED_SERVICE_HOST;
    await assert.rejects(
      answerText(fixture.client({ baseUrl: baseUrl(), retry: { maxAttempts: 1 } })),
      (error: unknown) => error instanceof ServiceError && error.kind === 'network',
    );
    assert.deepEqual(proxy.seen, []);
  });
});
