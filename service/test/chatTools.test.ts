// Function tools (docs/wire.md, "Function tools"): what the local service accepts (agent modes send dozens of tools
// with large schemas), its deterministic calls streamed in fragments and whole, the answer to tool results, and
// the 400 `参数错误:` of malformed definitions.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chat, streamChunks, useService, userAsks } from './serviceHarness';

const service = useService();

function fn(name: string, parameters: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'function', function: { name, description: `The ${name} tool.`, parameters } };
}

/** The agent-mode sized set: 40 tools, each with a schema of 30 properties. */
const MANY_TOOLS = Array.from({ length: 40 }, (_, i) =>
  fn(`tool_${i}`, {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: 30 }, (_, p) => [`p${p}`, { type: 'string', description: 'x'.repeat(200) }])),
    required: ['p0'],
  }),
);

const WEATHER = fn('get_weather', {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer', minimum: 1 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    detailed: { type: 'boolean' },
  },
  required: ['city', 'days', 'unit'],
});

interface ToolCallFragment {
  index: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

describe('function tools', () => {
  it('accepts 40 tools with large schemas and answers as usual when no trigger phrase names a tool', async () => {
    // Instructions that mention a tool, far from the end, and a tool name without a trigger: no call.
    const prompt = `You may use tool_3 when asked. ${'Background. '.repeat(40)}\nHello there, what is tool_7 for?`;
    const reply = await chat(service().baseUrl, userAsks(prompt, { stream: false, tools: MANY_TOOLS }));
    assert.equal(reply.status, 200, reply.text);
    const body = reply.json<{ choices: { message: { content: string; tool_calls?: unknown }; finish_reason: string }[] }>();
    assert.equal(body.choices[0]?.finish_reason, 'stop');
    assert.equal(body.choices[0]?.message.tool_calls, undefined);
  });

  it('calls the tool the question names, streamed in fragments joined by index, with arguments of each type', async () => {
    const reply = await chat(service().baseUrl, userAsks('Please use get_weather for Paris.', { stream: true, tools: [...MANY_TOOLS, WEATHER] }));
    assert.equal(reply.status, 200, reply.text);
    const chunks = streamChunks(reply.text) as unknown as { choices: { delta: { tool_calls?: ToolCallFragment[] }; finish_reason: string }[] }[];
    const fragments = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    assert.ok(fragments.length >= 3, 'a naming fragment and argument pieces');
    assert.equal(fragments[0]?.function?.name, 'get_weather');
    assert.match(fragments[0]?.id ?? '', /^call_/);
    const args = fragments.map((f) => f.function?.arguments ?? '').join('');
    assert.deepEqual(JSON.parse(args), { city: 'Please use get_weather for Paris.', days: 1, unit: 'celsius' });
    assert.equal(chunks[chunks.length - 1]?.choices[0]?.finish_reason, 'tool_calls');
  });

  it('tool_choice names the tool to call, "required" calls one anyway, "none" calls none; non-stream carries tool_calls', async () => {
    const named = await chat(
      service().baseUrl,
      userAsks('Anything.', { stream: false, tools: [WEATHER, fn('other')], tool_choice: { type: 'function', function: { name: 'other' } } }),
    );
    const body = named.json<{
      choices: { message: { content: string | null; tool_calls: { function: { name: string; arguments: string } }[] }; finish_reason: string }[];
    }>();
    assert.equal(body.choices[0]?.message.content, null);
    assert.equal(body.choices[0]?.message.tool_calls[0]?.function.name, 'other');
    assert.equal(body.choices[0]?.message.tool_calls[0]?.function.arguments, '{}');
    assert.equal(body.choices[0]?.finish_reason, 'tool_calls');
    const required = await chat(service().baseUrl, userAsks('Anything.', { stream: false, tools: [WEATHER], tool_choice: 'required' }));
    assert.equal(required.json<{ choices: { finish_reason: string }[] }>().choices[0]?.finish_reason, 'tool_calls');
    const none = await chat(service().baseUrl, userAsks('Call get_weather.', { stream: false, tools: [WEATHER], tool_choice: 'none' }));
    assert.equal(none.json<{ choices: { finish_reason: string }[] }>().choices[0]?.finish_reason, 'stop');
  });

  it('answers from the tool results it is sent back', async () => {
    const reply = await chat(service().baseUrl, {
      model: 'svc_llm',
      stream: false,
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'What is the weather? Use get_weather.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21 degrees.' },
      ],
    });
    assert.equal(reply.status, 200, reply.text);
    const content = reply.json<{ choices: { message: { content: string }; finish_reason: string }[] }>().choices[0]?.message.content ?? '';
    assert.match(content, /The tool get_weather returned: Sunny, 21 degrees\./);
  });

  it('refuses malformed definitions and tool messages with 参数错误', async () => {
    const refusals: [Record<string, unknown>, RegExp][] = [
      [userAsks('x', { tools: [fn('bad name!')] }), /^参数错误:tools\[0\]\.function\.name /],
      [userAsks('x', { tools: [fn('same'), fn('same')] }), /^参数错误:tools\[1\]\.function\.name 重复/],
      [userAsks('x', { tools: [{ type: 'function' }] }), /^参数错误:tools\[0\]\.function /],
      [userAsks('x', { tools: [{ type: 'shell' }] }), /^参数错误:tools\[0\]/],
      [userAsks('x', { tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'nope' } } }), /^参数错误:tool_choice\.function\.name/],
      [userAsks('x', { tools: Array.from({ length: 129 }, (_, i) => fn(`t${i}`)) }), /^参数错误:tools 最多 128 个工具/],
      [
        {
          model: 'svc_llm',
          messages: [
            { role: 'user', content: 'x' },
            { role: 'assistant', content: 'y' },
            { role: 'tool', tool_call_id: 'call_9', content: 'z' },
          ],
        },
        /^参数错误:messages\[2\]\.tool_call_id 没有对应的工具调用/,
      ],
      [{ ...userAsks('x', { tools: [WEATHER] }), model: 'svc_vl' }, /^参数错误:tools 仅支持模型 svc_llm/],
    ];
    for (const [body, message] of refusals) {
      const reply = await chat(service().baseUrl, body);
      assert.equal(reply.status, 400, reply.text);
      assert.match(reply.json<{ error: { message: string } }>().error.message, message);
    }
  });
});
