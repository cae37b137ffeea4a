// The chat view's snapshot, built from the session's state and the settings (pure): the settings the view shows,
// the list of conversations, the open one with its turns (turnView.ts) and what its next question carries
// (contextBudget.ts), the waiting context and the notices.
import { activeConversation, conversationList } from '../../conversations/conversationsState';
import type { Conversation } from '../../conversations/conversationModel';
import { personaOf } from '../../requests/requestPlan';
import type { ChatSnapshot, ConversationView } from '../../../shared/protocol';
import { modelOptions, type ChatSettings } from '../chatSettings';
import type { SessionState } from '../sessionState';
import { nextQuestionContext } from '../turns/contextBudget';
import { contextChip, turnView, type ChatViewText } from './turnView';

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
