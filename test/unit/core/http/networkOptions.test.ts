// The network options' rules: the no-proxy list as VS Code reads http.noProxy, which proxy carries a request and who
// named it, what credentials it was given, which addresses are proxies at all, how a proxy is shown (never a value
// that does not parse: it may be a password) and which values the log masks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isProxyAddress,
  networkSecrets,
  noProxyValue,
  proxyCredentials,
  proxyDisplay,
  proxyRoute,
  type NetworkOptions,
} from '../../../../src/core/http/networkOptions';
import { redactSecrets } from '../../../../src/core/http/redact';

describe('network options', () => {
  it('the no-proxy list: trimmed, lower case, blanks dropped; empty reads NO_PROXY; a * anywhere sends everything direct', () => {
    assert.equal(noProxyValue([' Example.COM ', '', '.corp.test', 'localhost:8443']), 'example.com,.corp.test,localhost:8443');
    assert.equal(noProxyValue([]), undefined);
    assert.equal(noProxyValue(['  ']), undefined);
    assert.equal(noProxyValue(undefined), undefined);
    assert.equal(noProxyValue(['example.com', '*']), '*');
  });

  it('the proxy of a request: the explicit one (the setting), else the environment’s for its scheme', () => {
    const env = { HTTPS_PROXY: 'http://secure-proxy:1', http_proxy: 'http://plain-proxy:2' };
    assert.deepEqual(proxyRoute({ proxyUrl: 'http://mine:3' }, new URL('https://a'), env), { proxy: 'http://mine:3', from: 'setting' });
    assert.deepEqual(proxyRoute({}, new URL('https://a'), env), { proxy: 'http://secure-proxy:1', from: 'environment' });
    assert.deepEqual(proxyRoute({}, new URL('http://a'), env), { proxy: 'http://plain-proxy:2', from: 'environment' });
    assert.deepEqual(proxyRoute({}, new URL('https://a'), { HTTP_PROXY: 'http://plain-proxy:2' }), { proxy: 'http://plain-proxy:2', from: 'environment' });
    assert.equal(proxyRoute({}, new URL('https://a'), {}), undefined);
  });

  it('no proxy for a host the list covers, as undici decides: the host, its subdomains, the port when given, * for all', () => {
    const env = { HTTPS_PROXY: 'http://env-proxy:1', NO_PROXY: 'maas.corp.test,.internal.test,*.lab.test,db.test:8443' };
    const direct = (address: string, options: NetworkOptions = {}): boolean => proxyRoute(options, new URL(address), env) === undefined;
    for (const address of ['https://maas.corp.test', 'https://api.maas.corp.test', 'https://x.internal.test', 'https://a.lab.test', 'https://db.test:8443']) {
      assert.ok(direct(address), address);
    }
    for (const address of ['https://corp.test', 'https://notmaas.corp.test.example', 'https://db.test', 'https://other.test']) {
      assert.ok(!direct(address), address);
    }
    // http.noProxy replaces NO_PROXY once it lists anything, for the explicit proxy too.
    assert.ok(!direct('https://maas.corp.test', { noProxy: ['other.test'] }));
    assert.ok(direct('https://other.test', { proxyUrl: 'http://mine:3', noProxy: ['OTHER.test'] }));
    assert.ok(direct('https://anything.example', { proxyUrl: 'http://mine:3', noProxy: ['x', '*'] }));
    assert.ok(proxyRoute({}, new URL('https://anything.example'), { HTTPS_PROXY: 'http://p:1', no_proxy: '*' }) === undefined);
  });

  it('no proxy for this computer, whoever names one and whatever the no-proxy list says; a subdomain of localhost is not it', () => {
    const proxies = { HTTPS_PROXY: 'http://env-proxy:1', HTTP_PROXY: 'http://env-proxy:1' };
    // A company's set-up names only localhost in NO_PROXY.
    const env = { ...proxies, NO_PROXY: 'localhost' };
    const networks: NetworkOptions[] = [
      {},
      { proxyUrl: 'http://mine:3', proxyAuthorization: 'Basic eA==' },
      { proxyUrl: 'http://mine:3', noProxy: ['other.test'] },
    ];
    const thisComputer = [
      'http://127.0.0.1:8000',
      'https://127.0.0.1',
      'http://127.8.9.10:1',
      'http://LOCALHOST:3000',
      'http://[::1]:8000',
      'https://[::ffff:127.0.0.1]',
    ];
    for (const network of networks) {
      for (const address of thisComputer) assert.equal(proxyRoute(network, new URL(address), env), undefined, `${address} ${JSON.stringify(network)}`);
      for (const address of ['http://app.localhost:3000', 'http://localhost.example', 'http://128.0.0.1', 'http://[::2]', 'https://[::ffff:10.0.0.1]']) {
        assert.ok(proxyRoute(network, new URL(address), proxies) !== undefined, `${address} ${JSON.stringify(network)}`);
      }
    }
  });

  it('the credentials a proxy was given: Proxy-Authorization only to the proxy of http.proxy, else the address’s own', () => {
    const setting = { proxy: 'http://u:p@proxy:1', from: 'setting' } as const;
    const environment = { proxy: 'http://proxy:1', from: 'environment' } as const;
    assert.equal(proxyCredentials({ proxyAuthorization: 'Basic eA==' }, setting), 'authorization');
    assert.equal(proxyCredentials({}, setting), 'url');
    assert.equal(proxyCredentials({}, { proxy: 'http://proxy:1', from: 'setting' }), 'none');
    assert.equal(proxyCredentials({ proxyAuthorization: 'Basic eA==' }, environment), 'withheld', 'never to a proxy the environment names');
    assert.equal(proxyCredentials({ proxyAuthorization: 'Basic eA==' }, { proxy: 'http://env:pw@proxy:1', from: 'environment' }), 'url');
    assert.equal(proxyCredentials({}, undefined), 'none');
  });

  it('proxy addresses: http, https and socks5 written as scheme://host', () => {
    for (const good of ['http://proxy:8080', 'https://u:p@proxy', 'socks5://proxy:1080']) assert.ok(isProxyAddress(good), good);
    for (const bad of ['proxy:8080', 'alice:S3cret@proxy.corp:3128', 'http:proxy:8080', 'ftp://proxy', 'socks4://proxy:1080', 'http://', '']) {
      assert.ok(!isProxyAddress(bad), bad);
    }
  });

  it('a proxy is shown as its scheme, host and port; a value not written as scheme://host is never shown', () => {
    assert.equal(proxyDisplay('http://user:secret@proxy.corp.test:8080/'), 'http://proxy.corp.test:8080');
    assert.equal(proxyDisplay('socks5://proxy.corp.test:1080'), 'socks5://proxy.corp.test:1080', 'not "null", as its origin would be');
    assert.equal(proxyDisplay('socks4://me:hunter22@proxy.corp.test:1080'), 'socks4://proxy.corp.test:1080');
    for (const hidden of ['alice:S3cret@proxy.corp:3128', 'proxy.corp:3128', 'S3cret', 'http://', 'http://:pw@', ''])
      assert.equal(proxyDisplay(hidden), '', hidden);
  });

  it('the secrets the log masks: the proxy password with or without a scheme, and the Proxy-Authorization value and its parts', () => {
    const basic = `Basic ${Buffer.from('alice:Basic-Pa55').toString('base64')}`;
    const secrets = networkSecrets({ proxyUrl: 'alice:S3cret%40x@proxy.corp:3128', proxyAuthorization: basic });
    assert.deepEqual(secrets, ['S3cret%40x', 'S3cret@x', basic, basic.slice('Basic '.length), 'alice:Basic-Pa55', 'Basic-Pa55']);
    assert.deepEqual(networkSecrets({ proxyUrl: 'http://bob:pw-1234@proxy:1' }), ['pw-1234']);
    assert.deepEqual(networkSecrets({ proxyAuthorization: 'Negotiate abcdef123456' }), ['Negotiate abcdef123456', 'abcdef123456']);
    assert.deepEqual(networkSecrets({ proxyUrl: 'http://proxy:1' }), []);
    const line = `invalid proxy alice:S3cret@x@proxy.corp:3128; sent ${basic}; decoded alice:Basic-Pa55`;
    const masked = redactSecrets(line, secrets);
    for (const secret of ['S3cret', 'Basic-Pa55', basic.slice('Basic '.length)]) assert.ok(!masked.includes(secret), `${secret} in ${masked}`);
  });
});
