// The retrieval tool: strict and divergent modes, citations, tips_text, backup_chat, remove_corner_mark,
// text_threshold, unknown knowledge ids, the references switch and Chinese retrieval.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_SEED, chat, startTestService, streamChunks, useService } from './serviceHarness';
import type { LocalServiceOptions } from '../src/localService';

const seed = {
  ...BASE_SEED,
  knowledgeBases: [
    {
      id: 1,
      name: 'handbook',
      documents: [
        { title: 'Returns', text: 'Refund policy: customers may return goods within thirty days of delivery for a full refund.' },
        { title: 'Shipping', text: 'Shipping takes five working days. Express shipping takes two working days and costs extra.' },
      ],
    },
    { id: 2, name: '手册', documents: [{ title: '退货', text: '退货政策:收到商品后七天内可以无理由退货,运费由买家承担。' }] },
  ],
};
const plain = useService({ seed });
const withReferences = useService({ seed, references: true, cornerMark: '[n]' } satisfies LocalServiceOptions);

function retrievalRequest(question: string, retrieval: Record<string, unknown>): Record<string, unknown> {
  return { model: 'svc_llm', stream: false, messages: [{ role: 'user', content: question }], tools: [{ type: 'retrieval', retrieval }] };
}

async function answer(baseUrl: string, question: string, retrieval: Record<string, unknown>): Promise<{ content: string; body: Record<string, unknown> }> {
  const reply = await chat(baseUrl, retrievalRequest(question, retrieval));
  assert.equal(reply.status, 200, reply.text);
  const body = reply.json<{ choices: { message: { content: string } }[] } & Record<string, unknown>>();
  return { content: body.choices[0]?.message.content ?? '', body };
}

describe('strict mode (chat_mode 2)', () => {
  it('answers from the hits with ^[n]^ marks', async () => {
    const { content, body } = await answer(plain().baseUrl, 'What is the refund policy?', { knowledge_ids: [1], chat_mode: 2 });
    assert.match(content, /thirty days of delivery for a full refund\.\^\[1\]\^/);
    assert.doesNotMatch(content, /Beyond the documents/);
    assert.equal(body['references'], undefined);
  });

  it('without hits gives tips_text, then the fallback answer (backup_chat defaults to true)', async () => {
    const { content } = await answer(plain().baseUrl, 'How tall is Mount Everest?', {
      knowledge_ids: [1],
      chat_mode: 2,
      tips_text: 'Nothing in the handbook.',
    });
    assert.ok(content.startsWith('Nothing in the handbook.\n\n'), content.slice(0, 80));
    assert.match(content, /You asked: "How tall is Mount Everest\?"/);
  });

  it('without hits and backup_chat false gives only the default apology', async () => {
    const { content } = await answer(plain().baseUrl, 'How tall is Mount Everest?', { knowledge_ids: [1], chat_mode: 2, backup_chat: false });
    assert.equal(content, 'Sorry, no relevant information was found in the knowledge base. You can ask another question, or let the model answer on its own.');
  });

  it('a Chinese question finds a Chinese document; the default apology is in Chinese', async () => {
    const hit = await answer(plain().baseUrl, '退货政策是什么?', { knowledge_ids: [2], chat_mode: 2 });
    assert.match(hit.content, /^根据知识库中的资料/);
    assert.match(hit.content, /七天内可以无理由退货.*\^\[1\]\^/);
    const miss = await answer(plain().baseUrl, '珠穆朗玛峰有多高?', { knowledge_ids: [2], chat_mode: 2, backup_chat: false });
    assert.match(miss.content, /^抱歉,知识库中没有找到/);
  });
});

describe('the language of the answer', () => {
  it('follows the question, not the Chinese selection it quotes', async () => {
    const message = 'Explain the selected text.\n\nSelection from `notes.md:1`:\n```markdown\n退货政策:收到商品后七天内可以无理由退货。\n```';
    const { content } = await answer(plain().baseUrl, message, { knowledge_ids: [2], chat_mode: 2 });
    assert.match(content, /^According to the knowledge base:/);
    assert.match(content, /七天内可以无理由退货/);
  });
});

describe('divergent mode (chat_mode 1, the default)', () => {
  it('cites the hits and adds general text', async () => {
    const { content } = await answer(plain().baseUrl, 'How long does express shipping take?', { knowledge_ids: [1] });
    assert.match(content, /Express shipping takes two working days.*\^\[1\]\^/);
    assert.match(content, /Beyond the documents/);
  });

  it('without hits answers from the model, ignoring tips_text', async () => {
    const { content } = await answer(plain().baseUrl, 'How tall is Mount Everest?', { knowledge_ids: [1], tips_text: 'Nothing in the handbook.' });
    assert.doesNotMatch(content, /Nothing in the handbook/);
    assert.match(content, /^You asked/);
  });
});

