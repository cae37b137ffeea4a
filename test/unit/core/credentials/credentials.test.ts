// The credentials service: credentials go only to an address the user chose or approved for that purpose, a question
// is asked once per purpose and origin however many requests wait for it, reads wait for the start-up import (a slow secret store included),
// and every value seen is registered for redaction.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AddressSetting } from '../../../../src/core/credentials/addressCheck';
import { API_KEY_SECRET, Credentials, SPEECH_SECRET, type ApprovalRequest, type SecretStore } from '../../../../src/core/credentials/credentials';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { waitFor } from '../../../harness/waitFor';

/**
 * A secret store whose reads and writes answer in a later turn of the event loop, or, when `held`, only once `open()`
 * is called (a keyring waiting to be unlocked). `asked` counts the calls made to it.
 */
function secretStore(
  initial: Record<string, string> = {},
  options: { held?: boolean } = {},
): SecretStore & { readonly values: Map<string, string>; reads: number; asked: number; open(): void } {
  const values = new Map(Object.entries(initial));
  const listeners = new Set<(event: { key: string }) => unknown>();
  let open = (): void => undefined;
  const unlocked = options.held === true ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve();
  const later = <T>(value: () => T): Promise<T> => {
    store.asked += 1;
    return unlocked.then(() => new Promise<T>((resolve) => setImmediate(() => resolve(value()))));
  };
  const store = {
    values,
    reads: 0,
    asked: 0,
    open: () => open(),
    get: (key: string) => {
      store.reads += 1;
      return later(() => values.get(key));
    },
    store: (key: string, value: string) =>
      later(() => {
        values.set(key, value);
        for (const listener of listeners) listener({ key });
      }),
    delete: (key: string) =>
      later(() => {
        values.delete(key);
        for (const listener of listeners) listener({ key });
      }),
    onDidChange: (listener: (event: { key: string }) => unknown) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
  };
  return store;
}

const USER = 'https://maas.example.com';
const STRANGER = 'http://127.0.0.1:9';

function address(key: AddressSetting['key'], value: string, from: AddressSetting['from'], userValue = ''): AddressSetting {
  return { key, name: `maas.${key}`, value, from, userValue };
}

interface Harness {
  readonly credentials: Credentials;
  readonly asked: ApprovalRequest[];
  /** How many times a request looked up the approvals (once each, before it asks). */
  readonly lookups: () => number;
  readonly remembered: string[];
  /** The approvals kept, as `purpose origin`. */
  readonly approved: Set<string>;
  answer(allow: boolean): void;
}

function harness(options: {
  store?: SecretStore;
  addresses?: AddressSetting[];
  bootstrap?: () => Promise<{ file: string; apiKey?: string; speech?: { appkey: string; token: string } } | undefined>;
  /** Answers the question at once (true/false), or waits for `answer()` when undefined. */
  allow?: boolean;
}): Harness {
  const asked: ApprovalRequest[] = [];
  const remembered: string[] = [];
  const approved = new Set<string>();
  let pending: ((allow: boolean) => void)[] = [];
  let lookups = 0;
  const credentials = new Credentials({
    store: options.store ?? secretStore({ [API_KEY_SECRET]: 'sk-stored-0123456789' }),
    addresses: () => options.addresses ?? [address('baseUrl', USER, 'user', USER)],
    approvals: {
      has: (origin, purpose) => {
        lookups += 1;
        return approved.has(`${purpose} ${origin}`);
      },
      add: (origin, purpose) => Promise.resolve(void approved.add(`${purpose} ${origin}`)),
    },
    ask: (request) => {
      asked.push(request);
      if (options.allow !== undefined) return Promise.resolve(options.allow);
      return new Promise((resolve) => pending.push(resolve));
    },
    remember: (value) => remembered.push(value),
    bootstrap: options.bootstrap,
    log: { info: () => undefined, warn: () => undefined },
  });
  return {
    credentials,
    asked,
    lookups: () => lookups,
    remembered,
    approved,
    answer: (allow) => {
      const waiting = pending;
      pending = [];
      for (const resolve of waiting) resolve(allow);
    },
  };
}

