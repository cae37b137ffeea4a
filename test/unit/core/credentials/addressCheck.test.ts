// The rule of where a credential may go, case by case: per purpose, with who chose each address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkAddress, originOf, ownCleartextAddresses, travelsInClear, type AddressSetting } from '../../../../src/core/credentials/addressCheck';

const setting = (key: AddressSetting['key'], value: string, from: AddressSetting['from'], userValue = ''): AddressSetting => ({
  key,
  name: `maas.${key}`,
  value,
  from,
  userValue,
});
const never = (): boolean => false;

describe('where a credential may go', () => {
  it("the user's own address, whatever its path, and the user's alternative address", () => {
    const settings = [
      setting('baseUrl', 'https://a.example/x', 'user', 'https://a.example/x'),
      setting('altBaseUrl', 'https://b.example', 'user', 'https://b.example'),
    ];
    assert.deepEqual(checkAddress('https://a.example/maas/v1/chat/completions', 'apiKey', settings, never), { kind: 'allowed' });
    assert.deepEqual(checkAddress('https://b.example', 'apiKey', settings, never), { kind: 'allowed' });
    assert.deepEqual(checkAddress('https://a.example', 'speech', settings, never), { kind: 'allowed' });
  });

  it("a workspace's address is asked about until approved, even when the user has an address of their own", () => {
    const named = setting('baseUrl', 'http://127.0.0.1:9', 'workspace', 'https://a.example');
    assert.deepEqual(checkAddress('http://127.0.0.1:9', 'apiKey', [named], never), {
      kind: 'ask',
      origin: 'http://127.0.0.1:9',
      setting: named,
      cleartext: false,
    });
    assert.deepEqual(
      checkAddress('http://127.0.0.1:9/p', 'apiKey', [named], (origin) => origin === 'http://127.0.0.1:9'),
      { kind: 'allowed' },
    );
    // The user's own (overridden) address stays theirs.
    assert.deepEqual(checkAddress('https://a.example', 'apiKey', [named], never), { kind: 'allowed' });
  });

  it('the same host on another port or scheme is another origin', () => {
    const settings = [setting('baseUrl', 'https://a.example', 'user', 'https://a.example')];
    assert.equal(checkAddress('http://a.example', 'apiKey', settings, never).kind, 'refused');
    assert.equal(checkAddress('https://a.example:8443', 'apiKey', settings, never).kind, 'refused');
  });

  it('a workspace value equal to the user value needs no question', () => {
    const settings = [setting('baseUrl', 'https://a.example', 'workspace', 'https://a.example')];
    assert.deepEqual(checkAddress('https://a.example', 'apiKey', settings, never), { kind: 'allowed' });
  });

  it('an address no setting names, or not http(s), is refused', () => {
    const settings = [setting('baseUrl', 'https://a.example', 'user', 'https://a.example')];
    assert.deepEqual(
      checkAddress('https://elsewhere.example', 'apiKey', settings, () => true),
      { kind: 'refused', origin: 'https://elsewhere.example' },
    );
    assert.deepEqual(
      checkAddress('ftp://a.example', 'apiKey', settings, () => true),
      { kind: 'refused', origin: undefined },
    );
    assert.equal(originOf('javascript:alert(1)'), undefined);
  });

  it('an approval of another origin does not count', () => {
    const named = setting('baseUrl', 'http://127.0.0.1:9', 'workspace');
    assert.equal(checkAddress('http://127.0.0.1:9', 'apiKey', [named], (origin) => origin === 'http://127.0.0.1:10').kind, 'ask');
  });
});