describe('options', () => {
  it('remove_corner_mark removes the marks', async () => {
    const { content } = await answer(plain().baseUrl, 'What is the refund policy?', { knowledge_ids: [1], chat_mode: 2, remove_corner_mark: true });
    assert.match(content, /full refund\./);
    assert.doesNotMatch(content, /\^\[\d+\]\^/);
  });

  it('text_threshold is compared with the cosine similarity of the message and the passage', async () => {
    // "refund" and "policy" are in the Returns passage, "galaxy" and "warranty" in no passage: a similarity of
    // about 0.24 (about 0.52 without the two foreign words).
    const question = 'refund policy galaxy warranty';
    const low = await answer(plain().baseUrl, question, { knowledge_ids: [1], chat_mode: 2, backup_chat: false, text_threshold: 0.2 });
    assert.match(low.content, /full refund/);
    const high = await answer(plain().baseUrl, question, { knowledge_ids: [1], chat_mode: 2, backup_chat: false, text_threshold: 0.3 });
    assert.match(high.content, /^Sorry, no relevant information/);
    const focused = await answer(plain().baseUrl, 'refund policy', { knowledge_ids: [1], chat_mode: 2, backup_chat: false, text_threshold: 0.3 });
    assert.match(focused.content, /full refund/);
  });

  it("a long quoted selection on a passage's topic still reaches the default threshold", async () => {
    // Twelve lines about returns: most of their words are in no document, which a share of the message's words
    // would hold against them; the cosine does not.
    const selection = [
      'Our customers asked how returns work when goods arrive damaged or late.',
      'Support answers them from the handbook, quoting the refund policy word for word.',
      'Returns inside the window are refunded in full; the customer keeps the delivery note.',
      'After the window, support escalates the case to the team lead.',
    ].join('\n');
    const message = `Explain the selected text.\n\nSelection from \`faq.md:1-4\`:\n\`\`\`markdown\n${selection}\n\`\`\``;
    const { content } = await answer(plain().baseUrl, message, { knowledge_ids: [1], chat_mode: 2, backup_chat: false });
    assert.match(content, /thirty days of delivery for a full refund\.\^\[1\]\^/);
  });

  it('quotes the sentences of a passage closest to the question, each with its mark, and never cuts inside a dotted name', async () => {
    const service = await startTestService({
      seed: {
        ...BASE_SEED,
        knowledgeBases: [
          {
            id: 1,
            name: 'settings',
            documents: [
              {
                title: 'Settings',
                text: 'The extension reads its address from maas.baseUrl in the settings. It never stores keys there. Colours follow the theme of the editor.',
              },
            ],
          },
        ],
      },
      references: true,
    });
    try {
      const { content, body } = await answer(service.baseUrl, 'Which address does the extension read from the settings?', { knowledge_ids: [1], chat_mode: 2 });
      assert.match(content, /^- The extension reads its address from maas\.baseUrl in the settings\.\^\[1\]\^/m);
      assert.doesNotMatch(content, /Colours follow/);
      const references = body['references'] as { text: string }[];
      assert.equal(
        references[0]?.text,
        'The extension reads its address from maas.baseUrl in the settings. It never stores keys there. Colours follow the theme of the editor.',
      );
    } finally {
      await service.stop();
    }
  });

  it('an unknown knowledge id is a 400', async () => {
    const reply = await chat(plain().baseUrl, retrievalRequest('refund?', { knowledge_ids: [1, 99] }));
    assert.equal(reply.status, 400);
    assert.match(reply.json<{ error: { message: string } }>().error.message, /^参数错误:tools\[0\]\.retrieval\.knowledge_ids .*99/);
  });

  it('with --references, a references array and the configured corner mark; also on the final stream chunk', async () => {
    const { content, body } = await answer(withReferences().baseUrl, 'What is the refund policy?', { knowledge_ids: [1], chat_mode: 2 });
    assert.match(content, /full refund\.\[1\]/);
    const references = body['references'] as { index: number; knowledge_id: number; title: string; text: string }[];
    assert.deepEqual(references[0], {
      index: 1,
      knowledge_id: 1,
      title: 'Returns',
      text: 'Refund policy: customers may return goods within thirty days of delivery for a full refund.',
    });
    const streamed = await chat(withReferences().baseUrl, {
      ...retrievalRequest('What is the refund policy?', { knowledge_ids: [1], chat_mode: 2 }),
      stream: true,
    });
    const final = streamChunks(streamed.text).at(-1);
    assert.equal(final?.choices[0]?.finish_reason, 'stop');
    assert.equal(final?.references?.length, references.length);
  });
});
