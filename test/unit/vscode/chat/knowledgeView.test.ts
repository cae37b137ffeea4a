// A knowledge turn's view comes from its stored `extra`, which any version of the extension may have written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { knowledgeView } from '../../../../src/vscode/chat/knowledgeView';

const knowledge = { mode: 'strict', bases: [{ id: 7, name: 'Handbook' }] };

describe('TurnView.knowledge from the stored extra', () => {
  it('carries mode, bases and references of a knowledge turn', () => {
    const view = knowledgeView({ kind: 'knowledge', extra: { knowledge, references: [{ index: 1, title: 'Leave policy', text: 'Ten days.', url: 'https://x' }, { index: 2 }] } });
    assert.deepEqual(view, { mode: 'strict', bases: [{ id: 7, name: 'Handbook' }], references: [{ index: 1, title: 'Leave policy', text: 'Ten days.' }, { index: 2 }] });
  });

  it('has no references before (or without) the service sending any', () => {
    assert.deepEqual(knowledgeView({ kind: 'knowledge', extra: { knowledge: { ...knowledge, mode: 'divergent' } } })?.references, []);
  });

  it('says when the marks were asked away, so their absence means nothing', () => {
    assert.equal(knowledgeView({ kind: 'knowledge', extra: { knowledge, retrieval: { knowledge_ids: [7], remove_corner_mark: true } } })?.marksRemoved, true);
    assert.equal(knowledgeView({ kind: 'knowledge', extra: { knowledge, retrieval: { knowledge_ids: [7], remove_corner_mark: false } } })?.marksRemoved, undefined);
    assert.equal(knowledgeView({ kind: 'knowledge', extra: { knowledge, retrieval: 'odd' } })?.marksRemoved, undefined);
  });

  it('is absent on other kinds of turn', () => {
    assert.equal(knowledgeView({ kind: 'chat', extra: { knowledge } }), undefined);
  });

  it('is absent when the stored knowledge options are malformed', () => {
    for (const extra of [undefined, {}, { knowledge: { mode: 'loose', bases: [] } }, { knowledge: { mode: 'strict', bases: [{ id: '7', name: 'x' }] } }, { knowledge: 'strict' }]) {
      assert.equal(knowledgeView({ kind: 'knowledge', extra }), undefined, JSON.stringify(extra));
    }
  });

  it('keeps the mode when only the references are malformed, and drops bad fields of a reference', () => {
    assert.deepEqual(knowledgeView({ kind: 'knowledge', extra: { knowledge, references: 'nope' } })?.references, []);
    assert.deepEqual(knowledgeView({ kind: 'knowledge', extra: { knowledge, references: [{ index: 3, title: 42, text: 'kept' }] } })?.references, [{ index: 3, text: 'kept' }]);
  });
});
