import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { maskSecret, redactSecrets } from '../../../../src/core/http/redact';

const KEY = 'sk-live-0123456789abcdefWXYZ';

describe('redactSecrets', () => {
  it('masks an Authorization header line and keeps at most the last 4 characters', () => {
    const out = redactSecrets(`Authorization: Bearer ${KEY}`);
    assert.equal(out, 'Authorization: Bearer ***WXYZ');
  });

  it('masks Authorization inside JSON', () => {
    const out = redactSecrets(JSON.stringify({ headers: { Authorization: `Bearer ${KEY}` } }));
    assert.ok(!out.includes('0123456789'), out);
    assert.match(out, /"Authorization":"Bearer \*\*\*WXYZ"/);
  });

  it('masks a bare Bearer token in free text', () => {
    assert.equal(redactSecrets('sent bearer abcdefgh to the server'), 'sent bearer *** to the server');
  });

  it('masks appkey and token as JSON fields', () => {
    const out = redactSecrets('{"appkey":"app-key-1","token":"tok-secret","text":"hello"}');
    assert.equal(out, '{"appkey":"***","token":"***","text":"hello"}');
  });

  it('masks appkey and token as query parameters and keeps the other parameters', () => {
    const out = redactSecrets('GET /maas/v2/api/tts?text=hi&appkey=A1B2C3D4&token=T0K3N&voice=x');
    assert.equal(out, 'GET /maas/v2/api/tts?text=hi&appkey=***&token=***&voice=x');
  });

  it('masks key=value pairs in free text', () => {
    assert.equal(redactSecrets('failed with token=abcdef, retrying'), 'failed with token=***, retrying');
  });

  it('masks API-key-like parameters and the whole userinfo inside URLs', () => {
    const out = redactSecrets('https://user:hunter22@example.com/a?api_key=zzzzzzzz&x=1 and https://h/b?key=qqqq');
    assert.equal(out, 'https://***@example.com/a?api_key=***&x=1 and https://h/b?key=***');
    assert.equal(redactSecrets('http://sk-in-the-user-name@127.0.0.1:8080/maas'), 'http://***@127.0.0.1:8080/maas');
    assert.equal(redactSecrets('see https://example.com/a?b=c@d'), 'see https://example.com/a?b=c@d', 'an @ after the host is not userinfo');
  });

  it('masks every known secret value wherever it occurs, also URL-encoded', () => {
    const secret = 'ab+c/d=efgh';
    const out = redactSecrets(`value ${secret} and ${encodeURIComponent(secret)} in text`, [secret]);
    assert.ok(!out.includes('ab+c') && !out.includes('ab%2Bc'), out);
  });

  it('masks known secrets that appear outside any named field', () => {
    const out = redactSecrets(`the server echoed ${KEY} back`, [KEY]);
    assert.equal(out, 'the server echoed ***WXYZ back');
  });

  it('ignores known secrets shorter than 4 characters', () => {
    assert.equal(redactSecrets('a abc b', ['abc']), 'a abc b');
  });

  it('leaves text without credentials unchanged', () => {
    const text = 'POST /maas/v1/chat/completions 200 123ms {"model":"svc_llm","monkey":"banana"}';
    assert.equal(redactSecrets(text), text);
  });
});

describe('maskSecret', () => {
  it('never reveals more than the last 4 characters and nothing of short values', () => {
    assert.equal(maskSecret(KEY), '***WXYZ');
    assert.equal(maskSecret('short-secret'), '***');
  });
});