describe('credentials: where they may go', () => {
  it("hands the key out for the user's own address without asking", async () => {
    const h = harness({});
    assert.equal(await h.credentials.apiKeyFor(`${USER}/maas/v1`), 'sk-stored-0123456789');
    assert.deepEqual(h.asked, []);
    assert.ok(h.remembered.includes('sk-stored-0123456789'), 'the key is registered for redaction');
  });

  it('asks before a workspace-named address gets the key; Cancel refuses it with the setting named, and nothing is approved', async () => {
    const h = harness({ addresses: [address('baseUrl', STRANGER, 'workspace', USER)], allow: false });
    await assert.rejects(h.credentials.apiKeyFor(STRANGER), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.kind, 'addressRefused');
      assert.equal(error.retryable, false);
      assert.deepEqual(error.address, { origin: STRANGER, setting: 'maas.baseUrl' });
      return true;
    });
    assert.equal(h.asked.length, 1);
    assert.equal(h.asked[0]?.origin, STRANGER);
    assert.equal(h.asked[0]?.purpose, 'apiKey');
    assert.equal(h.approved.size, 0);
    // Cancel is not remembered: the next request asks again.
    await assert.rejects(h.credentials.apiKeyFor(STRANGER));
    assert.equal(h.asked.length, 2);
  });

  it('Allow hands the key out and is remembered for the origin: the next request does not ask', async () => {
    const h = harness({ addresses: [address('baseUrl', `${STRANGER}/prefix`, 'workspace')], allow: true });
    assert.equal(await h.credentials.apiKeyFor(`${STRANGER}/prefix`), 'sk-stored-0123456789');
    assert.deepEqual([...h.approved], [`apiKey ${STRANGER}`]);
    assert.equal(await h.credentials.apiKeyFor(STRANGER), 'sk-stored-0123456789');
    assert.equal(h.asked.length, 1);
  });

  it('requests waiting for the same purpose and origin share one question; another purpose gets its own', async () => {
    const pair = { appkey: 'app-0123456789', token: 'token-0123456789' };
    const h = harness({
      store: secretStore({ [API_KEY_SECRET]: 'sk-stored-0123456789', [SPEECH_SECRET]: JSON.stringify(pair) }),
      addresses: [address('baseUrl', STRANGER, 'workspace')],
    });
    const keys = [h.credentials.apiKeyFor(STRANGER), h.credentials.apiKeyFor(STRANGER)];
    const speech = h.credentials.speechFor(STRANGER);
    await waitFor(() => h.lookups() === 3, { what: 'the three requests to reach the question' });
    assert.deepEqual(
      h.asked.map((r) => r.purpose),
      ['apiKey', 'speech'],
      'one question per purpose while it is open',
    );
    h.answer(true);
    assert.deepEqual(await Promise.all(keys), ['sk-stored-0123456789', 'sk-stored-0123456789']);
    assert.deepEqual(await speech, pair);
  });

  it('a Stop while the question is open cancels the request at once; the answer still counts for the next one', async () => {
    const h = harness({ addresses: [address('baseUrl', STRANGER, 'workspace')] });
    const stop = new AbortController();
    const request = h.credentials.apiKeyFor(STRANGER, stop.signal);
    await waitFor(() => h.asked.length === 1, { what: 'the question' });
    stop.abort();
    await assert.rejects(request, (error: unknown) => error instanceof ServiceError && error.kind === 'cancelled');
    h.answer(true);
    await waitFor(() => h.approved.size === 1, { what: 'the approval to be kept' });
    assert.equal(await h.credentials.apiKeyFor(STRANGER), 'sk-stored-0123456789');
    assert.equal(h.asked.length, 1);
  });

  it('never hands a credential to an address no setting names, nor to one that is not http(s)', async () => {
    const h = harness({ allow: true });
    for (const target of ['http://evil.example', 'file:///etc/passwd', 'not a url']) {
      await assert.rejects(h.credentials.apiKeyFor(target), (error: unknown) => error instanceof ServiceError && error.kind === 'addressRefused');
    }
    assert.deepEqual(h.asked, [], 'nothing to ask: no setting names these');
  });

  it('asks nothing when there is no credential to send (the request fails for the missing key instead)', async () => {
    const h = harness({ store: secretStore({}), addresses: [address('baseUrl', STRANGER, 'workspace')], allow: false });
    assert.equal(await h.credentials.apiKeyFor(STRANGER), undefined);
    assert.deepEqual(h.asked, []);
  });

  it('the speech pair and the console page follow the same rule, each question naming its purpose', async () => {
    const pair = { appkey: 'app-0123456789', token: 'token-0123456789' };
    const h = harness({
      store: secretStore({ [SPEECH_SECRET]: JSON.stringify(pair) }),
      addresses: [address('baseUrl', STRANGER, 'workspace'), address('consoleUrl', 'http://127.0.0.2:9/console', 'workspace')],
      allow: false,
    });
    await assert.rejects(h.credentials.speechFor(STRANGER));
    assert.equal(await h.credentials.mayOpenPage('http://127.0.0.2:9/console'), false);
    assert.deepEqual(
      h.asked.map((r) => [r.purpose, r.setting.name]),
      [
        ['speech', 'maas.baseUrl'],
        ['console', 'maas.consoleUrl'],
      ],
    );
  });
});

