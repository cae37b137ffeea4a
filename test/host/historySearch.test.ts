// The history search inside a real extension host, against the local service: a question answered, another
// conversation opened so the answered one is only on disk, then the view's search for a word of the answer finds it,
// with the word marked in a snippet of the answer.
import assert from 'node:assert/strict';
import type { SearchResultsView } from '../../src/shared/protocol';
import { waitFor } from '../harness/waitFor';
import { api, askChat, chatState, finished, hook, recordView, service } from './hostService';

describe('searching the chat history', () => {
  before(async () => {
    assert.ok(service.baseUrl, 'the harness passes the local service');
    await (await hook()).apiKey.set(service.key);
    await api('/_local/reset', {});
  });

  it('finds a conversation by a word of its answer, read from the history on disk', async () => {
    const h = await hook();
    await h.chat.fromView({ type: 'newConversation' });
    const turnId = await askChat(h, 'How does a write-ahead log keep data safe?');
    const turn = await finished(h, turnId);
    assert.equal(turn.status, 'done');
    const answered = (await chatState(h)).activeId;
    // The answer's longest word: one the question did not say.
    const word = (turn.answer.match(/\p{L}{5,}/gu) ?? []).filter((w) => !/write|ahead|keeps?|data|safe/i.test(w)).sort((a, b) => b.length - a.length)[0];
    assert.ok(word !== undefined, `the answer has words: ${turn.answer.slice(0, 200)}`);
    await h.chat.fromView({ type: 'newConversation' });
    await waitFor(async () => !(await chatState(h)).conversations.some((c) => c.id === answered), {
      what: 'the answered conversation to be let go from memory',
      timeoutMs: 10_000,
    });

    const view = recordView(h);
    try {
      await h.chat.fromView({ type: 'searchConversations', queryId: 41, query: word.toUpperCase(), limit: 50 });
      const found = await waitFor(
        () => view.messages.flatMap((m) => (m.type === 'searchResults' && m.results.queryId === 41 && !m.results.indexing ? [m.results] : [])).at(-1),
        { what: 'the search answered from the built index', timeoutMs: 30_000 },
      );
      const match = (found as SearchResultsView).matches.find((m) => m.id === answered);
      assert.ok(match, `the answered conversation among ${found.total} matches`);
      const snippet = match.snippet;
      assert.ok(snippet !== undefined, 'a snippet of the answer');
      assert.ok(
        snippet.marks.some(([start, end]) => snippet.text.slice(start, end).toLowerCase() === word.toLowerCase()),
        `"${word}" marked in "${snippet.text}"`,
      );
      assert.equal(found.conversations, (await chatState(h)).conversations.length + ((await chatState(h)).unloaded?.length ?? 0));
    } finally {
      view.dispose();
    }
  });
});
