// The network options' rules: the no-proxy list as VS Code reads http.noProxy, which proxy carries a request, what
// credentials it was given, and which addresses are proxies at all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isProxyAddress, noProxyValue, proxyCredentials, proxyFor, proxyOrigin } from '../../../../src/core/http/networkOptions';

describe('network options', () => {
  it('the no-proxy list: trimmed, lower case, blanks dropped; empty reads NO_PROXY; a * anywhere sends everything direct', () => {
    assert.equal(noProxyValue([' Example.COM ', '', '.corp.test', 'localhost:8443']), 'example.com,.corp.test,localhost:8443');
    assert.equal(noProxyValue([]), undefined);
    assert.equal(noProxyValue(['  ']), undefined);
    assert.equal(noProxyValue(undefined), undefined);
    assert.equal(noProxyValue(['example.com', '*']), '*');
  });

  it('the proxy of a request: the explicit one, else the environment’s for its scheme', () => {
    const env = { HTTPS_PROXY: 'http://secure-proxy:1', http_proxy: 'http://plain-proxy:2' };
    assert.equal(proxyFor({ proxyUrl: 'http://mine:3' }, new URL('https://a'), env), 'http://mine:3');
    assert.equal(proxyFor({}, new URL('https://a'), env), 'http://secure-proxy:1');
    assert.equal(proxyFor({}, new URL('http://a'), env), 'http://plain-proxy:2');
    assert.equal(proxyFor({}, new URL('https://a'), { HTTP_PROXY: 'http://plain-proxy:2' }), 'http://plain-proxy:2');
    assert.equal(proxyFor({}, new URL('https://a'), {}), undefined);
  });

  it('the credentials a proxy was given: the Proxy-Authorization value first, then the address’s', () => {
    assert.equal(proxyCredentials({ proxyAuthorization: 'Basic eA==' }, 'http://u:p@proxy:1'), 'authorization');
    assert.equal(proxyCredentials({}, 'http://u:p@proxy:1'), 'url');
    assert.equal(proxyCredentials({}, 'http://proxy:1'), 'none');
    assert.equal(proxyCredentials({}, ''), 'none');
  });

  it('proxy addresses: http, https and socks5 with a host; the origin drops the credentials', () => {
    for (const good of ['http://proxy:8080', 'https://u:p@proxy', 'socks5://proxy:1080']) assert.ok(isProxyAddress(good), good);
    for (const bad of ['proxy:8080', 'ftp://proxy', 'socks4://proxy:1080', 'http://', '']) assert.ok(!isProxyAddress(bad), bad);
    assert.equal(proxyOrigin('http://user:secret@proxy.corp.test:8080/'), 'http://proxy.corp.test:8080');
  });
});