describe('credentials: an approval is for one purpose', () => {
  const pair = { appkey: 'app-0123456789', token: 'token-0123456789' };
  const both = (): SecretStore => secretStore({ [API_KEY_SECRET]: 'sk-stored-0123456789', [SPEECH_SECRET]: JSON.stringify(pair) });
  // A repository that names its own host for the key, the speech and the console.
  const repository = (): AddressSetting[] => [
    address('baseUrl', STRANGER, 'workspace', USER),
    address('altBaseUrl', STRANGER, 'workspace'),
    address('consoleUrl', `${STRANGER}/console`, 'workspace'),
  ];

  it('the key refused, the console allowed: the key and the speech credentials are still asked about', async () => {
    const h = harness({ store: both(), addresses: repository() });
    const refused = h.credentials.apiKeyFor(STRANGER);
    await waitFor(() => h.asked.length === 1, { what: 'the question about the key' });
    h.answer(false);
    await assert.rejects(refused, (error: unknown) => error instanceof ServiceError && error.kind === 'addressRefused');
    const opened = h.credentials.mayOpenPage(`${STRANGER}/console`);
    await waitFor(() => h.asked.length === 2, { what: 'the question about the console' });
    h.answer(true);
    assert.equal(await opened, true);
    assert.deepEqual([...h.approved], [`console ${STRANGER}`]);

    const key = h.credentials.apiKeyFor(STRANGER);
    const speech = h.credentials.speechFor(STRANGER);
    await waitFor(() => h.asked.length === 4, { what: 'the key and the speech credentials to be asked about again' });
    assert.deepEqual(
      h.asked.map((r) => [r.purpose, r.setting.name]),
      [
        ['apiKey', 'maas.baseUrl'],
        ['console', 'maas.consoleUrl'],
        ['apiKey', 'maas.baseUrl'],
        ['speech', 'maas.baseUrl'],
      ],
    );
    h.answer(false);
    await assert.rejects(key);
    await assert.rejects(speech);
  });

  it('the key allowed sends no speech credentials and opens no console page without their own question', async () => {
    const h = harness({ store: both(), addresses: repository(), allow: true });
    assert.equal(await h.credentials.apiKeyFor(STRANGER), 'sk-stored-0123456789');
    assert.deepEqual(await h.credentials.speechFor(STRANGER), pair);
    assert.equal(await h.credentials.mayOpenPage(`${STRANGER}/console`), true);
    assert.deepEqual(
      h.asked.map((r) => r.purpose),
      ['apiKey', 'speech', 'console'],
    );
  });

  it("the user's own console address is no destination of the key, nor is a console page the workspace names", async () => {
    const mine = harness({ addresses: [address('baseUrl', USER, 'user', USER), address('consoleUrl', `${STRANGER}/console`, 'user', `${STRANGER}/console`)] });
    await assert.rejects(mine.credentials.apiKeyFor(STRANGER), (error: unknown) => error instanceof ServiceError && error.kind === 'addressRefused');
    assert.equal(await mine.credentials.mayOpenPage(`${STRANGER}/console`), true);
    assert.deepEqual(mine.asked, [], 'a refusal needs no question; the own console needs none either');

    const theirs = harness({ addresses: [address('consoleUrl', `${STRANGER}/console`, 'workspace')], allow: true });
    await assert.rejects(theirs.credentials.apiKeyFor(STRANGER));
    assert.deepEqual(theirs.asked, [], 'an address only the console setting names is never offered the key');
  });

  it('a client checks against the addresses it was built for: a retired one finishes at its address, a new one does not', async () => {
    const pair = { appkey: 'app-0123456789', token: 'token-0123456789' };
    const OLD = 'https://old.example';
    // The user moved maas.baseUrl from OLD to USER; the console, on OLD's host, is no destination of a credential.
    const now = [address('baseUrl', USER, 'user', USER), address('consoleUrl', `${OLD}/console`, 'user', `${OLD}/console`)];
    const h = harness({ store: both(), addresses: now, allow: false });
    const builtBefore = [address('baseUrl', OLD, 'user', OLD)];
    assert.deepEqual(await h.credentials.speechFor(OLD, undefined, builtBefore), pair, "the retired client's long task polls on");
    assert.equal(await h.credentials.apiKeyFor(OLD, undefined, builtBefore), 'sk-stored-0123456789');
    await assert.rejects(h.credentials.speechFor(OLD), (error: unknown) => error instanceof ServiceError && error.kind === 'addressRefused');
    assert.deepEqual(h.asked, []);
  });

  it("a container's address is asked about; a plain-http address on another computer is asked with the cleartext flag", async () => {
    const h = harness({ addresses: [address('baseUrl', 'http://maas.example:8080', 'container')], allow: false });
    await assert.rejects(h.credentials.apiKeyFor('http://maas.example:8080/maas/v1/chat/completions'));
    assert.deepEqual(
      h.asked.map((r) => [r.origin, r.setting.from, r.cleartext]),
      [['http://maas.example:8080', 'container', true]],
    );
  });
});

