// The local service has the routes its users need and no others: the spec's routes (chat, speech, the audio address a
// long task gives), the console page and its API, and the test routes the harness, the demo and the benchmarks call.
// A route none of them used is gone: listing or clearing every fault at once (a reset clears them), the console page
// under a second name or without its slash, GET for a long-text submission (the spec's is POST), HEAD for audio.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { http, useService } from './serviceHarness';

const service = useService({ paceMs: 0 });

describe('the local service: only the routes in use', () => {
  it('has the console page at its one address, /console/', async () => {
    const page = await http('GET', `${service().consoleUrl}`);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    for (const gone of ['/console', '/console/index.html']) {
      assert.equal((await http('GET', `${service().baseUrl}${gone}`)).status, 404, gone);
    }
  });

  it('looks at a fault by its id only, and clears faults with a reset', async () => {
    const { id } = (await http('POST', `${service().baseUrl}/_local/faults`, { route: '/maas/v1/chat/completions', status: 500 })).json<{ id: string }>();
    assert.equal((await http('GET', `${service().baseUrl}/_local/faults/${id}`)).status, 200);
    assert.equal((await http('GET', `${service().baseUrl}/_local/faults`)).status, 404);
    assert.equal((await http('DELETE', `${service().baseUrl}/_local/faults`)).status, 404);
    assert.equal((await http('POST', `${service().baseUrl}/_local/reset`)).status, 200);
    assert.equal((await http('GET', `${service().baseUrl}/_local/faults/${id}`)).status, 404, 'the reset cleared it');
  });

  it('a reset that keeps the request log clears the faults and keeps the log', async () => {
    const base = service().baseUrl;
    const logged = async (): Promise<number> => (await http('GET', `${base}/_local/requests`)).json<{ requests: unknown[] }>().requests.length;
    assert.equal((await http('POST', `${base}/_local/reset`)).status, 200);
    const { id } = (await http('POST', `${base}/_local/faults`, { route: '/maas/v1/chat/completions', status: 500 })).json<{ id: string }>();
    await http('POST', `${base}/maas/v1/chat/completions`, { model: 'svc_llm', messages: [] });
    assert.equal(await logged(), 1);
    assert.deepEqual((await http('POST', `${base}/_local/reset?requests=keep`)).json(), { reset: true, state: 'kept', requests: 'kept' });
    assert.equal((await http('GET', `${base}/_local/faults/${id}`)).status, 404, 'the fault is gone');
    assert.equal(await logged(), 1, 'the request log is kept');
    assert.deepEqual((await http('POST', `${base}/_local/reset`)).json(), { reset: true, state: 'kept', requests: 'cleared' });
    assert.equal(await logged(), 0);
  });

  it("takes a long-text submission by POST only, as the spec's, and audio by GET only", async () => {
    const commit = await http('GET', `${service().baseUrl}/maas/v2/api/tts-long-commit?appkey=a&token=t&text=hi`);
    assert.equal(commit.status, 405);
    assert.equal(commit.headers.allow, 'POST');
    const audio = await http('HEAD', `${service().baseUrl}/audio/00000000-0000-0000-0000-000000000000.wav?expires=1&sig=x`);
    assert.equal(audio.status, 405);
    assert.equal(audio.headers.allow, 'GET');
  });
});
