// Pure operations on the conversations the chat owns: each returns a new state, so the chat session can save and
// render after every change, and tests can check each rule alone. Ids come from the caller (deterministic tests).
import {
  summaryOf,
  titleFromQuestion,
  type Conversation,
  type ConversationStoreData,
  type ConversationSummary,
  type StoredChatParams,
  type Turn,
} from './conversationModel';

export type ConversationsState = ConversationStoreData;

const newestFirst = (a: ConversationSummary, b: ConversationSummary): number => b.updatedAt - a.updatedAt;

/**
 * Every conversation as the list shows it, newest change first: the loaded ones' summaries merged into the
 * unloaded ones (kept in that order), so the cost is one pass over the list.
 */
export function conversationList(state: ConversationsState): ConversationSummary[] {
  const loaded = state.conversations.map(summaryOf).sort(newestFirst);
  const unloaded = state.unloaded ?? [];
  const list: ConversationSummary[] = [];
  let i = 0;
  for (const summary of unloaded) {
    while (i < loaded.length && newestFirst(loaded[i] as ConversationSummary, summary) <= 0) list.push(loaded[i++] as ConversationSummary);
    list.push(summary);
  }
  while (i < loaded.length) list.push(loaded[i++] as ConversationSummary);
  return list;
}

/** Whether the conversation exists here, loaded or not. */
export function hasConversation(state: ConversationsState, id: string): boolean {
  return isLoaded(state, id) || (state.unloaded ?? []).some((s) => s.id === id);
}

/** Whether the conversation's turns are in memory (none is, for no id). */
export function isLoaded(state: ConversationsState, id: string | undefined): boolean {
  return id !== undefined && state.conversations.some((c) => c.id === id);
}

/** The unloaded summaries without `id` (the same array when it is not among them). */
function unloadedWithout(state: ConversationsState, id: string): ConversationSummary[] | undefined {
  return state.unloaded?.some((s) => s.id === id) === true ? state.unloaded.filter((s) => s.id !== id) : state.unloaded;
}

/** A conversation read from disk (opened, or changed by another window while open) joins the loaded ones. */
export function withLoaded(state: ConversationsState, conversation: Conversation): ConversationsState {
  const unloaded = unloadedWithout(state, conversation.id);
  if (isLoaded(state, conversation.id))
    return { ...state, unloaded, conversations: state.conversations.map((c) => (c.id === conversation.id ? conversation : c)) };
  return { ...state, unloaded, conversations: [...state.conversations, conversation] };
}

/** Loaded conversations whose turns the window no longer needs leave memory: only their summaries stay. */
export function unloadConversations(state: ConversationsState, ids: ReadonlySet<string>): ConversationsState {
  if (!state.conversations.some((c) => ids.has(c.id))) return state;
  const leaving = state.conversations.filter((c) => ids.has(c.id)).map(summaryOf);
  return {
    ...state,
    conversations: state.conversations.filter((c) => !ids.has(c.id)),
    unloaded: [...(state.unloaded ?? []), ...leaving].sort(newestFirst),
  };
}

/** Another window changed a conversation this one does not hold loaded: its summary is replaced (or added). */
export function upsertSummary(state: ConversationsState, summary: ConversationSummary): ConversationsState {
  const others = (state.unloaded ?? []).filter((s) => s.id !== summary.id);
  const at = others.findIndex((s) => s.updatedAt < summary.updatedAt);
  others.splice(at < 0 ? others.length : at, 0, summary);
  return { ...state, unloaded: others };
}

export function activeConversation(state: ConversationsState): Conversation | undefined {
  return state.conversations.find((c) => c.id === state.activeId) ?? state.conversations[0];
}

export function newConversation(state: ConversationsState, id: string, model: string, now: number): ConversationsState {
  const conversation: Conversation = { id, title: '', titleEdited: false, persona: '', model, params: {}, turns: [], createdAt: now, updatedAt: now };
  return { ...state, activeId: id, conversations: [conversation, ...state.conversations] };
}

/** The active conversation, creating an empty one when there is none. */
export function ensureActive(state: ConversationsState, id: string, model: string, now: number): ConversationsState {
  return activeConversation(state) === undefined ? newConversation(state, id, model, now) : { ...state, activeId: activeConversation(state)?.id };
}

/** Opens a loaded conversation (the session loads one from the list first). */
export function selectConversation(state: ConversationsState, id: string): ConversationsState {
  return isLoaded(state, id) ? { ...state, activeId: id } : state;
}

function mapConversation(state: ConversationsState, id: string, change: (c: Conversation) => Conversation): ConversationsState {
  return { ...state, conversations: state.conversations.map((c) => (c.id === id ? change(c) : c)) };
}

export function renameConversation(state: ConversationsState, id: string, title: string, now: number): ConversationsState {
  const trimmed = title.trim();
  if (trimmed === '') return state;
  return mapConversation(state, id, (c) => ({ ...c, title: trimmed.slice(0, 200), titleEdited: true, updatedAt: now }));
}

/** Removes a conversation, loaded or not; when it was the open one, the next loaded one is (or none). */
export function deleteConversation(state: ConversationsState, id: string): ConversationsState {
  const conversations = state.conversations.filter((c) => c.id !== id);
  const unloaded = unloadedWithout(state, id);
  const activeId = state.activeId === id ? conversations[0]?.id : state.activeId;
  return { ...state, conversations, unloaded, activeId };
}

