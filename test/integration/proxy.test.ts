// Requests through an HTTP proxy (a tiny forward proxy on loopback), explicit (`proxy.url`) and from
// HTTP_PROXY / NO_PROXY.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../src/core/chat/chatRequest';
import type { MaasClient } from '../../src/core/maasClient';
import { ForwardProxy } from '../harness/forwardProxy';
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
    fixture = await LocalServiceFixture.start();
    proxy = new ForwardProxy();
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

  const serviceHost = (): string => new URL(fixture.service.baseUrl).host;

  it('carries a chat request through an explicit proxy URL', async () => {
    const text = await answerText(fixture.client({ network: { proxyUrl: proxyUrl, strictSSL: true } }));
    assert.ok(text.length > 0);
    assert.ok(
      proxy.seen.some((line) => line.includes(serviceHost())),
      JSON.stringify(proxy.seen),
    );
  });

  it("sends Test Connection's reachability probe through the explicit proxy too", async () => {
    const status = await fixture.client({ network: { proxyUrl: proxyUrl, strictSSL: true } }).probe(fixture.service.baseUrl);
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
    assert.ok((await answerText(fixture.client())).length > 0);
    assert.ok(
      proxy.seen.some((line) => line.includes(serviceHost())),
      JSON.stringify(proxy.seen),
    );

    proxy.seen.length = 0;
    process.env.NO_PROXY = '127.0.0.1';
    assert.ok((await answerText(fixture.client())).length > 0);
    assert.deepEqual(proxy.seen, []);
  });
});
