// The search of the chat history: keeps the search index (src/core/conversations/search/) in step with the session's
// conversations and answers the view's queries from it. The index is built in the background a while after the
// history loads (or at once, for a first search before that): every conversation read once, one at a time, those in
// memory from memory. After that it follows the state: a conversation this window changed is indexed again from
// memory, one another window changed from its file, a deleted one leaves it. A query costs the index's lookup and,
// for the results the view shows, their snippets (from memory or the conversation's file); the query being shown is
// answered again whenever the index changes, and sent when its results differ.
import type { Conversation, ConversationSummary } from '../../conversations/conversationModel';
import type { ConversationStore } from '../../conversations/conversationStore';
import type { ConversationsState } from '../../conversations/conversationsState';
import { findMatches, snippetOf } from '../../conversations/search/searchMatches';
import { readSearchable, searchableOf } from '../../conversations/search/searchableConversation';
import { SearchIndex, type SearchHit } from '../../conversations/search/searchIndex';
import { queryTerms, type QueryTerm } from '../../conversations/search/searchText';
import { Emitter, type Subscription } from '../../emitter';
import type { SearchMatchView, SearchResultsView } from '../../../shared/protocol';
import type { ChatLog, ObservedState, StateChange } from '../sessionState';

export interface HistorySearchDeps {
  readonly state: ObservedState;
  readonly store: Pick<ConversationStore, 'conversationFile'>;
  readonly log: ChatLog;
  /** How long after the history loaded the index starts being built. */
  readonly startDelayMs: number;
}

/** What to do for a conversation: index it as held in memory, read it (from memory if held, else its file), drop it. */
type Task = { readonly kind: 'memory'; readonly conversation: Conversation } | { readonly kind: 'read' } | { readonly kind: 'remove' };

interface ShownQuery {
  readonly queryId: number;
  readonly limit: number;
  readonly terms: readonly QueryTerm[];
}

/** Lets the extension host handle what is waiting before the next piece of the index's work. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** While the index is first built, the query shown is answered again after this many conversations. */
const ANSWER_EVERY = 100;

export class HistorySearch {
  private readonly index = new SearchIndex();
  private readonly queue = new Map<string, Task>();
  /** The conversations and summaries the index has been given or is about to be (by identity: a change makes new ones). */
  private readonly known = new WeakSet<Conversation | ConversationSummary>();
  private readonly emitter = new Emitter<SearchResultsView>();
  private readonly subscription: Subscription;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  /** Every conversation of the history has been indexed once. */
  private built = false;
  private working = false;
  private disposed = false;
  private shown: ShownQuery | undefined;
  /** Answers computed so far: only the newest is sent. */
  private answers = 0;
  private lastSent = '';

  /** The results of the query shown: its answer, and a new one whenever they change. */
  readonly onDidFind = this.emitter.event;

  constructor(private readonly deps: HistorySearchDeps) {
    this.subscription = deps.state.onDidChange((change) => this.follow(change));
  }

  /** Searches for `query`, the first `limit` results wanted; an empty query ends the search. */
  search(queryId: number, query: string, limit: number): void {
    const terms = queryTerms(query);
    this.shown = query.trim() === '' ? undefined : { queryId, limit, terms };
    this.lastSent = '';
    if (this.shown === undefined) return;
    this.start();
    void this.answer(false);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.subscription.dispose();
    this.emitter.dispose();
    this.queue.clear();
  }

  private follow({ before, after, reason }: StateChange): void {
    if (before.conversations === after.conversations || this.disposed) return;
    if (!this.started) {
      if (reason === 'load' && this.timer === undefined) {
        this.timer = setTimeout(() => this.start(), this.deps.startDelayMs);
        this.timer.unref();
      }
      return;
    }
    // An answer's text is taken at its end (`answerEnd` makes a conversation the index has not seen).
    if (reason !== 'answer') this.take(before.conversations, after.conversations, reason === 'external');
  }

