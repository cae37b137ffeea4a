// The history's search index: what a query finds (words by their beginning, Chinese by substring through character
// pairs, full-width, case and accents folded), the order of the results, and the index kept right as conversations
// are indexed again and deleted, through its segments' merges and compaction.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SearchIndex, type SearchableConversation } from '../../../../../src/core/conversations/search/searchIndex';
import { queryTerms } from '../../../../../src/core/conversations/search/searchText';

function conversation(id: string, texts: readonly string[], overrides: Partial<SearchableConversation> = {}): SearchableConversation {
  return { id, title: `Conversation ${id}`, updatedAt: 1_000, turnCount: texts.length / 2, texts, ...overrides };
}

function indexOf(...conversations: SearchableConversation[]): SearchIndex {
  const index = new SearchIndex();
  for (const c of conversations) index.set(c);
  return index;
}

const found = (index: SearchIndex, query: string): string[] => index.search(queryTerms(query), 10_000).hits.map((hit) => hit.id);

describe('SearchIndex', () => {
  it('finds Chinese by substring, with no spaces between words, mixed with English', () => {
    const index = indexOf(
      conversation('zh', ['数据库连接超时怎么办？', '先检查 connection pool 的大小，再把超时调长。']),
      conversation('other', ['数据分析', '库存管理系统']),
    );
    assert.deepEqual(found(index, '数据库'), ['zh'], 'a three-character word');
    assert.deepEqual(found(index, '连接'), ['zh'], 'a two-character word in the middle of a run');
    assert.deepEqual(found(index, '库连'), ['zh'], 'any substring, word boundary or not');
    assert.deepEqual(found(index, '数据').sort(), ['other', 'zh'], 'a word both hold');
    assert.deepEqual(found(index, '数').sort(), ['other', 'zh'], 'one character');
    assert.deepEqual(found(index, '连库'), [], 'the characters of a word, out of order, are no match');
    assert.deepEqual(found(index, '数据超时'), [], 'two words that do not follow one another are no match');
    assert.deepEqual(found(index, '数据库connection'), ['zh'], 'Chinese and English in one query');
    assert.deepEqual(found(index, '超时 pool'), ['zh']);
  });

  it('folds width, case and accents as a reader does (NFKC and case folding), and keeps marks that make another letter', () => {
    const index = indexOf(
      conversation('latin', ['How does the Café handle a ＳＨＵＴＤＯＷＮ?', 'Die Straße ist naïve: ΣΊΣΥΦΟΣ and ﬁle systems.']),
      conversation('kana', ['かな', 'ガイド']),
    );
    assert.deepEqual(found(index, 'cafe'), ['latin'], 'accents dropped from Latin letters');
    assert.deepEqual(found(index, 'CAFÉ'), ['latin'], 'and from the query');
    assert.deepEqual(found(index, 'shutdown'), ['latin'], 'full-width letters are letters');
    assert.deepEqual(found(index, 'ｓｈｕｔ'), ['latin'], 'a full-width query too');
    assert.deepEqual(found(index, 'strasse'), ['latin'], 'ß folds to ss');
    assert.deepEqual(found(index, 'naive'), ['latin']);
    assert.deepEqual(found(index, 'σισυφος'), ['latin'], 'Greek: accents and the final sigma folded');
    assert.deepEqual(found(index, 'file'), ['latin'], 'the fi ligature is f and i');
    assert.deepEqual(found(index, 'カイ'), [], 'a Japanese voicing mark makes another letter: not dropped');
    assert.deepEqual(found(index, 'ガイ'), ['kana']);
    assert.deepEqual(found(index, 'ｶﾞｲﾄﾞ'), ['kana'], 'half-width katakana is katakana');
  });

  it('matches a word by its beginning, every word of the query, and nothing for punctuation alone', () => {
    const index = indexOf(conversation('a', ['The worker shuts down.', 'Drain the queue first.']), conversation('b', ['A worker pool.', 'Shutdown hooks.']));
    assert.deepEqual(found(index, 'shut').sort(), ['a', 'b'], 'shut begins shuts and shutdown');
    assert.deepEqual(found(index, 'down'), ['a'], 'down is a word of a, only inside shutdown in b');
    assert.deepEqual(found(index, 'worker queue'), ['a'], 'every word must match');
    assert.deepEqual(found(index, '  WORKER,  drain!'), ['a']);
    assert.deepEqual(found(index, '?!'), []);
    assert.deepEqual(found(index, 'nothing'), []);
  });

  it('puts conversations matching in their title first, then the newest first', () => {
    const index = indexOf(
      conversation('old', ['about the worker'], { updatedAt: 1 }),
      conversation('new', ['about the worker'], { updatedAt: 3 }),
      conversation('titled', ['nothing here'], { title: 'Worker pool', updatedAt: 2 }),
      conversation('half', ['the worker'], { title: 'Pool of threads', updatedAt: 4 }),
    );
    const { hits } = index.search(queryTerms('worker'), 10);
    assert.deepEqual(
      hits.map((hit) => [hit.id, hit.inTitle]),
      [
        ['titled', true],
        ['half', false],
        ['new', false],
        ['old', false],
      ],
    );
    assert.deepEqual(
      index.search(queryTerms('worker pool'), 10).hits.map((hit) => [hit.id, hit.inTitle]),
      [
        ['titled', true],
        ['half', false],
      ],
      'a title that holds only some of the words is no title match',
    );
  });

  it('indexes a changed conversation again: what it no longer says is not found, what it says now is; its summary follows', () => {
    const index = indexOf(conversation('a', ['How do I drain the queue?', 'Call drain().']), conversation('b', ['Other things', 'Yes.']));
    index.set(conversation('a', ['How do I flush the buffer?', 'Call flush().'], { updatedAt: 5, title: 'Buffers' }));
    assert.deepEqual(found(index, 'drain'), []);
    assert.deepEqual(found(index, 'flush'), ['a']);
    assert.equal(index.search(queryTerms('buffers'), 1).hits[0]?.title, 'Buffers');
    // The same text with a new time: no new document, the order follows the time.
    index.set(conversation('b', ['Other things', 'Yes.'], { updatedAt: 9, title: 'Other' }));
    index.set(conversation('a', ['How do I flush the buffer?', 'Call flush().', 'and other things?', 'Yes.'], { updatedAt: 7, title: 'Buffers' }));
    assert.deepEqual(found(index, 'other'), ['b', 'a']);
    assert.equal(index.size, 2);
  });

  it('drops a deleted conversation', () => {
    const index = indexOf(conversation('a', ['worker']), conversation('b', ['worker']));
    index.remove('a');
    assert.deepEqual(found(index, 'worker'), ['b']);
    assert.equal(index.has('a'), false);
    index.remove('a');
    index.set(conversation('a', ['worker'], { updatedAt: 2_000 }));
    assert.deepEqual(found(index, 'worker'), ['a', 'b'], 'and takes it back when it comes back');
  });

  it('stays exact through many segments, merges and a compaction, which gives back the memory of what died', async () => {
    const index = new SearchIndex();
    const word = (i: number): string => `w${i}z`;
    const chinese = (i: number): string => String.fromCodePoint(0x4e00 + 2 * i, 0x4e01 + 2 * i);
    // Enough text for many batches: each conversation has its own words and a hundred shared ones.
    const shared = Array.from({ length: 100 }, (_, k) => `common${k}`).join(' ');
    const filler = Array.from({ length: 400 }, (_, k) => `f${k}q`).join(' ');
    for (let i = 0; i < 600; i += 1) index.set(conversation(`c${i}`, [`${word(i)} ${shared}`, `${filler} ${chinese(i)}`], { updatedAt: i }));
    assert.equal(found(index, 'common7').length, 600);
    await index.tidy(async () => undefined);
    for (const i of [0, 1, 299, 599]) assert.deepEqual(found(index, word(i)), [`c${i}`]);
    const bytes = index.bytes;
    // Every other conversation rewritten, then every one (the odd ones keep their Chinese): the dead postings pass
    // half the live ones, and every segment is merged into one without them. Then a third of them are deleted.
    for (let i = 0; i < 600; i += 2) index.set(conversation(`c${i}`, [`${word(i)} first${i}z ${shared}`, filler], { updatedAt: 1_000 + i }));
    found(index, 'common7');
    await index.tidy(async () => undefined);
    for (let i = 0; i < 600; i += 1) {
      index.set(conversation(`c${i}`, [`${word(i)} second${i}z ${shared}`, i % 2 === 1 ? `${filler} ${chinese(i)}` : filler], { updatedAt: 2_000 + i }));
    }
    found(index, 'common7');
    await index.tidy(async () => undefined);
    assert.ok(index.bytes < bytes * 1.5, `${index.bytes} bytes held after the rewrites, ${bytes} before`);
    for (let i = 0; i < 600; i += 3) index.remove(`c${i}`);
    const alive = Array.from({ length: 600 }, (_, i) => i).filter((i) => i % 3 !== 0);
    assert.equal(index.size, alive.length);
    assert.equal(found(index, 'common7').length, alive.length);
    assert.deepEqual(found(index, 'second4z'), ['c4']);
    assert.deepEqual(found(index, 'first4z'), [], 'what it said before its last rewrite');
    assert.deepEqual(found(index, 'second6z'), [], 'deleted after its rewrite');
    assert.deepEqual(found(index, word(5)), ['c5']);
    assert.deepEqual(found(index, chinese(5)), ['c5'], 'its Chinese, kept by the rewrite');
    assert.deepEqual(found(index, chinese(4)), [], 'its Chinese, gone with the rewrite');
    assert.equal(found(index, 'second').length, alive.length, 'a prefix across every segment');
    assert.equal(found(index, 'first').length, 0);
  });
});
