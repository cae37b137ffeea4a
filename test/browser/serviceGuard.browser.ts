// Web pages in Chromium against the local service, as a user's browser would run them while the service runs. The
// attacker's pages are served from loopback under host names mapped to 127.0.0.1, so Chromium's own local-network
// checks (which not every browser has, and which a user may wave through) do not stand in for the service's.
// A DNS-rebinding page (its server swapped for the service on the same port, so its own-origin requests reach the
// service) reads no key and writes nothing; a page of another origin changes nothing with the requests a page can
// send without a CORS preflight (a text/plain or bodiless fetch, a text/plain form post). The console page's own
// use of the service is test/browser/consolePage.browser.ts.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../service/src/localService';
import { launchBrowser } from '../harness/browser';

const DEFAULT_KEY = 'sk-test-guard-page-0001';
const REBOUND = 'rebinding.attacker.test';
const FOREIGN = 'attacker.test';
const SERVICE_OPTIONS: LocalServiceOptions = { quiet: true, seed: { defaultKey: DEFAULT_KEY } };

/** The attacker's web server: one page with a frame for form posts. */
async function attackerServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>a page</title><iframe name="sink"></iframe>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

describe('web pages and the local service', () => {
  let browser: Browser;
  const running: LocalService[] = [];

  async function api<T>(service: LocalService, method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${service.baseUrl}${route}`, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${route}: ${response.status}`);
    return (await response.json()) as T;
  }

  const keyNames = async (service: LocalService): Promise<string[]> =>
    (await api<{ keys: { name: string }[] }>(service, 'GET', '/console/api/keys')).keys.map((k) => k.name);

  async function serviceWithOwnKey(options: LocalServiceOptions = {}): Promise<LocalService> {
    const service = await startLocalService({ ...SERVICE_OPTIONS, ...options });
    running.push(service);
    await api(service, 'POST', '/console/api/keys', { name: 'mine', interfaces: ['svc_llm'] });
    return service;
  }

  async function newPage(url: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(url);
    return page;
  }

  before(async () => {
    browser = await launchBrowser({ args: [`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1, MAP ${FOREIGN} 127.0.0.1`] });
  });

  beforeEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.stop()));
  });

  after(async () => {
    await browser?.close();
    await Promise.all(running.map((service) => service.stop()));
  });

  it('a DNS-rebinding page reads no key and creates none', async () => {
    const attacker = await attackerServer();
    const page = await newPage(`http://${REBOUND}:${attacker.port}/landing`);
    // The name now leads to the service: the attacker's server gives its port up, the service takes it.
    await closeServer(attacker.server);
    const service = await serviceWithOwnKey({ port: attacker.port });
    const seen = await page.evaluate(async () => {
      const read = await fetch('/console/api/keys');
      const created = await fetch('/console/api/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'planted', interfaces: ['svc_llm'] }),
      });
      return { read: read.status, text: await read.text(), created: created.status };
    });
    assert.equal(seen.read, 403);
    assert.ok(!seen.text.includes(DEFAULT_KEY), seen.text);
    assert.equal(seen.created, 403);
    assert.deepEqual(await keyNames(service), ['default', 'mine']);
  });

  it('a page of another origin cannot create a key, queue an answer or reset the service', async () => {
    const service = await serviceWithOwnKey();
    const attacker = await attackerServer();
    try {
      const page = await newPage(`http://${FOREIGN}:${attacker.port}/landing`);
      await page.evaluate(async (base) => {
        const plain = { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' } } as const;
        await fetch(`${base}/console/api/keys`, { ...plain, body: JSON.stringify({ name: 'planted', interfaces: ['svc_llm'] }) });
        await fetch(`${base}/_local/next-answer`, { ...plain, body: JSON.stringify({ text: 'planted answer' }) });
        await fetch(`${base}/_local/reset?state=seed`, { method: 'POST', mode: 'no-cors' });
        // A form post into the page's frame, which needs no script at all; text/plain makes its body this JSON:
        // {"name":"planted by form","interfaces":["svc_llm"],"x":"="}
        const sink = document.querySelector('iframe');
        const loaded = new Promise((resolve) => sink?.addEventListener('load', resolve, { once: true }));
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = `${base}/console/api/keys`;
        form.target = 'sink';
        form.enctype = 'text/plain';
        const field = document.createElement('input');
        field.name = '{"name":"planted by form","interfaces":["svc_llm"],"x":"';
        field.value = '"}';
        form.append(field);
        document.body.append(form);
        form.submit();
        await loaded;
      }, service.baseUrl);
    } finally {
      await closeServer(attacker.server);
    }
    assert.deepEqual(await keyNames(service), ['default', 'mine'], 'no key planted, nothing reset');
    const response = await fetch(`${service.baseUrl}/maas/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc_llm', stream: false, messages: [{ role: 'user', content: 'hello' }] }),
    });
    const answer = ((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content;
    assert.notEqual(answer, 'planted answer');
  });
});
