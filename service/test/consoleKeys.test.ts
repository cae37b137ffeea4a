// API key rules (spec 2.1, 3.1) and the console API's refusals, observed through chat as a user would.
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { chat, createKey, http, useService, userAsks } from './serviceHarness';

const service = useService();
const api = (path: string): string => `${service().baseUrl}/console/api${path}`;
beforeEach(async () => {
  await http('POST', `${service().baseUrl}/_local/reset?state=seed`);
});

interface KeyView {
  id: string;
  name: string;
  type: string;
  enabled: boolean;
  interfaces: string[];
  key: string;
}

describe('key state transitions', () => {
  it('create → works, disable → 403, enable → works, delete → 401 不存在', async () => {
    const created = await http('POST', api('/keys'), { name: 'my key', interfaces: ['svc_llm'] });
    assert.equal(created.status, 201);
    const key = created.json<KeyView>();
    assert.deepEqual(
      { name: key.name, type: key.type, enabled: key.enabled, interfaces: key.interfaces },
      { name: 'my key', type: 'personal', enabled: true, interfaces: ['svc_llm'] },
    );
    const ask = (): ReturnType<typeof chat> => chat(service().baseUrl, userAsks('hi', { stream: false }), key.key);
    assert.equal((await ask()).status, 200);

    assert.equal((await http('POST', api(`/keys/${key.id}/disable`))).status, 200);
    const disabled = await ask();
    assert.equal(disabled.status, 403);
    assert.equal(disabled.json<{ error: { message: string } }>().error.message, 'apikey被禁用');
    const listed = (await http('GET', api('/keys'))).json<{ keys: KeyView[] }>().keys.find((k) => k.id === key.id);
    assert.equal(listed?.enabled, false);

    assert.equal((await http('POST', api(`/keys/${key.id}/enable`))).status, 200);
    assert.equal((await ask()).status, 200);

    assert.equal((await http('DELETE', api(`/keys/${key.id}`))).status, 200);
    const deleted = await ask();
    assert.equal(deleted.status, 401);
    assert.equal(deleted.json<{ error: { message: string } }>().error.message, 'apikey不存在');
    assert.equal(
      (await http('GET', api('/keys'))).json<{ keys: KeyView[] }>().keys.some((k) => k.id === key.id),
      false,
    );
  });

  it('a disabled key can be deleted', async () => {
    const key = await createKey(service().baseUrl, 'short-lived', ['svc_vl']);
    await http('POST', api(`/keys/${key.id}/disable`));
    assert.equal((await http('DELETE', api(`/keys/${key.id}`))).status, 200);
  });

  it('the system default key refuses disable, enable and delete, and keeps working', async () => {
    const keys = (await http('GET', api('/keys'))).json<{ keys: KeyView[] }>().keys;
    const defaultKey = keys.find((k) => k.type === 'default');
    assert.ok(defaultKey);
    assert.deepEqual(defaultKey.interfaces, ['svc_llm', 'svc_vl']);
    for (const [method, path] of [
      ['POST', `/keys/${defaultKey.id}/disable`],
      ['POST', `/keys/${defaultKey.id}/enable`],
      ['DELETE', `/keys/${defaultKey.id}`],
    ] as const) {
      const reply = await http(method, api(path));
      assert.equal(reply.status, 403, `${method} ${path}`);
      assert.match(reply.json<{ error: { message: string } }>().error.message, /system default key/);
    }
    assert.equal((await chat(service().baseUrl, userAsks('hi', { stream: false }), defaultKey.key)).status, 200);
  });
});

describe('a malformed key id in the path', () => {
  it('is refused with 400 and says why, for disable, enable and delete alike', async () => {
    for (const [method, path] of [
      ['POST', '/keys/%E0%A4%A/disable'],
      ['POST', '/keys/%E0%A4%A/enable'],
      ['DELETE', '/keys/%E0%A4%A'],
    ] as const) {
      const reply = await http(method, api(path));
      assert.equal(reply.status, 400, `${method} ${path}`);
      assert.match(reply.json<{ error: { message: string } }>().error.message, /not valid percent-encoding/);
    }
  });
});

