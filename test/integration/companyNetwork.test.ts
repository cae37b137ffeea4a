// The client on a company's network, against the local service and a CONNECT proxy that asks for Basic credentials
// and knows the service by a name only it resolves: refused certificates named (which one, why) directly and through
// the tunnel, the proxy's credentials from its address or from http.proxyAuthorization, a 407 as its own error, and
// the hosts that bypass the proxy (this computer always; http.noProxy, else NO_PROXY). The certificates here are
// refused whatever the machine trusts (an unknown root, a self-signed one); trusted roots from the system store, an
// expired certificate and one for another name need a root the process trusts, which the in-host suite gives
// (test/host/companyNetwork.test.ts).
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../src/core/chat/chatRequest';
import type { NetworkOptions } from '../../src/core/http/networkOptions';
import { ServiceError } from '../../src/core/http/serviceError';
import type { MaasClient } from '../../src/core/maasClient';
import { ForwardProxy } from '../harness/forwardProxy';
import { HttpsFront } from '../harness/httpsFront';
import { selfSignedCertificate, TestAuthority } from '../harness/testCertificates';
import { LocalServiceFixture } from './localServiceFixture';

const ASK: ChatRequest = { model: 'svc_llm', messages: [{ role: 'user', content: 'Is the network kind?' }] };
const HOST = 'maas.corp.test';
const USER = 'maas-user';
const PASSWORD = 'p@ss:word/1';
const PROXY_ENV = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'] as const;

async function answerText(client: MaasClient): Promise<string> {
  let text = '';
  for await (const event of client.streamChat(ASK)) if (event.type === 'text') text += event.text;
  return text;
}

async function failure(client: MaasClient): Promise<ServiceError> {
  try {
    await answerText(client);
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return error;
  }
  assert.fail('the request should have failed');
}

