// What a web page in the user's browser can do to the local service: nothing. A DNS-rebinding page (the service
// reached under the page's own host name) is refused on every route; a page of another origin is refused on the
// console and test routes; the writes a page can send there without a CORS preflight (form-encoded, text/plain,
// multipart, bodiless) are refused. Each test also shows the service's real callers still answered.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { BASE_SEED, DEFAULT_KEY, chat, http, startTestService, streamedContent, useService, userAsks } from './serviceHarness';
import type { HttpReply } from './serviceHarness';
import type { LocalService } from '../src/localService';

const service = useService();
const SPEECH = BASE_SEED.speechCredentials?.[0] ?? { appkey: '', token: '' };
const REBOUND = 'rebinding.attacker.example';

const portOf = (url: string): string => new URL(url).port;
const base = (): string => service().baseUrl;
const alt = (): string => service().altBaseUrl;
const hostHeader = (name: string, url = base()): Record<string, string> => ({ host: `${name}:${portOf(url)}` });

interface KeyView {
  readonly name: string;
  readonly key: string;
}

async function keyNames(): Promise<string[]> {
  return (await http('GET', `${base()}/console/api/keys`)).json<{ keys: KeyView[] }>().keys.map((k) => k.name);
}

function refusal(reply: HttpReply): string {
  return reply.json<{ error: { message: string } }>().error.message;
}

/** The answer's text to a question, streamed with the default key. */
async function answerText(question: string): Promise<string> {
  return streamedContent((await chat(base(), userAsks(question))).text);
}

beforeEach(async () => {
  await http('POST', `${base()}/_local/reset?state=seed`);
});

describe('Host: a DNS-rebinding page', () => {
  it('is refused on every route and learns no key, while 127.0.0.1 and localhost with the port are answered', async () => {
    const rebound = hostHeader(REBOUND);
    const keys = await http('GET', `${base()}/console/api/keys`, undefined, rebound);
    assert.equal(keys.status, 403);
    assert.doesNotMatch(keys.text, new RegExp(DEFAULT_KEY));
    assert.match(refusal(keys), new RegExp(`answers requests addressed to 127\\.0\\.0\\.1:${portOf(base())} or localhost:${portOf(base())} only`));
    assert.match(refusal(keys), new RegExp(`Host "${REBOUND}:${portOf(base())}"`));
    for (const [method, path] of [
      ['GET', '/console/'],
      ['GET', '/console/api/speech-credentials'],
      ['GET', '/_local/requests'],
      ['GET', `/maas/v2/api/tts-long-query?appkey=${SPEECH.appkey}&token=${SPEECH.token}&task_id=none`],
    ] as const) {
      assert.equal((await http(method, `${base()}${path}`, undefined, rebound)).status, 403, `${method} ${path}`);
    }
    const asked = await chat(base(), userAsks('hi', { stream: false }), DEFAULT_KEY);
    const reboundChat = await http('POST', `${base()}/maas/v1/chat/completions`, userAsks('hi', { stream: false }), {
      ...rebound,
      authorization: `Bearer ${DEFAULT_KEY}`,
    });
    assert.equal(reboundChat.status, 403);
    assert.doesNotMatch(reboundChat.text, /choices/);
    assert.equal(asked.status, 200);

    // The service's own addresses, each on the port the request came to (the alternative port included).
    for (const [url, name] of [
      [base(), '127.0.0.1'],
      [base(), 'localhost'],
      [alt(), '127.0.0.1'],
      [alt(), 'LocalHost'],
    ] as const) {
      const own = hostHeader(name, url);
      assert.equal((await http('GET', `${url}/console/api/keys`, undefined, own)).status, 200, `${name}:${portOf(url)}`);
      const answered = await http('POST', `${url}/maas/v1/chat/completions`, userAsks('hi', { stream: false }), {
        ...own,
        authorization: `Bearer ${DEFAULT_KEY}`,
      });
      assert.equal(answered.status, 200, `chat on ${name}:${portOf(url)}`);
      const speech = await http('GET', `${url}/maas/v2/api/tts-long-query?appkey=${SPEECH.appkey}&token=${SPEECH.token}&task_id=none`, undefined, own);
      assert.equal(speech.json<{ code: number }>().code, 40400, 'the speech pair is accepted (the task is unknown)');
    }
  });

  it('is refused for 0.0.0.0, for the other port of the service and for a Host without its port', async () => {
    for (const host of [`0.0.0.0:${portOf(base())}`, `127.0.0.1:${portOf(alt())}`, 'localhost', '127.0.0.1', `127.0.0.1.nip.io:${portOf(base())}`]) {
      assert.equal((await http('GET', `${base()}/console/api/keys`, undefined, { host })).status, 403, host);
    }
    assert.equal((await http('GET', `${base()}/console/api/keys`, undefined, { host: `127.0.0.1:${portOf(base())}` })).status, 200);
  });
});

