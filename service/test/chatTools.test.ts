// Function tools (docs/wire.md, "Function tools"): what the local service accepts (agent modes send dozens of tools
// with large schemas), its deterministic calls streamed in fragments and whole, the answer to tool results, the
// knowledge-base tool called for a question about the knowledge base and the cited answer to its result, and the 400
// `参数错误:` of malformed definitions.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_SEED, chat, startTestService, streamChunks, streamedContent, useService, userAsks } from './serviceHarness';

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

/** The extension's knowledge-base tool: a question and, optionally, one of the configured knowledge bases by name. */
const KB_TOOL = {
  type: 'function',
  function: {
    name: 'maas_searchKnowledgeBase',
    description: 'Searches the configured knowledge bases for passages that answer a question.',
    parameters: {
      type: 'object',
      properties: {
        question: { type: 'string', description: 'A self-contained question.' },
        knowledgeBase: { type: 'string', description: 'A configured knowledge base by name.', enum: ['Handbook', '手册'] },
      },
      required: ['question'],
    },
  },
};

/** VS Code's agent mode: instructions first (naming tools and the knowledge base), the user's words last. */
function agentPrompt(userWords: string): string {
  return [
    '<instructions>Use maas_searchKnowledgeBase when the user asks about the knowledge base or our documents.</instructions>',
    `<reminderInstructions>${'Keep answers short. '.repeat(30)}</reminderInstructions>`,
    `<userRequest>\n${userWords}\n</userRequest>`,
  ].join('\n');
}

interface CallBody {
  choices: { message: { content: string | null; tool_calls?: { function: { name: string; arguments: string } }[] }; finish_reason: string }[];
}

async function kbCall(
  content: string,
  tools: unknown[] = [...MANY_TOOLS.slice(0, 5), WEATHER, KB_TOOL],
): Promise<{ name?: string; args?: unknown; finish?: string }> {
  const reply = await chat(service().baseUrl, userAsks(content, { stream: false, tools }));
  assert.equal(reply.status, 200, reply.text);
  const choice = reply.json<CallBody>().choices[0];
  const call = choice?.message.tool_calls?.[0];
  return { name: call?.function.name, args: call ? JSON.parse(call.function.arguments) : undefined, finish: choice?.finish_reason };
}

/** The conversation after the tool ran: the question, the call, and the tool's result. */
function withResult(question: string, result: string, stream: boolean): Record<string, unknown> {
  return {
    model: 'svc_llm',
    stream,
    tools: [KB_TOOL],
    messages: [
      { role: 'user', content: agentPrompt(question) },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_kb', type: 'function', function: { name: 'maas_searchKnowledgeBase', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_kb', content: result },
    ],
  };
}