describe('a company network', () => {
  let fixture: LocalServiceFixture;
  let proxy: ForwardProxy;
  let proxyUrl = '';
  let servicePort = 0;
  const fronts: Record<'unknownRoot' | 'selfSigned', { front: HttpsFront; port: number }> = {} as never;
  const savedEnv = Object.fromEntries(PROXY_ENV.map((name) => [name, process.env[name]]));

  before(async () => {
    // The proxy's tunnel carries the company name in Host, which the service answers only when told to.
    fixture = await LocalServiceFixture.start({ allowedHosts: [HOST] });
    const origin = fixture.service.baseUrl;
    servicePort = Number(new URL(origin).port);
    const hosts = [HOST, 'localhost', '127.0.0.1'];
    const certificates = {
      unknownRoot: TestAuthority.create('Unknown Inspection Root').issue({ commonName: HOST, hosts }),
      selfSigned: selfSignedCertificate({ commonName: HOST, hosts }),
    };
    for (const [name, certificate] of Object.entries(certificates)) {
      const front = new HttpsFront(certificate, origin);
      fronts[name as keyof typeof fronts] = { front, port: await front.listen() };
    }
    proxy = new ForwardProxy({ credentials: { user: USER, password: PASSWORD }, hosts: { [HOST]: '127.0.0.1' } });
    proxyUrl = await proxy.listen();
  });

  after(async () => {
    for (const name of PROXY_ENV) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    await fixture.stop();
    await Promise.all([proxy.close(), ...Object.values(fronts).map(({ front }) => front.close())]);
  });

  beforeEach(() => {
    proxy.clear();
    for (const { front } of Object.values(fronts)) front.served.length = 0;
    for (const name of PROXY_ENV) delete process.env[name];
  });

  const proxyWith = (user: string, password: string): string => {
    const url = new URL(proxyUrl);
    url.username = encodeURIComponent(user);
    url.password = encodeURIComponent(password);
    return url.href;
  };
  /** A client of the service by that name (the proxy resolves HOST; localhost resolves here). */
  const client = (network: NetworkOptions, host = HOST): MaasClient =>
    fixture.client({ baseUrl: `http://${host}:${servicePort}`, network, retry: { maxAttempts: 1 } });
  const tunnel = (): string => `CONNECT ${HOST}:${servicePort}`;

  describe('refused certificates say which and why, directly and through the proxy', () => {
    const cases = [
      ['unknownRoot', 'untrusted', 'SELF_SIGNED_CERT_IN_CHAIN', /CN=Unknown Inspection Root/],
      ['selfSigned', 'selfSigned', 'DEPTH_ZERO_SELF_SIGNED_CERT', /CN=maas\.corp\.test/],
    ] as const;
    for (const [front, reason, code, issuer] of cases) {
      for (const route of ['direct', 'proxy'] as const) {
        it(`${front} (${route}): a ${reason} certificate error with its subject, issuer and dates; nothing reaches the service`, async () => {
          const host = route === 'direct' ? 'localhost' : HOST;
          const network = route === 'direct' ? {} : { proxyUrl: proxyWith(USER, PASSWORD) };
          const { port } = fronts[front];
          const error = await failure(fixture.client({ baseUrl: `https://${host}:${port}`, network, retry: { baseDelayMs: 1, maxDelayMs: 1 } }));
          assert.equal(error.kind, 'certificate', error.message);
          assert.equal(error.retryable, false);
          const problem = error.certificate;
          assert.deepEqual([problem?.reason, problem?.code, problem?.host], [reason, code, `${host}:${port}`]);
          assert.equal(problem?.subject, 'CN=maas.corp.test');
          assert.match(problem?.issuer ?? '', issuer);
          assert.match(problem?.validFrom ?? '', /^\d{4}-\d{2}-\d{2}$/);
          assert.match(problem?.validTo ?? '', /^\d{4}-\d{2}-\d{2}$/);
          assert.match(problem?.names ?? '', /DNS:maas\.corp\.test/);
          assert.match(error.message, new RegExp(`certificate of ${host}:${port} was refused \\(${code}\\): issued to CN=maas\\.corp\\.test by`));
          assert.deepEqual(fronts[front].front.served, [], 'no request was sent, not even by the look at the certificate');
          // The request's connection and the one that read the certificate, both through the tunnel.
          if (route === 'proxy') assert.deepEqual(proxy.seen, [`CONNECT ${HOST}:${port}`, `CONNECT ${HOST}:${port}`]);
        });
      }
    }
  });

  describe("the proxy's credentials", () => {
    it('come from the user and password in the proxy address (percent-encoded), for the chat and for speech', async () => {
      const c = client({ proxyUrl: proxyWith(USER, PASSWORD) });
      assert.ok((await answerText(c)).length > 0);
      assert.ok((await c.listSpeakers()).length > 0);
      assert.deepEqual(proxy.refused, []);
      assert.ok(proxy.seen.length > 0 && proxy.seen.every((line) => line === tunnel()), JSON.stringify(proxy.seen));
    });

    it('come from http.proxyAuthorization, which wins over credentials in the address', async () => {
      const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      assert.ok((await answerText(client({ proxyUrl, proxyAuthorization: authorization }))).length > 0);
      assert.ok((await answerText(client({ proxyUrl: proxyWith(USER, 'wrong'), proxyAuthorization: authorization }))).length > 0);
      assert.deepEqual(proxy.refused, []);
    });

    it('never go to a proxy the environment names: http.proxyAuthorization is for the proxy of http.proxy only', async () => {
      const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      for (const variable of ['HTTP_PROXY', 'HTTPS_PROXY'] as const) {
        proxy.clear();
        process.env[variable] = proxyUrl;
        const scheme = variable === 'HTTPS_PROXY' ? 'https' : 'http';
        // The environment's proxy is asked without the value, refuses, and is named as the environment's.
        const error = await failure(
          fixture.client({ baseUrl: `${scheme}://${HOST}:${servicePort}`, network: { proxyAuthorization: authorization }, retry: { maxAttempts: 1 } }),
        );
        assert.equal(error.kind, 'proxyAuth', error.message);
        assert.deepEqual(error.proxy, { address: new URL(proxyUrl).origin, credentials: 'withheld', from: 'environment' });
        assert.deepEqual(
          proxy.refused.map((r) => r.authorization),
          [undefined],
          `${variable}: the proxy got no Proxy-Authorization`,
        );
        delete process.env[variable];
      }
      // The same proxy named in http.proxy gets it.
      proxy.clear();
      assert.ok((await answerText(client({ proxyUrl, proxyAuthorization: authorization }))).length > 0);
      assert.deepEqual([proxy.seen, proxy.refused], [[tunnel()], []]);
    });

    for (const [given, network, credentials] of [
      ['none', (): NetworkOptions => ({ proxyUrl }), 'none'],
      ['a wrong password', (): NetworkOptions => ({ proxyUrl: proxyWith(USER, 'wrong') }), 'url'],
      ['a wrong Proxy-Authorization', (): NetworkOptions => ({ proxyUrl, proxyAuthorization: 'Basic d3Jvbmc6d3Jvbmc=' }), 'authorization'],
    ] as const) {
      it(`a 407 for ${given} is a proxyAuth error naming the proxy without its credentials, not retried`, async () => {
        const error = await failure(fixture.client({ baseUrl: `http://${HOST}:${servicePort}`, network: network(), retry: { baseDelayMs: 1, maxDelayMs: 1 } }));
        assert.equal(error.kind, 'proxyAuth', error.message);
        assert.deepEqual(error.proxy, { address: new URL(proxyUrl).origin, credentials, from: 'setting' });
        assert.ok(!error.message.includes('wrong'), error.message);
        assert.equal(proxy.refused.length, 1, 'one attempt');
        assert.deepEqual(proxy.seen, [], 'nothing passed the proxy');
      });
    }

    it('an address that is not a proxy URL is its own error, and nothing is sent; a value without a scheme is never quoted', async () => {
      // Written without a scheme, a value is indistinguishable from a password: `alice:S3cret@…` parses as the scheme
      // `alice:`. Nothing of it is named, in the error or in the log line.
      const logged: string[] = [];
      const bare = await failure(
        fixture.client({
          baseUrl: `http://${HOST}:${servicePort}`,
          network: { proxyUrl: 'alice:S3cret-9@proxy.corp.test:3128' },
          onLog: (entry) => logged.push(JSON.stringify(entry)),
        }),
      );
      assert.equal(bare.kind, 'invalidProxy');
      assert.deepEqual(bare.proxy, { address: '', credentials: 'none' });
      for (const text of [bare.message, ...logged]) assert.ok(!text.includes('S3cret') && !text.includes('alice'), text);
      assert.ok(logged.length > 0, 'the failed request is logged');
      const error = await failure(client({ proxyUrl: 'proxy.corp.test:8080' }));
      assert.deepEqual(error.proxy, { address: '', credentials: 'none' });
      const secret = await failure(client({ proxyUrl: 'socks4://me:hunter22@proxy.corp.test:1080' }));
      assert.equal(secret.kind, 'invalidProxy');
      assert.equal(secret.proxy?.address, 'socks4://proxy.corp.test:1080');
      assert.ok(!secret.message.includes('hunter22') && !secret.message.includes('me:'), secret.message);
      assert.deepEqual([proxy.seen, proxy.refused], [[], []]);
    });
  });

  describe('hosts that bypass the proxy', () => {
    // maas.corp.test resolves only at the proxy: sent direct, it cannot be reached, which shows it was not proxied.
    const sentDirect = async (network: NetworkOptions, why: string): Promise<void> => {
      const direct = await failure(client(network));
      assert.equal(direct.kind, 'network', direct.message);
      assert.deepEqual([proxy.seen, proxy.refused], [[], []], why);
    };

    it('this computer is reached directly whatever the proxy: HTTP_PROXY / HTTPS_PROXY with NO_PROXY=localhost, or http.proxy', async () => {
      // A company's environment: the proxy asks credentials of whoever the environment sends to it.
      process.env.HTTP_PROXY = proxyUrl;
      process.env.HTTPS_PROXY = proxyUrl;
      process.env.NO_PROXY = 'localhost';
      const company = await failure(client({}));
      assert.equal(company.kind, 'proxyAuth', `${HOST} goes through the environment's proxy: ${company.message}`);
      proxy.clear();
      const networks: NetworkOptions[] = [{}, { proxyUrl: proxyWith(USER, PASSWORD), noProxy: ['other.corp.test'] }];
      for (const network of networks) {
        for (const host of ['127.0.0.1', 'localhost']) {
          const c = client(network, host);
          assert.ok((await answerText(c)).length > 0, `${host} answered with ${JSON.stringify(network)}`);
          assert.ok((await c.listSpeakers()).length > 0);
        }
      }
      assert.deepEqual([proxy.seen, proxy.authorizations], [[], []], 'the proxy saw nothing, the key included');
    });

    it('http.noProxy sends its hosts direct with an explicit proxy, and only those', async () => {
      const proxied = { proxyUrl: proxyWith(USER, PASSWORD) };
      await sentDirect({ ...proxied, noProxy: ['MAAS.CORP.TEST', ' other.corp.test '] }, `${HOST} went direct`);
      assert.ok((await answerText(client({ ...proxied, noProxy: [' other.corp.test '] }))).length > 0);
      assert.deepEqual(proxy.seen, [tunnel()], 'a host the list does not name goes through the proxy');
    });

    it('a domain entry (.corp.test or *.corp.test) covers its subdomains, and * covers everything', async () => {
      const proxied = { proxyUrl: proxyWith(USER, PASSWORD) };
      assert.ok((await answerText(client({ ...proxied, noProxy: ['example.com'] }))).length > 0);
      assert.deepEqual(proxy.seen, [tunnel()], 'a host no entry covers goes through the proxy');
      for (const entry of ['.corp.test', '*.corp.test', '*']) {
        proxy.clear();
        await sentDirect({ ...proxied, noProxy: ['example.com', entry] }, `${HOST} matched ${entry} and went direct`);
      }
    });

    it('NO_PROXY is honoured with an explicit proxy, and http.noProxy replaces it', async () => {
      process.env.NO_PROXY = HOST;
      await sentDirect({ proxyUrl: proxyWith(USER, PASSWORD) }, 'NO_PROXY sent maas.corp.test direct');
      assert.ok((await answerText(client({ proxyUrl: proxyWith(USER, PASSWORD), noProxy: ['other.corp.test'] }))).length > 0);
      assert.deepEqual(proxy.seen, [tunnel()], 'with http.noProxy set, NO_PROXY no longer applies');
    });
  });
});