  /** Starts building the index: every conversation of the history queued, those in memory first. */
  private start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    clearTimeout(this.timer);
    const { conversations, unloaded = [] } = this.deps.state.current.conversations;
    for (const conversation of conversations) this.enqueue(conversation.id, { kind: 'memory', conversation }, conversation);
    for (const summary of unloaded) this.enqueue(summary.id, { kind: 'read' }, summary);
    void this.work();
  }

  /** What changed between two states, queued: conversations changed here or elsewhere, and those gone. */
  private take(before: ConversationsState, after: ConversationsState, external: boolean): void {
    for (const conversation of after.conversations) {
      if (!this.known.has(conversation)) this.enqueue(conversation.id, { kind: 'memory', conversation }, conversation);
    }
    if (after.unloaded !== before.unloaded) {
      for (const summary of after.unloaded ?? []) {
        if (this.known.has(summary)) continue;
        // A summary made here (a conversation let go from memory) says nothing new; another window's does.
        if (external || (!this.index.has(summary.id) && !this.queue.has(summary.id))) this.enqueue(summary.id, { kind: 'read' }, summary);
        else this.known.add(summary);
      }
    }
    const present = new Set([...after.conversations.map((c) => c.id), ...(after.unloaded ?? []).map((s) => s.id)]);
    for (const id of [...this.index.ids(), ...this.queue.keys()]) if (!present.has(id)) this.queue.set(id, { kind: 'remove' });
    void this.work();
  }

  private enqueue(id: string, task: Task, source: Conversation | ConversationSummary): void {
    this.known.add(source);
    this.queue.set(id, task);
  }

  /** Indexes what is queued, one conversation at a time, letting the extension host do other work in between. */
  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    let done = 0;
    try {
      for (let next = this.queue.entries().next(); !next.done && !this.disposed; next = this.queue.entries().next()) {
        const [id, task] = next.value;
        this.queue.delete(id);
        await this.apply(id, task);
        await this.index.tidy(nextTurn);
        done += 1;
        if (!this.built && done % ANSWER_EVERY === 0) void this.answer(true);
        await nextTurn();
      }
      if (!this.built && !this.disposed) {
        // The history indexed once: its segments made one, which holds each term once and answers with one lookup.
        await this.index.tidy(nextTurn, true);
        this.built = true;
      }
    } finally {
      this.working = false;
    }
    if (this.disposed) return;
    void this.answer(true);
    // Changes that came while the segments were merged.
    if (this.queue.size > 0) void this.work();
  }

  private async apply(id: string, task: Task): Promise<void> {
    try {
      if (task.kind === 'remove') this.index.remove(id);
      else if (task.kind === 'memory') this.index.set(searchableOf(task.conversation));
      else {
        const read = await this.readConversation(id);
        if (read === undefined) this.index.remove(id);
        else this.index.set(read);
      }
    } catch (error) {
      this.deps.log.warn(`The chat history search could not index conversation ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A conversation's searchable parts: as held in memory, else as its file holds them. */
  private async readConversation(id: string): ReturnType<typeof readSearchable> {
    const held = this.deps.state.current.conversations.conversations.find((c) => c.id === id);
    if (held !== undefined) return searchableOf(held);
    return readSearchable(this.deps.store.conversationFile(id), id);
  }

  /** Answers the query shown; `again`: an answer already sent is not sent again unchanged. */
  private async answer(again: boolean): Promise<void> {
    const shown = this.shown;
    if (shown === undefined) return;
    const answer = ++this.answers;
    const { total, hits } = this.index.search(shown.terms, shown.limit);
    const matches = await Promise.all(hits.map((hit) => this.matchOf(hit, shown.terms)));
    if (answer !== this.answers || this.shown !== shown || this.disposed) return;
    const { conversations, unloaded = [] } = this.deps.state.current.conversations;
    const results: SearchResultsView = {
      queryId: shown.queryId,
      total,
      conversations: conversations.length + unloaded.length,
      matches,
      indexing: !this.built,
    };
    const sent = JSON.stringify(results);
    if (again && sent === this.lastSent) return;
    this.lastSent = sent;
    this.emitter.fire(results);
  }

  /** A result: its title's matches and, when the title alone does not match, a snippet of its first match in the turns. */
  private async matchOf(hit: SearchHit, terms: readonly QueryTerm[]): Promise<SearchMatchView> {
    const { id, title, updatedAt, turnCount } = hit;
    const match: SearchMatchView = { id, title, updatedAt, turnCount, titleMarks: findMatches(title, terms) };
    if (hit.inTitle) return match;
    const read = await this.readConversation(id).catch(() => undefined);
    for (const text of read?.texts ?? []) {
      const marks = findMatches(text, terms);
      const snippet = snippetOf(text, marks);
      if (snippet !== undefined) return { ...match, snippet };
    }
    return match;
  }
}
