// The rule of where a credential may go, case by case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkAddress, originOf, type AddressSetting } from '../../../../src/core/credentials/addressCheck';

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
    assert.deepEqual(checkAddress('https://a.example/maas/v1/chat/completions', settings, never), { kind: 'allowed' });
    assert.deepEqual(checkAddress('https://b.example', settings, never), { kind: 'allowed' });
  });

  it("a workspace's address is asked about until approved, even when the user has an address of their own", () => {
    const named = setting('baseUrl', 'http://127.0.0.1:9', 'workspace', 'https://a.example');
    assert.deepEqual(checkAddress('http://127.0.0.1:9', [named], never), { kind: 'ask', origin: 'http://127.0.0.1:9', setting: named });
    assert.deepEqual(
      checkAddress('http://127.0.0.1:9/p', [named], (origin) => origin === 'http://127.0.0.1:9'),
      { kind: 'allowed' },
    );
    // The user's own (overridden) address stays theirs.
    assert.deepEqual(checkAddress('https://a.example', [named], never), { kind: 'allowed' });
  });

  it('the same host on another port or scheme is another origin', () => {
    const settings = [setting('baseUrl', 'https://a.example', 'user', 'https://a.example')];
    assert.equal(checkAddress('http://a.example', settings, never).kind, 'refused');
    assert.equal(checkAddress('https://a.example:8443', settings, never).kind, 'refused');
  });

  it('a workspace value equal to the user value needs no question', () => {
    const settings = [setting('baseUrl', 'https://a.example', 'workspace', 'https://a.example')];
    assert.deepEqual(checkAddress('https://a.example', settings, never), { kind: 'allowed' });
  });

  it('an address no setting names, or not http(s), is refused', () => {
    const settings = [setting('baseUrl', 'https://a.example', 'user', 'https://a.example')];
    assert.deepEqual(
      checkAddress('https://elsewhere.example', settings, () => true),
      { kind: 'refused', origin: 'https://elsewhere.example' },
    );
    assert.deepEqual(
      checkAddress('ftp://a.example', settings, () => true),
      { kind: 'refused', origin: undefined },
    );
    assert.equal(originOf('javascript:alert(1)'), undefined);
  });

  it('an approval of another origin does not count', () => {
    const named = setting('baseUrl', 'http://127.0.0.1:9', 'workspace');
    assert.equal(checkAddress('http://127.0.0.1:9', [named], (origin) => origin === 'http://127.0.0.1:10').kind, 'ask');
  });
});
