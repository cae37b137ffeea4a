// The chat view's snapshot and turn views, built from the session's state and the settings. Pure: the words of
// errors come from the front end (ChatViewText), so this runs on plain Node. The stored
// form never leaves the host as is (images stay on disk, context text stays here).
import { activeConversation, conversationList } from '../../conversations/conversationsState';
import type { Conversation, StoredContext, StoredError, Turn } from '../../conversations/conversationModel';
import { buildMessages, questionWithContext } from '../../conversations/historySelection';
import { personaOf, planRequest } from '../../requests/requestPlan';
import { countTokens } from '../../../shared/tokenCount';
import type { ChatSnapshot, ContextChipView, ConversationView, KnowledgeView, RetryView, TurnErrorView, TurnView } from '../../../shared/protocol';
import { historyLimits, modelOptions, type ChatSettings } from '../chatSettings';
import type { SessionState } from '../sessionState';
import { messageTokens } from '../turns/contextBudget';

/** The words of the view, in the UI language, from the front end. */
export interface ChatViewText {
  error(error: StoredError): TurnErrorView;
}

function contextChip(item: StoredContext): ContextChipView {
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
 * what it sends before its own words (the context meter's figure): the persona and the earlier turns, as the request
 * plan sends them, and the context waiting to go with it (Add Selection to Chat, the current file).
 */
export function nextQuestionContext(
  conversation: Conversation,
  settings: ChatSettings,
  waiting: readonly StoredContext[],
): { omittedTurns: number; contextTokens: number } {
  const { messages, omittedTurns } = buildMessages(conversation.turns, { question: '', context: [], images: [] }, historyLimits(settings));
  const plan = planRequest({ model: conversation.model, messages, persona: { own: conversation.persona } }, settings);
  const before = plan.kind === 'send' ? messageTokens(plan.request.messages.slice(0, -1)) : 0;
  const waitingTokens = waiting.length === 0 ? 0 : countTokens(questionWithContext('', waiting));
  return { omittedTurns, contextTokens: before + waitingTokens };
}

function conversationView(
  conversation: Conversation,
  settings: ChatSettings,
  state: Pick<SessionState, 'retries' | 'waitingContext'>,
  text: ChatViewText,
): ConversationView {
  return {
    id: conversation.id,
    title: conversation.title,
    persona: conversation.persona,
    model: conversation.model,
    params: conversation.params,
    turns: conversation.turns.map((turn) => turnView(turn, text, state.retries.get(turn.id))),
    ...nextQuestionContext(conversation, settings, state.waitingContext),
  };
}

export interface SnapshotInput {
  readonly extensionVersion: string;
  readonly apiKeySet: boolean;
  readonly settings: ChatSettings;
  readonly state: SessionState;
  readonly text: ChatViewText;
}

export function buildSnapshot({ extensionVersion, apiKeySet, settings, state, text }: SnapshotInput): ChatSnapshot {
  const active = activeConversation(state.conversations);
  if (active === undefined) throw new Error('The chat state has no conversation; ensureActive() must run first.');
  return {
    extensionVersion,
    apiKeyState: apiKeySet ? 'set' : 'missing',
    baseUrl: settings.baseUrl,
    ...(settings.baseUrlProblem === undefined ? {} : { baseUrlProblem: settings.baseUrlProblem }),
    models: modelOptions(settings),
    conversations: conversationList(state.conversations).map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt, turnCount: c.turnCount })),
    active: conversationView(active, settings, state, text),
    pendingContext: state.waitingContext.map(contextChip),
    settings: {
      fontSize: settings.fontSize,
      maxImageBytes: settings.imageMaxBytes,
      defaultPersona: personaOf(settings),
      defaultPersonaFromWorkspace: settings.personaFromWorkspace === true && personaOf(settings) !== '',
      contextLimit: settings.lmMaxInputTokens,
      readAnswers: settings.readAnswers,
    },
    notices: state.notices.visibleIn(state.conversations.activeId),
  };
}
