// The history search of a chat session, as the view sees it: a query answered with the conversations whose title,
// questions or answers match (read from disk for those not open), a snippet of the first match, the newest query's
// answer only, and the answer sent again as the history changes while the search is shown: a rename and a delete
// here, another window's new conversation, an answer's end.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Conversation } from '../../../../src/core/conversations/conversationModel';
import { ConversationStore } from '../../../../src/core/conversations/conversationStore';
import type { HostToWebview, SearchResultsView } from '../../../../src/shared/protocol';
import { waitFor } from '../../../harness/waitFor';
import { conversation, turn } from '../conversations/fixtures';
import { sessionsPerTest, type SessionUnderTest } from './sessionFixture';

const start = sessionsPerTest();

/** A history of `count` conversations on the worker's shutdown (c0 the newest and open), `extra` changing some. */
async function history(count: number, extra: (i: number) => Partial<Conversation> = () => ({})): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-history-search-'));
  const conversations = Array.from({ length: count }, (_, i) =>
    conversation([turn(`t${i}`, `How should worker ${i} stop?`, `Worker ${i} closes its connections.`)], {
      id: `c${i}`,
      title: `Worker ${i}`,
      updatedAt: 10_000 - i,
      ...extra(i),
    }),
  );
  const store = new ConversationStore(folder);
  await store.save({ version: 1, activeId: 'c0', conversations });
  await store.flush();
  return folder;
}

/** The index starts only when searched, so each test decides when. */
function searching(folder: string): SessionUnderTest {
  return start({ folder, deps: { searchIndexDelayMs: 3_600_000 } });
}

const results = (messages: readonly HostToWebview[]): SearchResultsView[] => messages.flatMap((m) => (m.type === 'searchResults' ? [m.results] : []));

/** The first results sent after `seen` messages that satisfy `wanted`. */
function resultsWhere(t: SessionUnderTest, what: string, wanted: (r: SearchResultsView) => boolean, seen = 0): Promise<SearchResultsView> {
  return waitFor(() => results(t.emitted.slice(seen)).find(wanted), { what });
}

describe('ChatSession: searching the history', () => {
  it('finds a conversation by a word of an answer, in a file not open, with a snippet marked; not by its reasoning', async () => {
    const folder = await history(30, (i) =>
      i === 17
        ? { turns: [turn('a', 'First question', 'First answer.'), turn('b', 'And then?', 'A graceful shutdown drains the queue before the process exits.')] }
        : i === 5
          ? { turns: [turn('r', 'Why?', 'Because.', { reasoning: 'a graceful answer' })] }
          : {},
    );
    const t = searching(folder);
    await t.session.searchConversations(1, 'GRACEFUL', 10);
    const found = await resultsWhere(t, 'the built index to answer', (r) => r.queryId === 1 && !r.indexing);
    assert.equal(found.total, 1);
    assert.equal(found.conversations, 30);
    const [match] = found.matches;
    assert.equal(match?.id, 'c17');
    assert.equal(match?.turnCount, 2);
    assert.equal(match?.snippet?.text, 'A graceful shutdown drains the queue before the process exits.');
    assert.deepEqual(
      match?.snippet?.marks.map(([a, b]) => match.snippet?.text.slice(a, b)),
      ['graceful'],
    );
    assert.deepEqual(
      t.session.state.current.conversations.conversations.map((c) => c.id),
      ['c0'],
      'searching reads no conversation into the session',
    );
  });

  it('puts title matches first, sends the newest query only, and the first `limit` results with the count of all', async () => {
    const t = searching(await history(25));
    // Typed on before the first was answered: only the second is.
    await Promise.all([t.session.searchConversations(1, 'worker', 10), t.session.searchConversations(2, 'worker 7', 10)]);
    const found = await resultsWhere(t, 'the answer to the second query', (r) => r.queryId === 2 && !r.indexing);
    assert.deepEqual(
      found.matches.map((m) => [m.id, m.titleMarks.length > 0, m.snippet === undefined]),
      [['c7', true, true]],
      'c7 matches in its title: no snippet',
    );
    await t.session.searchConversations(3, 'closes', 10);
    const page = await resultsWhere(t, 'the third query', (r) => r.queryId === 3 && !r.indexing);
    assert.equal(page.total, 25);
    assert.deepEqual(
      page.matches.map((m) => m.id),
      Array.from({ length: 10 }, (_, i) => `c${i}`),
      'the newest first, ten of them',
    );
    assert.equal(results(t.emitted).filter((r) => r.queryId === 1).length, 0, 'the first query was replaced before it was answered');
  });

  it('answers again as the history changes: a rename and a delete here, another window writes, an answer ends', async () => {
    const folder = await history(4);
    const t = searching(folder);
    await t.checked(); // following other windows
    await t.session.searchConversations(1, 'shutdown', 10);
    assert.equal((await resultsWhere(t, 'the first answer', (r) => r.queryId === 1 && !r.indexing)).total, 0);

    let seen = t.emitted.length;
    await t.session.renameConversation('c2', 'Shutdown plan');
    let found = await resultsWhere(t, 'the renamed conversation', (r) => r.total === 1, seen);
    assert.deepEqual(found.matches[0]?.titleMarks, [[0, 8]]);

    seen = t.emitted.length;
    const elsewhere = conversation([turn('x', 'What about SIGTERM?', 'Trap it and start the shutdown.')], {
      id: 'elsewhere',
      title: 'Signals',
      updatedAt: 20_000,
    });
    writeFileSync(path.join(folder, 'conversations', 'elsewhere.json'), JSON.stringify(elsewhere));
    found = await resultsWhere(t, "another window's conversation", (r) => r.total === 2, seen);
    assert.deepEqual(
      found.matches.map((m) => m.id),
      ['c2', 'elsewhere'],
    );
    assert.equal(found.matches[1]?.snippet?.text, 'Trap it and start the shutdown.');

    seen = t.emitted.length;
    await t.session.deleteConversation('c2');
    found = await resultsWhere(t, 'the deleted conversation gone', (r) => r.total === 1, seen);
    assert.equal(found.matches[0]?.id, 'elsewhere');

    seen = t.emitted.length;
    const asked = await t.session.send('And then?', []);
    (await t.backend.answer(0)).text('Then the ', 'shutdown ends.').end();
    await t.finished(asked ?? '');
    found = await resultsWhere(t, 'the answer found once it ended', (r) => r.total === 2, seen);
    assert.deepEqual(found.matches.map((m) => m.id).sort(), ['c0', 'elsewhere']);

    // The search ended: changes send nothing more for it.
    await t.session.searchConversations(2, '', 10);
    seen = t.emitted.length;
    await t.session.renameConversation('c1', 'Shutdown again');
    await t.session.searchConversations(3, 'again', 10);
    await resultsWhere(t, 'a new search', (r) => r.queryId === 3, seen);
    assert.deepEqual(
      results(t.emitted.slice(seen)).map((r) => r.queryId),
      [3],
    );
  });
});