describe('the knowledge-base tool', () => {
  for (const [words, question] of [
    ['According to our docs, where does MaaS Assistant keep my key?', 'Where does MaaS Assistant keep my key?'],
    ['#kb Where does MaaS Assistant keep my key?', 'Where does MaaS Assistant keep my key?'],
    ['Search the knowledge base: how do I set the API key?', 'How do I set the API key?'],
    ['Use maas_searchKnowledgeBase: how do I set the API key?', 'How do I set the API key?'],
    ['Where is the API key stored, according to the documents?', 'Where is the API key stored?'],
    ['知识库里 API Key 保存在哪里？', 'API Key 保存在哪里？'],
    ['请根据文档回答：怎么设置 API Key？', '怎么设置 API Key？'],
  ] as const) {
    it(`a question about the knowledge base calls it with the question alone: ${words}`, async () => {
      assert.deepEqual(await kbCall(agentPrompt(words)), { name: 'maas_searchKnowledgeBase', args: { question }, finish: 'tool_calls' });
    });
  }

  it('names a knowledge base only when the user names one that the tool lists, in its enum or its description', async () => {
    assert.deepEqual((await kbCall(agentPrompt('Search the Handbook knowledge base: how do returns work?'))).args, {
      question: 'How do returns work?',
      knowledgeBase: 'Handbook',
    });
    assert.deepEqual((await kbCall(agentPrompt('Search the Cookbook knowledge base: how long do eggs boil?'))).args, {
      question: 'How long do eggs boil?',
    });
    // Without an enum, the names quoted in the descriptions.
    const described = {
      type: 'function',
      function: {
        name: 'maas_searchKnowledgeBase',
        description: 'Searches the knowledge bases "Handbook" and “手册”.',
        parameters: { type: 'object', properties: { question: { type: 'string' }, knowledgeBase: { type: 'string' } }, required: ['question'] },
      },
    };
    assert.deepEqual((await kbCall(agentPrompt('在手册知识库里查一下退货政策是什么？'), [described])).args, {
      question: '退货政策是什么？',
      knowledgeBase: '手册',
    });
  });

  it("reads the user's words only: not called for the instructions' words, nor for a question without the words", async () => {
    assert.equal((await kbCall(agentPrompt('Check our docs: where does MaaS Assistant keep my key?'))).name, 'maas_searchKnowledgeBase');
    assert.deepEqual(await kbCall(agentPrompt('Where does MaaS Assistant keep my key?')), { name: undefined, args: undefined, finish: 'stop' });
    assert.equal((await kbCall('Where does MaaS Assistant keep my key?')).finish, 'stop');
    // A trigger phrase naming another tool wins.
    assert.equal((await kbCall(agentPrompt('Use get_weather for Paris, then check our docs.'))).name, 'get_weather');
  });

  it('is called in a stream too, its arguments in fragments', async () => {
    const reply = await chat(service().baseUrl, userAsks(agentPrompt('根据知识库，MaaS 助手把密钥存在哪里？'), { stream: true, tools: [WEATHER, KB_TOOL] }));
    assert.equal(reply.status, 200, reply.text);
    const chunks = streamChunks(reply.text) as unknown as { choices: { delta: { tool_calls?: ToolCallFragment[] }; finish_reason: string }[] }[];
    const fragments = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    assert.equal(fragments[0]?.function?.name, 'maas_searchKnowledgeBase');
    assert.deepEqual(JSON.parse(fragments.map((f) => f.function?.arguments ?? '').join('')), { question: 'MaaS 助手把密钥存在哪里？' });
    assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'tool_calls');
  });

  it('the answer to a cited result keeps its marks and names its sources, not streamed and streamed, in English and Chinese', async () => {
    const english = await chat(
      service().baseUrl,
      withResult(
        '#kb Where does MaaS Assistant keep my key?',
        "According to the knowledge base:\n- The key is stored in VS Code's secret storage.[1]\n- Run MaaS: Set API Key.[2]\n\nBeyond the documents, a general note.\n\nSources:\n[1] Getting started\n[2] Keys",
        false,
      ),
    );
    assert.equal(english.status, 200, english.text);
    assert.equal(
      english.json<CallBody>().choices[0]?.message.content,
      "According to the knowledge base:\n- The key is stored in VS Code's secret storage.[1]\n- Run MaaS: Set API Key.[2]\n\nSources:\n- [1] Getting started\n- [2] Keys",
    );
    const chinese = await chat(
      service().baseUrl,
      withResult('#kb 密钥存在哪里？', '根据知识库中的资料:\n- 密钥保存在 VS Code 的安全存储中。[1]\n\n来源: [1] 快速上手', true),
    );
    assert.equal(chinese.status, 200, chinese.text);
    assert.equal(streamedContent(chinese.text), '根据知识库中的资料:\n- 密钥保存在 VS Code 的安全存储中。[1]\n\n来源:\n- [1] 快速上手');
    assert.equal(streamChunks(chinese.text).at(-1)?.choices[0]?.finish_reason, 'stop');
  });

  it('round trip: the call, the retrieval the tool makes with its question, and a final answer that cites the document', async () => {
    const seed = {
      ...BASE_SEED,
      knowledgeBases: [
        {
          id: 5,
          name: 'Handbook',
          documents: [
            {
              title: 'Getting started',
              text: "MaaS Assistant brings the model service into VS Code. Create an API key in the service console; the key is stored in VS Code's secret storage.",
            },
          ],
        },
      ],
    };
    const kb = await startTestService({ seed, references: true, cornerMark: '[n]' });
    try {
      const call = await chat(kb.baseUrl, userAsks(agentPrompt('#kb Where does MaaS Assistant keep my key?'), { stream: false, tools: [KB_TOOL] }));
      const args = JSON.parse(call.json<CallBody>().choices[0]?.message.tool_calls?.[0]?.function.arguments ?? '{}') as { question: string };
      // What the tool does with the call: a retrieval request with the question, its answer and a Sources list.
      const retrieval = await chat(kb.baseUrl, {
        model: 'svc_llm',
        stream: false,
        messages: [{ role: 'user', content: args.question }],
        tools: [{ type: 'retrieval', retrieval: { knowledge_ids: [5], chat_mode: 2, backup_chat: false } }],
      });
      const found = retrieval.json<CallBody & { references: { index: number; title: string }[] }>();
      const result = `${found.choices[0]?.message.content ?? ''}\n\nSources:\n${found.references.map((r) => `[${r.index}] ${r.title}`).join('\n')}`;
      const final = await chat(kb.baseUrl, withResult('#kb Where does MaaS Assistant keep my key?', result, false));
      const content = final.json<CallBody>().choices[0]?.message.content ?? '';
      assert.match(content, /^According to the knowledge base:\n- .*the key is stored in VS Code's secret storage\.\[1\]$/m);
      assert.doesNotMatch(content, /brings the model service/);
      assert.match(content, /\n\nSources:\n- \[1\] Getting started$/);
    } finally {
      await kb.stop();
    }
  });
});