describe('credentials: start-up', () => {
  it('a read issued before the start-up import ends gets the imported key, from a slow secret store', async () => {
    const store = secretStore({}, { held: true });
    const h = harness({
      store,
      bootstrap: () => Promise.resolve({ file: 'bootstrap.json', apiKey: 'sk-imported-0123456789', speech: { appkey: 'app-b', token: 'tok-imported' } }),
    });
    // Asked at once, while the import waits for the store, which answers once the import has asked it.
    const reads = Promise.all([h.credentials.apiKeyFor(USER), h.credentials.speechFor(USER), h.credentials.hasApiKey()]);
    await waitFor(() => store.asked > 0, { what: 'the import to ask the store' });
    store.open();
    const [key, speech, has] = await reads;
    assert.equal(key, 'sk-imported-0123456789');
    assert.deepEqual(speech, { appkey: 'app-b', token: 'tok-imported' });
    assert.equal(has, true);
    assert.equal(store.values.get(API_KEY_SECRET), 'sk-imported-0123456789');
    for (const secret of ['sk-imported-0123456789', 'app-b', 'tok-imported']) assert.ok(h.remembered.includes(secret), `${secret} registered for redaction`);
  });

  it('the import never replaces a stored credential; the bootstrap values are still masked in the log', async () => {
    const store = secretStore({ [API_KEY_SECRET]: 'sk-mine-0123456789' });
    const h = harness({ store, bootstrap: () => Promise.resolve({ file: 'b.json', apiKey: 'sk-demo-0123456789' }) });
    assert.equal(await h.credentials.apiKeyFor(USER), 'sk-mine-0123456789');
    assert.ok(h.remembered.includes('sk-demo-0123456789'));
  });

  it('an unreadable bootstrap file is logged, and the reads go on with what is stored', async () => {
    const h = harness({ bootstrap: () => Promise.reject(new Error('no such file')) });
    assert.equal(await h.credentials.apiKeyFor(USER), 'sk-stored-0123456789');
  });

  it('construction does not wait for the store: the object is usable at once, and `ready` waits until the store answers', async () => {
    const store = secretStore({ [API_KEY_SECRET]: 'sk-stored-0123456789' }, { held: true });
    const h = harness({ store });
    const order: string[] = [];
    const ready = h.credentials.ready.then(() => order.push('ready'));
    const changes: string[] = [];
    h.credentials.onDidChange((kind) => changes.push(kind));
    const key = h.credentials.apiKeyFor(USER).then((value) => (order.push('key read'), value));
    await waitFor(() => store.asked > 0, { what: 'the start-up to ask the store' });
    order.push('the store answers');
    store.open();
    await ready;
    assert.equal(await key, 'sk-stored-0123456789');
    assert.deepEqual(order, ['the store answers', 'ready', 'key read']);
    assert.deepEqual(changes, []);
    h.credentials.dispose();
  });

  it('a change of either secret (in this window or another) fires onDidChange with its kind', async () => {
    const store = secretStore({});
    const h = harness({ store });
    const kinds: string[] = [];
    h.credentials.onDidChange((kind) => kinds.push(kind));
    await h.credentials.setApiKey('  sk-new-0123456789  ');
    await h.credentials.setSpeech({ appkey: 'a-0123', token: 't-0123' });
    assert.equal(await h.credentials.clearApiKey(), true);
    assert.equal(await h.credentials.clearApiKey(), false, 'nothing left to clear');
    assert.deepEqual(kinds, ['apiKey', 'speech', 'apiKey']);
    assert.ok(h.remembered.includes('sk-new-0123456789'), 'a key set is registered before it is stored');
    await assert.rejects(h.credentials.setApiKey('   '));
  });
});