/**
 * Takes a conversation as another window saved it: replaces this one's copy, or adds it in order of last change.
 * The active conversation stays the active one.
 */
export function upsertConversation(state: ConversationsState, conversation: Conversation): ConversationsState {
  if (state.unloaded?.some((s) => s.id === conversation.id) === true) return withLoaded(state, conversation);
  if (isLoaded(state, conversation.id)) return mapConversation(state, conversation.id, () => conversation);
  const at = state.conversations.findIndex((c) => c.updatedAt < conversation.updatedAt);
  const conversations = [...state.conversations];
  conversations.splice(at < 0 ? conversations.length : at, 0, conversation);
  return { ...state, conversations };
}

/**
 * Another window's version of a conversation with this window's `live` turns (answers streaming here) kept as they
 * are now: their text is newer than any file, and the other window's new turns are not dropped either.
 */
export function withLiveTurns(conversation: Conversation, live: readonly Turn[]): Conversation {
  if (live.length === 0) return conversation;
  const byId = new Map(live.map((t) => [t.id, t]));
  const turns = conversation.turns.map((t) => byId.get(t.id) ?? t);
  const missing = live.filter((t) => !conversation.turns.some((other) => other.id === t.id));
  return { ...conversation, turns: [...turns, ...missing] };
}

export function setConversationModel(state: ConversationsState, id: string, model: string, now: number): ConversationsState {
  // Parameters belong to a model (max_tokens is the language model's, repetition_penalty the vision model's).
  return mapConversation(state, id, (c) => (c.model === model ? c : { ...c, model, params: {}, updatedAt: now }));
}

export function setConversationParams(state: ConversationsState, id: string, params: StoredChatParams, now: number): ConversationsState {
  return mapConversation(state, id, (c) => ({ ...c, params, updatedAt: now }));
}

export function setConversationPersona(state: ConversationsState, id: string, persona: string, now: number): ConversationsState {
  return mapConversation(state, id, (c) => ({ ...c, persona, updatedAt: now }));
}

/** Appends a turn; the first question names an untitled conversation. */
export function addTurn(state: ConversationsState, conversationId: string, turn: Turn, now: number): ConversationsState {
  return mapConversation(state, conversationId, (c) => ({
    ...c,
    title: c.titleEdited || c.title !== '' ? c.title : titleFromQuestion(turn.question),
    turns: [...c.turns, turn],
    updatedAt: now,
  }));
}

export function updateTurn(state: ConversationsState, conversationId: string, turnId: string, change: (t: Turn) => Turn): ConversationsState {
  return mapConversation(state, conversationId, (c) => ({ ...c, turns: c.turns.map((t) => (t.id === turnId ? change(t) : t)) }));
}

/**
 * Re-running from a turn (edit, regenerate, retry): the turns after it are dropped, the turn itself is reset to
 * pending with the (new) question. Earlier turns are untouched, so history is never corrupted.
 */
export function rerunFrom(
  state: ConversationsState,
  conversationId: string,
  turnId: string,
  question: string,
  model: string,
  now: number,
): { state: ConversationsState; dropped: Turn[]; unusedImages: string[] } {
  let dropped: Turn[] = [];
  let kept: Turn[] = [];
  const next = mapConversation(state, conversationId, (c) => {
    const index = c.turns.findIndex((t) => t.id === turnId);
    if (index < 0) return c;
    dropped = c.turns.slice(index + 1);
    const original = c.turns[index] as Turn;
    const reset: Turn = {
      ...original,
      question,
      answer: '',
      reasoning: '',
      status: 'pending',
      model,
      finishReason: undefined,
      usage: undefined,
      error: undefined,
      completedAt: undefined,
      createdAt: now,
      // How a knowledge turn was asked stays; what the last answer cited goes with the answer.
      knowledge: original.knowledge === undefined ? undefined : { ...original.knowledge, references: undefined },
    };
    const title = !c.titleEdited && index === 0 ? titleFromQuestion(question) : c.title;
    kept = [...c.turns.slice(0, index), reset];
    return { ...c, title, turns: kept, updatedAt: now };
  });
  return { state: next, dropped, unusedImages: unusedImageFiles(dropped, kept) };
}

/** The image files of `removed` turns that no `remaining` turn still shows: safe to delete from storage. */
export function unusedImageFiles(removed: readonly Turn[], remaining: readonly Turn[]): string[] {
  const stillUsed = new Set(remaining.flatMap((t) => t.images).flatMap((i) => (i.file === undefined ? [] : [i.file])));
  const files = removed.flatMap((t) => t.images).flatMap((i) => (i.file === undefined ? [] : [i.file]));
  return [...new Set(files)].filter((file) => !stillUsed.has(file));
}

export function findTurn(state: ConversationsState, turnId: string): { conversation: Conversation; turn: Turn; index: number } | undefined {
  for (const conversation of state.conversations) {
    const index = conversation.turns.findIndex((t) => t.id === turnId);
    if (index >= 0) return { conversation, turn: conversation.turns[index] as Turn, index };
  }
  return undefined;
}