describe('an address is for one purpose', () => {
  const stranger = 'http://127.0.0.1:9';
  const all = (from: AddressSetting['from'], value = stranger): AddressSetting[] => [
    setting('baseUrl', value, from, from === 'user' ? value : ''),
    setting('altBaseUrl', value, from, from === 'user' ? value : ''),
    setting('consoleUrl', `${value}/console`, from, from === 'user' ? `${value}/console` : ''),
  ];

  it("each purpose's question names the setting that holds its address", () => {
    const settings = all('workspace');
    const asked = (purpose: 'apiKey' | 'speech' | 'console'): string | undefined => {
      const verdict = checkAddress(stranger, purpose, settings, never);
      return verdict.kind === 'ask' ? verdict.setting.name : undefined;
    };
    assert.equal(asked('apiKey'), 'maas.baseUrl');
    assert.equal(asked('speech'), 'maas.baseUrl');
    assert.equal(asked('console'), 'maas.consoleUrl');
  });

  it('only maas.altBaseUrl naming an origin makes it a destination of the key, not of the speech credentials', () => {
    const settings = [setting('altBaseUrl', stranger, 'workspace')];
    assert.equal(checkAddress(stranger, 'apiKey', settings, never).kind, 'ask');
    assert.equal(checkAddress(stranger, 'speech', settings, never).kind, 'refused');
    assert.equal(checkAddress(stranger, 'console', settings, never).kind, 'refused');
  });

  it("a console address (the user's or the workspace's) is no destination of a credential", () => {
    for (const from of ['user', 'workspace'] as const) {
      const settings = [setting('consoleUrl', `${stranger}/console`, from, from === 'user' ? `${stranger}/console` : '')];
      assert.equal(checkAddress(stranger, 'apiKey', settings, () => true).kind, 'refused', from);
      assert.equal(checkAddress(stranger, 'speech', settings, () => true).kind, 'refused', from);
    }
    const mine = [setting('consoleUrl', `${stranger}/console`, 'user', `${stranger}/console`)];
    assert.deepEqual(checkAddress(`${stranger}/console`, 'console', mine, never), { kind: 'allowed' });
  });

  it("the user's key address opens no console page it does not name", () => {
    assert.equal(checkAddress(`${stranger}/console`, 'console', [setting('baseUrl', stranger, 'user', stranger)], never).kind, 'refused');
  });
});

describe("a container's machine settings and cleartext addresses", () => {
  it("a dev container's value is asked about like a workspace's, and approved like one", () => {
    const named = setting('baseUrl', 'https://repo.example', 'container');
    assert.equal(checkAddress('https://repo.example', 'apiKey', [named], never).kind, 'ask');
    assert.deepEqual(
      checkAddress('https://repo.example', 'apiKey', [named], () => true),
      { kind: 'allowed' },
    );
  });

  it('a plain-http address on another computer is asked about with the cleartext flag; loopback is not', () => {
    const verdict = checkAddress('http://maas.example:8080/x', 'apiKey', [setting('baseUrl', 'http://maas.example:8080', 'workspace')], never);
    assert.equal(verdict.kind === 'ask' && verdict.cleartext, true);
    // A subdomain of localhost is not this computer: Node asks DNS for it, which may answer with any address.
    for (const address of [
      'http://maas.example',
      'http://10.0.0.2:9',
      'http://[fe80::1]',
      'http://127.example',
      'http://a.localhost',
      'http://localhost.',
      'http://localhost.evil.example',
    ]) {
      assert.equal(travelsInClear(address), true, address);
    }
    for (const address of [
      'https://maas.example',
      'https://a.localhost',
      'http://localhost:8080',
      'http://LOCALHOST',
      'http://127.0.0.1:9',
      'http://127.1.2.3',
      'http://127.1',
      'http://[::1]:9',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]:9',
      'bogus',
    ]) {
      assert.equal(travelsInClear(address), false, address);
    }
  });

  it("the user's own plain-http key addresses on another computer are listed once per origin, to be warned about", () => {
    const settings = [
      setting('baseUrl', 'http://maas.example:8080/a', 'user', 'http://maas.example:8080/a'),
      setting('altBaseUrl', 'http://maas.example:8080', 'user', 'http://maas.example:8080'),
      setting('consoleUrl', 'http://console.example', 'user', 'http://console.example'),
    ];
    assert.deepEqual(
      ownCleartextAddresses(settings).map(({ origin, setting }) => [origin, setting.name]),
      [['http://maas.example:8080', 'maas.baseUrl']],
    );
    assert.deepEqual(ownCleartextAddresses([setting('baseUrl', 'http://127.0.0.1:9', 'user', 'http://127.0.0.1:9')]), [], 'loopback');
    assert.deepEqual(ownCleartextAddresses([setting('baseUrl', 'https://maas.example', 'user', 'https://maas.example')]), []);
    assert.deepEqual(ownCleartextAddresses([setting('altBaseUrl', 'http://maas.example', 'workspace')]), [], "a workspace's is asked about instead");
  });
});
