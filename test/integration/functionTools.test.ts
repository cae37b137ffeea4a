// Function tools through the extension's client against the local service: tools sent next to the retrieval tool,
// a streamed call assembled from its fragments into one toolCall event, and the round trip of a tool result.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatEvent } from '../../src/core/chat/chatEvents';
import type { MaasClient } from '../../src/core/maasClient';
import { LocalServiceFixture } from './localServiceFixture';

const WEATHER = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather of a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

describe('function tools through the client', () => {
  let fixture: LocalServiceFixture;
  let client: MaasClient;
  before(async () => {
    fixture = await LocalServiceFixture.start({ paceMs: 0 });
    client = fixture.client();
  });
  after(async () => {
    await fixture.stop();
  });

  it('joins a streamed call into one toolCall event before finish, and answers from the result sent back', async () => {
    const events: ChatEvent[] = [];
    for await (const event of client.streamChat({ model: 'svc_llm', messages: [{ role: 'user', content: 'Call get_weather about Oslo.' }], tools: [WEATHER] }))
      events.push(event);
    const call = events.find((e) => e.type === 'toolCall');
    assert.ok(call?.type === 'toolCall');
    assert.equal(call.call.name, 'get_weather');
    assert.deepEqual(JSON.parse(call.call.arguments), { city: 'Call get_weather about Oslo.' });
    assert.deepEqual(events.slice(-1), [{ type: 'finish', reason: 'tool_calls' }]);
    assert.ok(events.findIndex((e) => e.type === 'toolCall') < events.findIndex((e) => e.type === 'finish'));

    const result = await client.chat({
      model: 'svc_llm',
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'Call get_weather about Oslo.' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: call.call.id, type: 'function', function: { name: call.call.name, arguments: call.call.arguments } }],
        },
        { role: 'tool', tool_call_id: call.call.id, content: 'Snow, -3 degrees.' },
      ],
    });
    assert.match(result.text, /The tool get_weather returned: Snow, -3 degrees\./);
    assert.deepEqual(result.toolCalls, []);
  });

  it('a non-streamed answer that calls a tool carries the call in its result', async () => {
    const result = await client.chat({ model: 'svc_llm', messages: [{ role: 'user', content: 'Weather?' }], tools: [WEATHER], tool_choice: 'required' });
    assert.equal(result.finishReason, 'tool_calls');
    assert.equal(result.toolCalls[0]?.name, 'get_weather');
    assert.equal(result.text, '');
  });
});
