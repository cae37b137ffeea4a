// No credential reaches a log line: a full request cycle against the local service (streamed and non-stream
// chat, a refused key, speakers, synthesis by POST and by GET with appkey and token in the query, the long
// task and its download, and Test Connection's reachability probe), with credentials in the base URL too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LogEntry } from '../../src/core/http/httpTransport';
import { ServiceError } from '../../src/core/http/serviceError';
import { DEFAULT_KEY, LocalServiceFixture, SPEECH } from './localServiceFixture';

const URL_USER = 'sk-user-in-the-url-0042';
const URL_PASSWORD = 'password-in-the-url-0042';
const WRONG_KEY = 'sk-wrong-key-for-redaction-0042';
const QUERY_KEY = 'key-in-the-probe-query-0042';

describe('log redaction over a full request cycle', () => {
  let fixture: LocalServiceFixture;
  before(async () => {
    fixture = await LocalServiceFixture.start();
  });
  after(() => fixture.stop());

  it('never logs a key, an appkey, a token or a URL credential', async () => {
    const lines: LogEntry[] = [];
    const onLog = (entry: LogEntry): void => void lines.push(entry);
    const plain = new URL(fixture.service.baseUrl);
    const withUserinfo = `${plain.protocol}//${URL_USER}:${URL_PASSWORD}@${plain.host}`;
    const client = fixture.client({ baseUrl: withUserinfo, onLog });
    const ask = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'Hello' }] };

    for await (const event of client.streamChat(ask)) void event;
    await client.chat(ask);
    const refused = fixture.client({ baseUrl: `${plain.protocol}//${URL_USER}@${plain.host}`, getApiKey: () => Promise.resolve(WRONG_KEY), onLog });
    await assert.rejects(refused.chat(ask), (e: unknown) => e instanceof ServiceError && e.kind === 'keyUnknown');
    await client.listSpeakers();
    await client.synthesize({ text: 'One.' }, { method: 'POST' });
    await client.synthesize({ text: 'Two.' }, { method: 'GET' });
    const task = await client.submitLongTask({ text: 'A longer text. With two sentences.' });
    await client.downloadTaskAudio(await client.waitForLongTask(task.taskId, { initialDelayMs: 20, maxDelayMs: 100 }));
    assert.equal(typeof (await client.probe(`${withUserinfo}/?key=${QUERY_KEY}`)), 'number');

    const text = lines.map((entry) => JSON.stringify(entry)).join('\n');
    assert.ok(
      lines.some((e) => e.method === 'GET' && e.path.startsWith('/maas/v2/api/tts?')),
      'the GET synthesis, credentials in its query, is logged',
    );
    assert.ok(
      lines.some((e) => e.method === 'GET' && e.path.startsWith('/?key=')),
      'the probe is logged',
    );
    assert.ok(
      lines.some((e) => e.status === 401),
      'the refused key is logged',
    );
    for (const secret of [DEFAULT_KEY, WRONG_KEY, SPEECH.appkey, SPEECH.token, URL_USER, URL_PASSWORD, QUERY_KEY]) {
      assert.ok(!text.includes(secret), `a log line holds ${secret}:\n${text}`);
    }
  });
});
