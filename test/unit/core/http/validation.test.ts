// Client-side validation before sending: every range at and just beyond each bound, messages naming the
// field, the value and the range.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildChatBody } from '../../../../src/core/chat/chatRequest';
import type { ChatRequest } from '../../../../src/core/chat/chatRequest';
import { parseOrThrow } from '../../../../src/core/http/parseOrThrow';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { synthesisRequestSchema } from '../../../../src/core/speech/speechPayloads';

const base: ChatRequest = { model: 'svc_llm', messages: [{ role: 'user', content: 'hi' }] };

function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ServiceError);
    assert.equal(error.kind, 'validation');
    return error;
  }
  assert.fail('expected a validation error');
}

const CHAT_BOUNDS: readonly [keyof ChatRequest, readonly number[], readonly number[], string][] = [
  ['temperature', [0.01, 1], [0.0099, 1.0001, 0], '[0.01, 1.00]'],
  ['top_p', [0.0001, 0.9999, 0.9], [0, 1], '(0.0, 1.0)'],
  ['max_tokens', [1, 8192], [0, 8193, 1.5], '[1, 8192]'],
  ['repetition_penalty', [1.0001, 1.9999], [1, 2], '(1.0, 2.0)'],
];

describe('chat request validation', () => {
  for (const [field, ok, bad, range] of CHAT_BOUNDS) {
    it(`${field}: accepts ${ok.join(', ')}; refuses ${bad.join(', ')} naming the field, value and ${range}`, () => {
      for (const value of ok) assert.equal(buildChatBody({ ...base, [field]: value }, true)[field as 'temperature'], value);
      for (const value of bad) {
        const error = refusal(() => buildChatBody({ ...base, [field]: value }, true));
        assert.equal(error.field, field);
        assert.ok(error.message.includes(`${field} = ${value}`), error.message);
        assert.ok(error.message.includes(range), error.message);
      }
    });
  }

  it('always sends stream explicitly and maps retrieval to the tools entry', () => {
    const body = buildChatBody({ ...base, retrieval: { knowledge_ids: [3], chat_mode: 2, text_threshold: 0.5, tips_text: 'none', backup_chat: false } }, false);
    assert.equal(body.stream, false);
    assert.deepEqual(body.tools, [
      { type: 'retrieval', retrieval: { knowledge_ids: [3], chat_mode: 2, text_threshold: 0.5, tips_text: 'none', backup_chat: false } },
    ]);
  });

  it('refuses retrieval options out of their ranges', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ knowledge_ids: [] }, 'retrieval.knowledge_ids'],
      [{ knowledge_ids: [1.5] }, 'retrieval.knowledge_ids[0]'],
      [{ knowledge_ids: ['1'] }, 'retrieval.knowledge_ids[0]'],
      [{ knowledge_ids: [1], chat_mode: 3 }, 'retrieval.chat_mode'],
      [{ knowledge_ids: [1], text_threshold: 1.01 }, 'retrieval.text_threshold'],
      [{ knowledge_ids: [1], text_threshold: -0.01 }, 'retrieval.text_threshold'],
      [{ knowledge_ids: [1], remove_corner_mark: 'yes' }, 'retrieval.remove_corner_mark'],
      [{ knowledge_ids: [1], tips_text: 5 }, 'retrieval.tips_text'],
    ];
    for (const [retrieval, field] of cases) {
      const error = refusal(() => buildChatBody({ ...base, retrieval } as unknown as ChatRequest, true));
      assert.equal(error.field, field, error.message);
    }
    const tool = buildChatBody({ ...base, retrieval: { knowledge_ids: [1], text_threshold: 0 } }, true).tools?.[0];
    assert.equal(tool?.type === 'retrieval' ? tool.retrieval.text_threshold : undefined, 0);
  });

  it('sends function tools after the retrieval tool, and an assistant turn that called tools followed by their results', () => {
    const weather = { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object' } } };
    const body = buildChatBody(
      {
        model: 'svc_llm',
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: 'Sunny.' },
        ],
        retrieval: { knowledge_ids: [1] },
        tools: [weather],
        tool_choice: 'auto',
      },
      true,
    );
    assert.deepEqual(
      body.tools?.map((t) => t.type),
      ['retrieval', 'function'],
    );
    assert.equal(body.tool_choice, 'auto');
    assert.equal(body.messages[1]?.tool_calls?.[0]?.id, 'call_1');
    assert.equal(body.messages[2]?.tool_call_id, 'call_1');
    for (const [messages, field] of [
      [
        [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: '' },
          { role: 'user', content: 'y' },
        ],
        'messages[1].content',
      ],
      [
        [
          { role: 'user', content: 'x' },
          { role: 'user', content: 'y', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        ],
        'messages[1].tool_calls',
      ],
    ] as const) {
      assert.equal(refusal(() => buildChatBody({ model: 'svc_llm', messages } as unknown as ChatRequest, true)).field, field);
    }
    assert.equal(
      refusal(() => buildChatBody({ ...base, tools: [{ type: 'function', function: { name: 'bad name' } }] }, true)).field,
      'tools[0].function.name',
    );
  });

  it('enforces the conversation order of spec 4.1', () => {
    const ok: ChatRequest['messages'][] = [
      [{ role: 'user', content: 'q' }],
      [
        { role: 'system', content: 's' },
        { role: 'user', content: 'q' },
      ],
      [
        { role: 'system', content: 's' },
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a' },
        { role: 'user', content: 'q2' },
      ],
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'calls' },
        { role: 'tool', content: 'r1' },
        { role: 'tool', content: 'r2' },
      ],
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'calls' },
        { role: 'tool', content: 'r' },
        { role: 'assistant', content: 'a' },
        { role: 'user', content: 'q2' },
      ],
    ];
    for (const messages of ok) assert.doesNotThrow(() => buildChatBody({ ...base, messages }, true));
    const bad: [ChatRequest['messages'], string][] = [
      [[], 'messages'],
      [[{ role: 'assistant', content: 'a' }], 'messages[0].role'],
      [
        [
          { role: 'user', content: 'q' },
          { role: 'system', content: 's' },
          { role: 'user', content: 'q' },
        ],
        'messages[1].role',
      ],
      [
        [
          { role: 'user', content: 'q' },
          { role: 'user', content: 'q' },
        ],
        'messages[1].role',
      ],
      [
        [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'a' },
        ],
        'messages[1].role',
      ],
      [[{ role: 'user', content: '  ' }], 'messages[0].content'],
      [[{ role: 'tool', content: 'r' }], 'messages[0].role'],
      [
        [
          { role: 'user', content: 'q' },
          { role: 'tool', content: 'r' },
        ],
        'messages[1].role',
      ],
      [
        [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'a' },
          { role: 'tool', content: 'r' },
          { role: 'user', content: 'q' },
        ],
        'messages[3].role',
      ],
      [
        [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'a' },
          { role: 'tool', content: [{ type: 'text', text: 'r' }] },
        ],
        'messages[2].content',
      ],
    ];
    for (const [messages, field] of bad) assert.equal(refusal(() => buildChatBody({ ...base, messages }, true)).field, field);
  });

  it('sends a tool result as a message with role tool and its content, as spec 2.2 describes', () => {
    const messages: ChatRequest['messages'] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'calls' },
      { role: 'tool', content: '{"temp":21}' },
    ];
    const wire = JSON.parse(JSON.stringify(buildChatBody({ ...base, messages }, true))) as { messages: unknown[] };
    assert.deepEqual(wire.messages[2], { role: 'tool', content: '{"temp":21}' });
  });

  it('refuses image URLs that are neither https nor data:image', () => {
    const messages: ChatRequest['messages'] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'what?' },
          { type: 'image_url', image_url: { url: 'http://x/y.png' } },
        ],
      },
    ];
    assert.equal(refusal(() => buildChatBody({ model: 'svc_vl', messages }, true)).field, 'messages[0].content[1].image_url.url');
  });
});

