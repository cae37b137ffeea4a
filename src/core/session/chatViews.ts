// The chat view's snapshot and turn views, built from the conversations and the settings. Pure: the words of
// errors and the view's strings come from the front end (ChatViewText), so this runs on plain Node. The stored
// form never leaves the host as is (images stay on disk, context text stays here).
import { activeConversation, conversationList, type ConversationsState } from '../conversations/conversationsState';
import type { Conversation, StoredContext, StoredError, Turn } from '../conversations/conversationModel';
import { buildMessages, questionWithContext } from '../conversations/historySelection';
import { countTokens } from '../../shared/tokenCount';
import type {
  ChatSnapshot,
  ContextChipView,
  ConversationView,
  KnowledgeView,
  NoticeView,
  RetryView,
  TurnErrorView,
  TurnView,
  WebviewStrings,
} from '../../shared/protocol';
import { modelOptions, type ChatSettings } from './chatSettings';
import { messageTokens } from './contextBudget';

/** The words of the view, in the UI language, from the front end. */
export interface ChatViewText {
  error(error: StoredError): TurnErrorView;
  strings(): WebviewStrings;
}

export function contextChip(item: StoredContext): ContextChipView {
  return { id: item.id, kind: item.kind, label: item.label, languageId: item.languageId, characters: item.text.length };
}

export function knowledgeView(turn: Turn): KnowledgeView | undefined {
  const knowledge = turn.knowledge;
  if (turn.kind !== 'knowledge' || knowledge === undefined) return undefined;
  return {
    mode: knowledge.mode,
    bases: knowledge.bases.map((base) => ({ id: base.id, name: base.name })),
    references: (knowledge.references ?? []).map((r) => ({
      index: r.index,
      ...(r.title === undefined ? {} : { title: r.title }),
      ...(r.text === undefined ? {} : { text: r.text }),
    })),
    ...(knowledge.retrieval.remove_corner_mark === true ? { marksRemoved: true } : {}),
  };
}

export function turnView(turn: Turn, text: ChatViewText, retry?: RetryView): TurnView {
  return {
    id: turn.id,
    kind: turn.kind,
    question: turn.question,
    images: turn.images.map((image) => ({
      id: image.id,
      name: image.name,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      thumbnail: image.thumbnail,
      ...(image.url === undefined ? {} : { url: image.url }),
    })),
    context: turn.context.map(contextChip),
    answer: turn.answer,
    reasoning: turn.reasoning,
    ...(turn.imageDescription === undefined ? {} : { imageDescription: turn.imageDescription }),
    status: turn.status,
    finishReason: turn.finishReason,
    model: turn.model,
    usage: turn.usage,
    error: turn.error === undefined ? undefined : text.error(turn.error),
    retry,
    knowledge: knowledgeView(turn),
    createdAt: turn.createdAt,
  };
}

/**
 * What the next question carries before it: how many earlier turns the history limits leave out, and the tokens of
 * the persona and the earlier turns it re-sends (the context meter's figure).
 */
export function nextRequestContext(conversation: Conversation, settings: ChatSettings): { omittedTurns: number; contextTokens: number } {
  const persona = conversation.persona.trim() !== '' ? conversation.persona : settings.persona;
  const { messages, omittedTurns } = buildMessages(
    persona,
    conversation.turns,
    { question: '', context: [], imageUrls: [] },
    {
      maxTurns: settings.historyMaxTurns,
      maxCharacters: settings.historyMaxCharacters,
    },
  );
  return { omittedTurns, contextTokens: messageTokens(messages.slice(0, -1)) };
}

export function conversationView(
  conversation: Conversation,
  settings: ChatSettings,
  retries: ReadonlyMap<string, RetryView>,
  text: ChatViewText,
): ConversationView {
  return {
    id: conversation.id,
    title: conversation.title,
    persona: conversation.persona,
    model: conversation.model,
    params: conversation.params,
    turns: conversation.turns.map((turn) => turnView(turn, text, retries.get(turn.id))),
    ...nextRequestContext(conversation, settings),
  };
}

/** The meter counts the context waiting to go with the next question too (Add Selection to Chat, the current file). */
function withWaitingContext(view: ConversationView, pending: readonly StoredContext[]): ConversationView {
  return pending.length === 0 ? view : { ...view, contextTokens: view.contextTokens + waitingTokens(pending) };
}

/** The tokens of the context waiting to go with the next question. */
export function waitingTokens(pending: readonly StoredContext[]): number {
  return pending.length === 0 ? 0 : countTokens(questionWithContext('', pending));
}

export interface SnapshotInput {
  readonly extensionVersion: string;
  readonly apiKeySet: boolean;
  readonly settings: ChatSettings;
  readonly state: ConversationsState;
  readonly pendingContext: readonly StoredContext[];
  readonly notices: readonly NoticeView[];
  readonly retries: ReadonlyMap<string, RetryView>;
  readonly text: ChatViewText;
}

export function buildSnapshot(input: SnapshotInput): ChatSnapshot {
  const active = activeConversation(input.state);
  if (active === undefined) throw new Error('The chat state has no conversation; ensureActive() must run first.');
  return {
    extensionVersion: input.extensionVersion,
    apiKeyState: input.apiKeySet ? 'set' : 'missing',
    baseUrl: input.settings.baseUrl,
    ...(input.settings.baseUrlProblem === undefined ? {} : { baseUrlProblem: input.settings.baseUrlProblem }),
    models: modelOptions(input.settings),
    conversations: conversationList(input.state).map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt, turnCount: c.turnCount })),
    active: withWaitingContext(conversationView(active, input.settings, input.retries, input.text), input.pendingContext),
    pendingContext: input.pendingContext.map(contextChip),
    settings: {
      fontSize: input.settings.fontSize,
      maxImageBytes: input.settings.imageMaxBytes,
      defaultPersona: input.settings.persona,
      defaultPersonaFromWorkspace: input.settings.personaFromWorkspace === true && input.settings.persona.trim() !== '',
      contextLimit: input.settings.lmMaxInputTokens,
      readAnswers: input.settings.readAnswers,
    },
    notices: input.notices,
    strings: input.text.strings(),
  };
}
