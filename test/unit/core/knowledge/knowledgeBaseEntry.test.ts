// MaaS: Add Knowledge Base's checks as the user types: the id and the name, against the user's list as written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkKnowledgeBaseId, checkKnowledgeBaseName, MAX_KNOWLEDGE_BASES, withKnowledgeBase } from '../../../../src/core/knowledge/knowledgeBaseEntry';
import { MAX_KNOWLEDGE_BASE_NAME_CHARS } from '../../../../src/core/knowledge/knowledgeToolInput';

const written: readonly unknown[] = [{ id: 3, name: 'Product guide' }, { id: 'nine', name: 'typed by hand' }, 'junk'];

describe('knowledge base entry', () => {
  it('takes an id the console shows: a whole number from 1, spaces around it dropped', () => {
    assert.deepEqual(checkKnowledgeBaseId(' 42 ', written), { ok: true, value: 42 });
    assert.deepEqual(checkKnowledgeBaseId('1', []), { ok: true, value: 1 });
  });

  it('refuses a blank id, and one that is no whole number from 1', () => {
    assert.deepEqual(checkKnowledgeBaseId('  ', written), { ok: false, problem: { kind: 'blank' } });
    for (const text of ['0', '-3', '3.5', '1e3', 'abc', '0x10', '12 34', '9999999999999999'])
      assert.deepEqual(checkKnowledgeBaseId(text, written), { ok: false, problem: { kind: 'notId' } }, text);
  });

  it('refuses an id the list already has, naming its entry', () => {
    assert.deepEqual(checkKnowledgeBaseId('3', written), { ok: false, problem: { kind: 'taken', name: 'Product guide' } });
  });

  it('refuses a new id when the list is full', () => {
    const full = Array.from({ length: MAX_KNOWLEDGE_BASES }, (_, i) => ({ id: i + 1, name: `kb ${i + 1}` }));
    assert.deepEqual(checkKnowledgeBaseId(String(MAX_KNOWLEDGE_BASES + 1), full), { ok: false, problem: { kind: 'full', max: MAX_KNOWLEDGE_BASES } });
  });

  it('takes a name trimmed; refuses a blank one, a too long one, and one another entry has (in any case)', () => {
    assert.deepEqual(checkKnowledgeBaseName('  Team wiki ', written), { ok: true, value: 'Team wiki' });
    assert.deepEqual(checkKnowledgeBaseName(' ', written), { ok: false, problem: { kind: 'blank' } });
    assert.deepEqual(checkKnowledgeBaseName('x'.repeat(MAX_KNOWLEDGE_BASE_NAME_CHARS + 1), written), {
      ok: false,
      problem: { kind: 'tooLong', max: MAX_KNOWLEDGE_BASE_NAME_CHARS },
    });
    assert.deepEqual(checkKnowledgeBaseName('x'.repeat(MAX_KNOWLEDGE_BASE_NAME_CHARS), written).ok, true);
    assert.deepEqual(checkKnowledgeBaseName('product GUIDE', written), { ok: false, problem: { kind: 'taken' } });
  });

  it('appends the entry and keeps every entry as written, those it cannot read too', () => {
    assert.deepEqual(withKnowledgeBase(written, { id: 42, name: 'Team wiki' }), [...written, { id: 42, name: 'Team wiki' }]);
    assert.deepEqual(written.length, 3, 'the list given is not changed');
  });
});