describe('Host: names the service is told to answer to (allowedHosts, --allow-host)', () => {
  let named: LocalService;
  const NAME = 'maas.corp.test';

  before(async () => {
    named = await startTestService({ allowedHosts: [NAME] });
  });

  after(() => named?.stop());

  it('answers that name with its own port, on every route and as the origin of the console page, and still no other', async () => {
    const port = portOf(named.baseUrl);
    const own = { host: `${NAME.toUpperCase()}:${port}` };
    const asked = await http('POST', `${named.baseUrl}/maas/v1/chat/completions`, userAsks('hi', { stream: false }), {
      ...own,
      authorization: `Bearer ${DEFAULT_KEY}`,
    });
    assert.equal(asked.status, 200);
    const created = await http(
      'POST',
      `${named.baseUrl}/console/api/keys`,
      { name: 'by name', interfaces: ['svc_llm'] },
      { ...own, origin: `http://${NAME}:${port}` },
    );
    assert.equal(created.status, 201);
    const rebound = await http('GET', `${named.baseUrl}/console/api/keys`, undefined, { host: `${REBOUND}:${port}` });
    assert.equal(rebound.status, 403);
    assert.match(refusal(rebound), new RegExp(`addressed to 127\\.0\\.0\\.1:${port}, localhost:${port} or ${NAME.replaceAll('.', '\\.')}:${port} only`));
    assert.equal((await http('GET', `${named.baseUrl}/console/api/keys`, undefined, { host: `${NAME}:${portOf(named.altBaseUrl)}` })).status, 403);
  });

  it('refuses to start with a name that is not a host name alone', async () => {
    for (const name of ['maas.corp.test:8787', 'http://maas.corp.test', 'maas.corp.test/x', '*.corp.test', '']) {
      // A service that starts anyway is stopped at once, so that the failure is the assertion's.
      const outcome = await startTestService({ allowedHosts: [name] }).then(
        (started) => started.stop().then(() => 'started'),
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      assert.equal(outcome, `allowedHosts: "${name}" is not a host name (give the name alone, without scheme, port or path)`);
    }
  });
});

describe('Host: with --upstream', () => {
  let upstream: Server;
  let upstreamCalls = 0;
  let delegating: LocalService;

  before(async () => {
    upstream = createServer((req, res) => {
      upstreamCalls += 1;
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = { id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Upstream words.' }, finish_reason: null }] };
        res.end(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    delegating = await startTestService({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
  });

  after(async () => {
    await delegating?.stop();
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  });

  it('a rebinding page cannot spend the upstream key; the service under its own address still can', async () => {
    const url = `${delegating.baseUrl}/maas/v1/chat/completions`;
    const headers = { authorization: `Bearer ${DEFAULT_KEY}` };
    const rebound = await http('POST', url, userAsks('spend it'), { ...headers, ...hostHeader(REBOUND, delegating.baseUrl) });
    assert.equal(rebound.status, 403);
    assert.equal(upstreamCalls, 0, 'nothing went upstream');
    const own = await http('POST', url, userAsks('spend it'), headers);
    assert.equal(streamedContent(own.text), 'Upstream words.');
    assert.equal(upstreamCalls, 1);
  });
});

describe('Origin: a page of another origin', () => {
  it('is refused on the console and test routes and changes nothing; the console page’s own origin is answered', async () => {
    const port = portOf(base());
    for (const origin of ['http://attacker.example', 'null', `http://127.0.0.1:${portOf(alt())}`, `https://127.0.0.1:${port}`]) {
      const created = await http('POST', `${base()}/console/api/keys`, { name: 'planted', interfaces: ['svc_llm'] }, { origin });
      assert.equal(created.status, 403, origin);
      assert.match(refusal(created), new RegExp(`not Origin "${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
      assert.equal((await http('GET', `${base()}/console/api/keys`, undefined, { origin })).status, 403, `read with ${origin}`);
    }
    const queued = await http('POST', `${base()}/_local/next-answer`, { text: 'planted answer' }, { origin: 'http://attacker.example' });
    assert.equal(queued.status, 403);
    assert.notEqual(await answerText('hello'), 'planted answer');
    assert.deepEqual(await keyNames(), ['default', 'llm-only', 'vl-only']);

    for (const [index, origin] of [`http://127.0.0.1:${port}`, `http://localhost:${port}`].entries()) {
      const created = await http('POST', `${base()}/console/api/keys`, { name: `own ${index}`, interfaces: ['svc_llm'] }, { origin });
      assert.equal(created.status, 201, origin);
    }
    assert.equal((await http('POST', `${base()}/_local/next-answer`, { text: 'own answer' }, { origin: `http://127.0.0.1:${port}` })).status, 201);
    assert.equal(await answerText('hello'), 'own answer');
  });

  it('is not asked of the chat and speech routes, which a page cannot read and cannot send a key to', async () => {
    const origin = { origin: 'http://attacker.example' };
    // A page's request to chat carries no Authorization (that needs a preflight the service never grants).
    const keyless = await http('POST', `${base()}/maas/v1/chat/completions`, JSON.stringify(userAsks('hi')), { ...origin, 'content-type': 'text/plain' });
    assert.equal(keyless.status, 401);
    assert.equal(keyless.headers['access-control-allow-origin'], undefined);
    // The same foreign Origin on the console is refused, where it is not on the speech route.
    assert.equal((await http('GET', `${base()}/console/api/account`, undefined, origin)).status, 403);
    const speech = await http('GET', `${base()}/maas/v2/api/tts-long-query?appkey=${SPEECH.appkey}&token=${SPEECH.token}&task_id=none`, undefined, origin);
    assert.equal(speech.json<{ code: number }>().code, 40400);
  });
});

describe('Content-Type: writes a page can send without a preflight', () => {
  it('refuses form-encoded, text/plain, multipart and bodiless writes on the console and test routes, and changes nothing', async () => {
    const keys = `${base()}/console/api/keys`;
    const json = JSON.stringify({ name: 'planted', interfaces: ['svc_llm'] });
    const form = await http('POST', keys, 'name=planted&interfaces=svc_llm', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(form.status, 415);
    assert.equal(refusal(form), 'POST /console/api/keys takes Content-Type: application/json only (given: "application/x-www-form-urlencoded")');
    assert.equal((await http('POST', keys, json, { 'content-type': 'text/plain' })).status, 415);
    assert.equal((await http('POST', keys, json, { 'content-type': 'text/plain;charset=UTF-8' })).status, 415);
    assert.equal((await http('POST', keys, json, { 'content-type': 'multipart/form-data; boundary=x' })).status, 415);
    assert.equal(
      (
        await http('PUT', `${base()}/console/api/account`, JSON.stringify({ realNameVerified: false, balance: 0, models: [] }), {
          'content-type': 'text/plain',
        })
      ).status,
      415,
    );
    assert.equal(
      (await http('POST', `${base()}/_local/next-answer`, JSON.stringify({ text: 'planted answer' }), { 'content-type': 'text/plain' })).status,
      415,
    );
    // No body and no Content-Type: what `fetch(url, { method: 'POST', mode: 'no-cors' })` sends.
    await http('POST', keys, { name: 'kept', interfaces: ['svc_llm'] });
    const bare = await request(`${base()}/_local/reset?state=seed`, { method: 'POST' });
    assert.equal(bare.statusCode, 415);
    assert.equal(
      ((await bare.body.json()) as { error: { message: string } }).error.message,
      'POST /_local/reset takes Content-Type: application/json only (given: none)',
    );

    assert.deepEqual(await keyNames(), ['default', 'llm-only', 'vl-only', 'kept'], 'nothing planted, nothing reset');
    assert.notEqual(await answerText('hello'), 'planted answer');
    const account = (await http('GET', `${base()}/console/api/account`)).json<{ balance: number }>();
    assert.notEqual(account.balance, 0);

    // The same writes as JSON, as the console page, the tests and the demo send them.
    assert.equal((await http('POST', keys, json, { 'content-type': 'application/json; charset=utf-8' })).status, 201);
    assert.equal((await http('POST', `${base()}/_local/reset?state=seed`, undefined, { 'content-type': 'application/json' })).status, 200);
    assert.deepEqual(await keyNames(), ['default', 'llm-only', 'vl-only']);
  });

  it('leaves the speech routes their form-encoded POST and query-string GET, and chat its own checks', async () => {
    const fields = `appkey=${SPEECH.appkey}&token=${SPEECH.token}&task_id=none`;
    const posted = await http('POST', `${base()}/maas/v2/api/tts-long-query`, fields, { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(posted.json<{ code: number }>().code, 40400, 'the form-encoded credentials are read');
    const got = await http('GET', `${base()}/maas/v2/api/tts-long-query?${fields}`);
    assert.equal(got.json<{ code: number }>().code, 40400);
    // Without a key, chat refuses whatever the body's type; with one, the extension's JSON is answered.
    assert.equal(
      (await http('POST', `${base()}/maas/v1/chat/completions`, 'model=svc_llm', { 'content-type': 'application/x-www-form-urlencoded' })).status,
      401,
    );
    // The console refuses the same form write.
    assert.equal(
      (await http('POST', `${base()}/console/api/speech-credentials`, 'appkey=a&token=b', { 'content-type': 'application/x-www-form-urlencoded' })).status,
      415,
    );
    assert.equal((await chat(base(), userAsks('hi', { stream: false }))).status, 200);
  });
});
