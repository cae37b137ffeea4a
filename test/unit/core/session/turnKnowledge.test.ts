// A knowledge turn keeps how it was asked and what it cited in typed fields (`knowledge`); history files that
// versions up to 0.1 wrote kept them in an untyped `extra` record, which still loads. The view is built from them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { knowledgeView } from '../../../../src/core/session/view/turnView';
import { turnSchema, type Turn } from '../../../../src/core/conversations/conversationModel';

const stored = { id: 't', kind: 'knowledge', question: 'q', status: 'done', model: 'svc_llm', createdAt: 1 };
const load = (raw: Record<string, unknown>): Turn => turnSchema.parse({ ...stored, ...raw });
const knowledge = { mode: 'strict', bases: [{ id: 7, name: 'Handbook' }] };

describe('a knowledge turn, typed, and read from old history files', () => {
  it('reads an old `extra` into `knowledge` and never writes `extra` again', () => {
    const turn = load({
      extra: {
        knowledge,
        retrieval: { knowledge_ids: [7], chat_mode: 2 },
        references: [{ index: 1, title: 'Leave policy', text: 'Ten days.', url: 'https://x' }, { index: 2 }],
      },
    });
    assert.equal('extra' in turn, false);
    assert.deepEqual(turn.knowledge, {
      mode: 'strict',
      bases: [{ id: 7, name: 'Handbook' }],
      retrieval: { knowledge_ids: [7], chat_mode: 2 },
      references: [{ index: 1, title: 'Leave policy', text: 'Ten days.', url: 'https://x' }, { index: 2 }],
    });
    assert.deepEqual(knowledgeView(turn), {
      mode: 'strict',
      bases: [{ id: 7, name: 'Handbook' }],
      references: [{ index: 1, title: 'Leave policy', text: 'Ten days.' }, { index: 2 }],
    });
  });

  it("fills what an old file lacks from what it has (bases from the tool's ids, the mode from chat_mode)", () => {
    assert.deepEqual(load({ extra: { retrieval: { knowledge_ids: [3, 4], chat_mode: 2 } } }).knowledge, {
      mode: 'strict',
      bases: [
        { id: 3, name: '#3' },
        { id: 4, name: '#4' },
      ],
      retrieval: { knowledge_ids: [3, 4], chat_mode: 2 },
    });
  });

  it('has no references before (or without) the service sending any', () => {
    assert.deepEqual(knowledgeView(load({ knowledge: { ...knowledge, mode: 'divergent', retrieval: { knowledge_ids: [7] } } }))?.references, []);
  });

  it('says when the marks were asked away, so their absence means nothing', () => {
    assert.equal(knowledgeView(load({ knowledge: { ...knowledge, retrieval: { knowledge_ids: [7], remove_corner_mark: true } } }))?.marksRemoved, true);
    assert.equal(knowledgeView(load({ knowledge: { ...knowledge, retrieval: { knowledge_ids: [7], remove_corner_mark: false } } }))?.marksRemoved, undefined);
  });

  it('is absent on other kinds of turn', () => {
    assert.equal(knowledgeView(load({ kind: 'chat', knowledge: { ...knowledge, retrieval: { knowledge_ids: [7] } } })), undefined);
  });

  it('drops malformed stored knowledge, never the turn', () => {
    for (const extra of [
      { knowledge: { mode: 'loose', bases: [] } },
      { knowledge: { mode: 'strict', bases: [{ id: '7', name: 'x' }] } },
      { knowledge: 'strict' },
    ]) {
      const turn = load({ extra, answer: 'kept' });
      assert.equal(turn.answer, 'kept');
      assert.equal(knowledgeView(turn), undefined, JSON.stringify(extra));
    }
    assert.equal(load({ extra: {} }).knowledge, undefined);
  });

  it('keeps the mode when only the references are malformed, and drops bad fields of a reference', () => {
    assert.deepEqual(knowledgeView(load({ extra: { knowledge, retrieval: { knowledge_ids: [7] }, references: 'nope' } }))?.references, []);
    assert.deepEqual(
      knowledgeView(load({ extra: { knowledge, retrieval: { knowledge_ids: [7] }, references: [{ index: 3, title: 42, text: 'kept' }] } }))?.references,
      [{ index: 3, text: 'kept' }],
    );
  });
});