const SPEECH_BOUNDS: readonly [string, readonly number[], readonly number[]][] = [
  ['volumn', [0, 100, 50], [-1, 101, 50.5]],
  ['speed', [-500, 500, 0], [-501, 501]],
  ['pitch', [-500, 500], [-501, 501]],
  ['sample_rate', [8000, 16000, 24000], [44100, 0]],
];

describe('speech request validation', () => {
  for (const [field, ok, bad] of SPEECH_BOUNDS) {
    it(`${field}: accepts ${ok.join(', ')}; refuses ${bad.join(', ')}`, () => {
      for (const value of ok) assert.doesNotThrow(() => parseOrThrow(synthesisRequestSchema, { text: 'hi', [field]: value }));
      for (const value of bad) {
        const error = refusal(() => parseOrThrow(synthesisRequestSchema, { text: 'hi', [field]: value }));
        assert.equal(error.field, field);
        assert.ok(error.message.includes(`${field} = ${value}`), error.message);
      }
    });
  }

  it('refuses formats other than wav and mp3, and empty text', () => {
    assert.equal(refusal(() => parseOrThrow(synthesisRequestSchema, { text: 'hi', format: 'opus' })).field, 'format');
    assert.equal(refusal(() => parseOrThrow(synthesisRequestSchema, { text: ' ' })).field, 'text');
  });
});
