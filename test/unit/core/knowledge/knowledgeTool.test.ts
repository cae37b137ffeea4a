// The knowledge-base tool's pure parts: the input checked against the configured knowledge bases (VS Code hands a
// tool whatever the model wrote), the answer's marks written [n] with a Sources list, the result cut to a token
// budget with its sources kept, and the citations data read back only when it is well formed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkKnowledgeToolInput, MAX_KNOWLEDGE_BASE_NAME_CHARS, MAX_TOOL_QUESTION_CHARS } from '../../../../src/core/knowledge/knowledgeToolInput';
import { citationsData, citationsFrom, fitToBudget, plainCitations, sourcesList, type ResultWords } from '../../../../src/core/knowledge/knowledgeToolResult';
import { countTokens } from '../../../../src/shared/tokenCount';

const bases = [
  { id: 7, name: 'Extension guide' },
  { id: 9, name: '产品手册' },
];
const words: ResultWords = { sources: 'Sources', untitled: (n) => `Source ${n}`, cut: '[cut]', passageOf: 'A passage of the knowledge base "Guide"' };
const count = (text: string): Promise<number> => Promise.resolve(countTokens(text));

describe('the knowledge-base tool input', () => {
  it('takes a question alone (all knowledge bases) or with a configured name, matched without case or spaces', () => {
    assert.deepEqual(checkKnowledgeToolInput({ question: ' Where is the key? ' }, bases), { ok: true, question: 'Where is the key?', bases });
    assert.deepEqual(checkKnowledgeToolInput({ question: 'Q?', knowledgeBase: ' extension GUIDE ' }, bases), { ok: true, question: 'Q?', bases: [bases[0]] });
    assert.deepEqual(checkKnowledgeToolInput({ question: 'Q?', knowledgeBase: '产品手册' }, bases), { ok: true, question: 'Q?', bases: [bases[1]] });
    for (const none of [null, '', '  '])
      assert.deepEqual(checkKnowledgeToolInput({ question: 'Q?', knowledgeBase: none }, bases), { ok: true, question: 'Q?', bases }, String(none));
  });

  it('names an unknown knowledge base and lists the valid names', () => {
    assert.deepEqual(checkKnowledgeToolInput({ question: 'Q?', knowledgeBase: 'Handbook' }, bases), {
      ok: false,
      problem: { kind: 'unknownKnowledgeBase', name: 'Handbook', valid: ['Extension guide', '产品手册'] },
    });
  });

  it('says what is wrong with the shape: not an object, no question, a question too long, a name that is not text', () => {
    const problem = (input: unknown): string => {
      const checked = checkKnowledgeToolInput(input, bases);
      return checked.ok ? 'ok' : checked.problem.kind;
    };
    assert.equal(problem('Where is the key?'), 'notAnObject');
    assert.equal(problem(undefined), 'notAnObject');
    assert.equal(problem({}), 'questionMissing');
    assert.equal(problem({ question: '   ' }), 'questionMissing');
    assert.equal(problem({ question: 42 }), 'questionMissing');
    assert.equal(problem({ question: 'x'.repeat(MAX_TOOL_QUESTION_CHARS + 1) }), 'questionTooLong');
    assert.equal(problem({ question: 'Q?', knowledgeBase: 7 }), 'knowledgeBaseNotText');
    assert.equal(problem({ question: 'Q?', knowledgeBase: 'x'.repeat(MAX_KNOWLEDGE_BASE_NAME_CHARS + 1) }), 'knowledgeBaseTooLong');
    assert.equal(problem({ question: 'Q?', knowledgeBase: ` ${'x'.repeat(MAX_KNOWLEDGE_BASE_NAME_CHARS)} ` }), 'unknownKnowledgeBase');
  });

  it('without a configured knowledge base, says so whatever the input', () => {
    assert.deepEqual(checkKnowledgeToolInput({ question: 'Q?' }, []), { ok: false, problem: { kind: 'noKnowledgeBase' } });
  });
});

describe('the knowledge-base tool result', () => {
  it('writes every citation mark as [n], leaving marks in code alone', () => {
    assert.equal(plainCitations('Kept in secret storage.^[1]^ Also【2†guide】 and [^3^].'), 'Kept in secret storage. [1] Also [2] and [3].');
    assert.equal(plainCitations('Use `a^[1]^` here.^[2]^'), 'Use `a^[1]^` here. [2]');
  });

  it('lists each source once, by number, with a title for the untitled and no line breaks from the service', () => {
    const list = sourcesList(
      [{ index: 2, title: 'FAQ\nsecond line' }, { index: 1, title: 'Getting started' }, { index: 2, title: 'FAQ again' }, { index: 3 }],
      'Answer. [1]',
      words,
    );
    assert.equal(list, 'Sources:\n- [1] Getting started\n- [2] FAQ second line\n- [3] Source 3');
    assert.equal(sourcesList([], 'No marks here.', words), '');
  });

  it('without references from the service, lists each mark of the answer as a passage of the knowledge bases', () => {
    assert.equal(
      sourcesList([], 'Kept in secret storage. [2] Run Set API Key. [1] Again. [2]', words),
      'Sources:\n- [1] A passage of the knowledge base "Guide"\n- [2] A passage of the knowledge base "Guide"',
    );
  });

  it('returns the whole text within the budget, and without a budget', async () => {
    const sources = 'Sources:\n- [1] Getting started';
    assert.equal(await fitToBudget('The key is stored. [1]', sources, undefined, count, words), 'The key is stored. [1]\n\nSources:\n- [1] Getting started');
    assert.equal(await fitToBudget('The key is stored. [1]', sources, 1000, count, words), 'The key is stored. [1]\n\nSources:\n- [1] Getting started');
  });

  it('over the budget, cuts the answer at a word, says so, and keeps the Sources list whole', async () => {
    const answer = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ') + ' [1]';
    const sources = 'Sources:\n- [1] Getting started';
    const fitted = await fitToBudget(answer, sources, 60, count, words);
    assert.ok(countTokens(fitted) <= 60, `${countTokens(fitted)} tokens`);
    assert.ok(fitted.endsWith('[cut]\n\nSources:\n- [1] Getting started'), fitted);
    assert.match(fitted, /^word0 word1 .* word\d+ \[cut\]/);
    // As much of the answer as fits: one more word would go over.
    const kept = fitted.slice(0, fitted.indexOf(' [cut]'));
    const next = answer.slice(kept.length).trim().split(' ')[0] ?? '';
    assert.ok(countTokens(`${kept} ${next} [cut]\n\n${sources}`) > 60);
  });

  it('cuts the Sources list too when even it does not fit', async () => {
    const sources = `Sources:\n${Array.from({ length: 40 }, (_, i) => `- [${i + 1}] Document number ${i + 1}`).join('\n')}`;
    const fitted = await fitToBudget('Short answer. [1]', sources, 30, count, words);
    assert.ok(countTokens(fitted) <= 30, `${countTokens(fitted)} tokens`);
    assert.ok(fitted.startsWith('Short answer. [1]\n\nSources:\n- [1] Document number 1'), fitted);
  });

  it('reads back its own citations data, and nothing from malformed data', () => {
    const references = [{ index: 1, title: 'Getting started', text: 'The key is kept in secret storage.' }];
    assert.deepEqual(citationsFrom(citationsData(references)), references);
    for (const bad of ['not json', '{"citations": 3}', '{"citations": [{"index": "1"}]}', '[]'])
      assert.deepEqual(citationsFrom(new TextEncoder().encode(bad)), [], bad);
  });
});