describe('key creation rules', () => {
  it('at most 20 keys counting the system default key', async () => {
    const existing = (await http('GET', api('/keys'))).json<{ keys: KeyView[] }>().keys.length;
    for (let i = existing; i < 20; i++) await createKey(service().baseUrl, `k${i}`, ['svc_llm']);
    assert.equal((await http('GET', api('/keys'))).json<{ keys: KeyView[] }>().keys.length, 20);
    const refused = await http('POST', api('/keys'), { name: 'one too many', interfaces: ['svc_llm'] });
    assert.ok(refused.status >= 400 && refused.status < 500);
    assert.match(refused.json<{ error: { message: string } }>().error.message, /at most 20/);
  });

  it('name of 20 characters accepted, 21 refused, empty refused', async () => {
    assert.equal((await http('POST', api('/keys'), { name: '名'.repeat(20), interfaces: ['svc_llm'] })).status, 201);
    const long = await http('POST', api('/keys'), { name: 'x'.repeat(21), interfaces: ['svc_llm'] });
    assert.equal(long.status, 400);
    assert.match(long.json<{ error: { message: string } }>().error.message, /at most 20 characters/);
    assert.equal((await http('POST', api('/keys'), { name: '', interfaces: ['svc_llm'] })).status, 400);
  });

  it('interfaces must be a non-empty subset of the model codes', async () => {
    const empty = await http('POST', api('/keys'), { name: 'none', interfaces: [] });
    assert.equal(empty.status, 400);
    assert.match(empty.json<{ error: { message: string } }>().error.message, /interfaces/);
    assert.equal((await http('POST', api('/keys'), { name: 'bad', interfaces: ['gpt'] })).status, 400);
  });

  it('a key limited to svc_vl cannot call svc_llm', async () => {
    const key = await createKey(service().baseUrl, 'vision', ['svc_vl']);
    const reply = await chat(service().baseUrl, userAsks('hi'), key.key);
    assert.equal(reply.status, 403);
    assert.equal(reply.json<{ error: { message: string } }>().error.message, 'apikey无权限调用该模型');
  });
});

describe('console API', () => {
  it('account round-trips and refuses a malformed body', async () => {
    const put = await http('PUT', api('/account'), { realNameVerified: true, balance: 12.5, models: ['svc_llm'] });
    assert.equal(put.status, 200);
    assert.deepEqual((await http('GET', api('/account'))).json(), { realNameVerified: true, balance: 12.5, models: ['svc_llm'] });
    const bad = await http('PUT', api('/account'), { realNameVerified: 'yes', balance: 1, models: [] });
    assert.equal(bad.status, 400);
    assert.match(bad.json<{ error: { message: string } }>().error.message, /realNameVerified/);
  });

  it('knowledge bases: create, list, delete; unknown id refused', async () => {
    const created = await http('POST', api('/knowledge-bases'), { name: 'docs', documents: [{ title: 't', text: 'hello world' }] });
    assert.equal(created.status, 201);
    const { id } = created.json<{ id: number }>();
    assert.ok(Number.isInteger(id));
    assert.ok((await http('GET', api('/knowledge-bases'))).json<{ knowledgeBases: { id: number }[] }>().knowledgeBases.some((kb) => kb.id === id));
    assert.equal((await http('DELETE', api(`/knowledge-bases/${id}`))).status, 200);
    assert.equal((await http('DELETE', api(`/knowledge-bases/${id}`))).status, 404);
    assert.equal((await http('POST', api('/knowledge-bases'), { name: 'empty', documents: [] })).status, 400);
  });

  it('speech credentials: created pairs are listed', async () => {
    const created = await http('POST', api('/speech-credentials'), {});
    assert.equal(created.status, 201);
    const pair = created.json<{ appkey: string; token: string }>();
    assert.ok(pair.appkey && pair.token);
    const listed = (await http('GET', api('/speech-credentials'))).json<{ credentials: { appkey: string }[] }>().credentials;
    assert.ok(listed.some((c) => c.appkey === pair.appkey));
  });

  it('the console page is served with a CSP that forbids inline script', async () => {
    const page = await http('GET', service().consoleUrl);
    assert.equal(page.status, 200);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.doesNotMatch(page.text, /<script>(?!<\/script>)/);
    assert.match(page.text, /<script src="console.js"/);
    assert.equal((await http('GET', `${service().baseUrl}/console/console.js`)).status, 200);
  });
});
