// Builds the chat view's snapshot and turn views from the conversations and the settings. Pure apart from the
// localised strings; the stored form never leaves the host as is (images stay on disk, context text stays here).
import { activeConversation, type ConversationsState } from '../../core/conversations/conversationsState';
import type { Conversation, Turn } from '../../core/conversations/conversationModel';
import { buildMessages } from '../../core/conversations/historySelection';
import { paramRangesFor } from '../../shared/chatParams';
import type { ChatSnapshot, ContextChipView, ConversationView, ModelOptionView, NoticeView, TurnView } from '../../shared/protocol';
import type { Settings } from '../settings/settingsSchema';
import { errorView } from '../errors/errorPresentation';
import { knowledgeView } from './knowledgeView';
import { webviewStrings } from './webviewStrings';

export interface PendingContext {
  readonly id: string;
  readonly kind: 'selection' | 'file';
  readonly label: string;
  readonly languageId: string;
  readonly text: string;
}

export function modelOptions(settings: Settings): ModelOptionView[] {
  const options = [
    { code: settings.chatModel, vision: false },
    { code: settings.visionModel, vision: true },
    ...settings.extraModels,
  ];
  const unique = options.filter((option, index) => options.findIndex((o) => o.code === option.code) === index);
  return unique.map((option) => ({ code: option.code, vision: option.vision, params: paramRangesFor(option.vision) }));
}

export function isVisionModel(settings: Settings, model: string): boolean {
  return modelOptions(settings).some((option) => option.code === model && option.vision);
}

export function contextChip(item: PendingContext): ContextChipView {
  return { id: item.id, kind: item.kind, label: item.label, languageId: item.languageId, characters: item.text.length };
}

export function turnView(turn: Turn, retry?: TurnView['retry']): TurnView {
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
    status: turn.status,
    finishReason: turn.finishReason,
    model: turn.model,
    usage: turn.usage,
    error: turn.error === undefined ? undefined : errorView(turn.error),
    retry,
    knowledge: knowledgeView(turn),
    createdAt: turn.createdAt,
  };
}

/** How many earlier turns the next question would leave out under the history limits. */
export function omittedTurns(conversation: Conversation, settings: Settings): number {
  return buildMessages('', conversation.turns, { question: '', context: [], imageUrls: [] }, {
    maxTurns: settings.historyMaxTurns,
    maxCharacters: settings.historyMaxCharacters,
  }).omittedTurns;
}

export function conversationView(conversation: Conversation, settings: Settings, retries: ReadonlyMap<string, TurnView['retry']>): ConversationView {
  return {
    id: conversation.id,
    title: conversation.title,
    persona: conversation.persona,
    model: conversation.model,
    params: conversation.params,
    turns: conversation.turns.map((turn) => turnView(turn, retries.get(turn.id))),
    omittedTurns: omittedTurns(conversation, settings),
  };
}

export interface SnapshotInput {
  readonly extensionVersion: string;
  readonly apiKeySet: boolean;
  readonly settings: Settings;
  readonly state: ConversationsState;
  readonly pendingContext: readonly PendingContext[];
  readonly notices: readonly NoticeView[];
  readonly retries: ReadonlyMap<string, TurnView['retry']>;
}

export function buildSnapshot(input: SnapshotInput): ChatSnapshot {
  const active = activeConversation(input.state);
  if (active === undefined) throw new Error('The chat state has no conversation; ensureActive() must run first.');
  return {
    extensionVersion: input.extensionVersion,
    apiKeyState: input.apiKeySet ? 'set' : 'missing',
    baseUrl: input.settings.baseUrl,
    models: modelOptions(input.settings),
    conversations: input.state.conversations.map((c) => ({ id: c.id, title: c.title, updatedAt: c.updatedAt, turnCount: c.turns.length })),
    active: conversationView(active, input.settings, input.retries),
    pendingContext: input.pendingContext.map(contextChip),
    settings: { fontSize: input.settings.fontSize, maxImageBytes: input.settings.imageMaxBytes, defaultPersona: input.settings.persona },
    notices: input.notices,
    strings: webviewStrings(),
  };
}
