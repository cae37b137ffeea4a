// Where a query matches in a text as the user wrote it (what the view highlights), and the snippet around the first
// match: offsets of the original text whatever folding changed (full width, accents, ß, ligatures, surrogates).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findMatches, snippetOf, type TextRange } from '../../../../../src/core/conversations/search/searchMatches';
import { queryTerms } from '../../../../../src/core/conversations/search/searchText';

const marked = (text: string, ranges: readonly TextRange[]): string[] => ranges.map(([start, end]) => text.slice(start, end));
const matches = (text: string, query: string): string[] => marked(text, findMatches(text, queryTerms(query)));

describe('findMatches', () => {
  it('gives the stretches of the original text, however folding changed its length', () => {
    assert.deepEqual(matches('The Worker and the workers, not a coworker.', 'work'), ['Work', 'work'], 'words that begin with the term');
    assert.deepEqual(matches('ＳＨＵＴＤＯＷＮ now', 'shutdown'), ['ＳＨＵＴＤＯＷＮ'], 'full-width letters');
    assert.deepEqual(matches('Un café, un cafe\u0301 et un CAFÉ.', 'cafe'), ['café', 'cafe\u0301', 'CAFÉ'], 'precomposed, combining, capital');
    assert.deepEqual(matches('Die Straße', 'strasse'), ['Straße'], 'ß matched as ss');
    assert.deepEqual(matches('a ﬁle system', 'fil'), ['ﬁl'], 'a ligature is matched whole when the match ends inside it');
    assert.deepEqual(matches('数据库连接超时，数据库重连', '数据库'), ['数据库', '数据库'], 'Chinese anywhere');
    assert.deepEqual(matches('𠀋𠀌 and 𠀋', '𠀋'), ['𠀋', '𠀋'], 'characters outside the basic plane');
    assert.deepEqual(matches('drain the queue; queue drained', 'queue drain'), ['drain', 'queue', 'queue', 'drain'], 'every term, in order');
    assert.deepEqual(findMatches('', queryTerms('x')), []);
  });
});

describe('snippetOf', () => {
  it('is a window around the first match, cut at a word, white space collapsed, the matches inside it marked', () => {
    const long = `${'Intro words here. '.repeat(10)}Then the worker\n\n  drains its queue   before exit. ${'More filler text. '.repeat(20)}`;
    const terms = queryTerms('worker queue');
    const snippet = snippetOf(long, findMatches(long, terms));
    assert.ok(snippet !== undefined);
    assert.match(snippet.text, /^…\S/, 'an ellipsis where the text is cut, then a whole word');
    assert.match(snippet.text, /…$/);
    assert.ok(snippet.text.includes('Then the worker drains its queue before exit.'), snippet.text);
    assert.deepEqual(marked(snippet.text, snippet.marks), ['worker', 'queue']);
    assert.ok(snippet.text.length <= 170, `${snippet.text.length} characters`);
  });

  it('starts at the beginning of a short text, with no ellipsis, and marks Chinese', () => {
    const text = '如何设置数据库的连接超时？';
    const snippet = snippetOf(text, findMatches(text, queryTerms('连接超时')));
    assert.deepEqual(snippet, { text, marks: [[8, 12]] });
    assert.equal(snippetOf(text, []), undefined, 'no match, no snippet');
  });
});
