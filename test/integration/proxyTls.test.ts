// TLS to the service through a proxy: an HTTPS service on loopback with a self-signed certificate for a name only
// the proxy resolves (this computer's own addresses never go through a proxy), reached through a CONNECT proxy given
// explicitly (VS Code's http.proxy) or by HTTPS_PROXY. http.proxyStrictSSL false accepts the certificate inside the
// tunnel; true refuses it, as a certificate error.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { MaasClient } from '../../src/core/maasClient';
import type { MaasClientOptions } from '../../src/core/maasClient';
import { ServiceError } from '../../src/core/http/serviceError';
import { sseChunk } from '../unit/core/fakeServer';
import { ForwardProxy, PROXIED_SERVICE_HOST } from '../harness/forwardProxy';
import { selfSignedCertificate } from '../harness/testCertificates';

const ASK = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Over TLS?' }] };
const PROXY_ENV = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'] as const;

describe('TLS to the service through a proxy', () => {
  let service: Server;
  let serviceUrl: string;
  let proxy: ForwardProxy;
  let proxyUrl: string;
  const served: string[] = [];
  const clients: MaasClient[] = [];
  const savedEnv = Object.fromEntries(PROXY_ENV.map((name) => [name, process.env[name]]));

  before(async () => {
    service = createServer(selfSignedCertificate({ commonName: PROXIED_SERVICE_HOST, hosts: [PROXIED_SERVICE_HOST] }), (req, res) => {
      served.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${sseChunk('Secure answer', 'stop')}data: [DONE]\n\n`);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `https://${PROXIED_SERVICE_HOST}:${(service.address() as { port: number }).port}`;
    proxy = new ForwardProxy({ hosts: { [PROXIED_SERVICE_HOST]: '127.0.0.1' } });
    proxyUrl = await proxy.listen();
  });
  after(async () => {
    for (const name of PROXY_ENV) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    await Promise.all(clients.map((c) => c.dispose()));
    await proxy.close();
    service.closeAllConnections();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });
  beforeEach(() => {
    proxy.seen.length = 0;
    served.length = 0;
    for (const name of PROXY_ENV) delete process.env[name];
  });

  async function answer(options: Partial<MaasClientOptions>): Promise<string> {
    const client = new MaasClient({ baseUrl: serviceUrl, getApiKey: () => Promise.resolve('sk-proxy-tls-0123456789'), retry: { maxAttempts: 1 }, ...options });
    clients.push(client);
    let text = '';
    for await (const event of client.streamChat(ASK)) if (event.type === 'text') text += event.text;
    return text;
  }

  const tunnel = (): string => `CONNECT ${new URL(serviceUrl).host}`;

  it('tunnels TLS through the explicit proxy and accepts a self-signed certificate when strictSSL is off', async () => {
    assert.equal(await answer({ network: { proxyUrl: proxyUrl, strictSSL: false } }), 'Secure answer');
    assert.deepEqual(proxy.seen, [tunnel()], 'one CONNECT tunnel, nothing in the clear');
    assert.deepEqual(served, ['POST /maas/v1/chat/completions']);
  });

  it('refuses the self-signed certificate inside the tunnel when strictSSL is on', async () => {
    await assert.rejects(
      answer({ network: { proxyUrl: proxyUrl, strictSSL: true } }),
      (e: unknown) => e instanceof ServiceError && e.kind === 'certificate' && e.certificate?.reason === 'selfSigned',
    );
    // The request's tunnel, and the one that read the refused certificate to name it.
    assert.deepEqual(proxy.seen, [tunnel(), tunnel()], 'the connections went through the proxy');
    assert.deepEqual(served, [], 'the request was never sent');
  });

  it('honours strictSSL off for a proxy from HTTPS_PROXY too', async () => {
    process.env.HTTPS_PROXY = proxyUrl;
    assert.equal(await answer({ network: { strictSSL: false } }), 'Secure answer');
    assert.deepEqual(proxy.seen, [tunnel()]);
  });
});
