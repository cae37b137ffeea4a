// Builders for the host's views, as the fake host of the browser tests sends them.
import type { ChatSnapshot, ConversationSummaryView, ConversationView, ModelOptionView, TurnView } from '../../src/shared/protocol';
import { paramRangesFor } from '../../src/shared/chatParams';

export const models: readonly ModelOptionView[] = [
  { code: 'svc_llm', family: 'language', params: paramRangesFor('language') },
  { code: 'svc_vl', family: 'vision', params: paramRangesFor('vision') },
];

export function turn(overrides: Partial<TurnView> & { id: string }): TurnView {
  return {
    kind: 'chat',
    question: 'Question?',
    images: [],
    context: [],
    answer: '',
    reasoning: '',
    status: 'done',
    model: 'svc_llm',
    createdAt: 1_700_000_000_000,
    ...overrides,
  };
}

/** `count` finished turns with ids `<prefix><i>`, oldest first; `content` gives the i-th its question, answer and the rest. */
export function history(count: number, prefix: string, content: (i: number) => Partial<TurnView>): TurnView[] {
  return Array.from({ length: count }, (_, i) => turn({ ...content(i), id: `${prefix}${i}` }));
}

/** `count` conversations of the list, `c0` the newest, each an hour older than the one before, with 1-40 turns. */
export function summaries(count: number, title: (i: number) => string = (i) => `Conversation ${i}`): ConversationSummaryView[] {
  return Array.from({ length: count }, (_, i) => ({ id: `c${i}`, title: title(i), updatedAt: 1_700_000_000_000 - i * 3_600_000, turnCount: (i % 40) + 1 }));
}

export function conversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return { id: 'c1', title: 'First chat', persona: '', model: 'svc_llm', params: {}, turns: [], omittedTurns: 0, contextTokens: 0, ...overrides };
}

export function snapshot(overrides: Partial<ChatSnapshot> = {}): ChatSnapshot {
  const active = overrides.active ?? conversation();
  return {
    extensionVersion: '0.1.0',
    apiKeyState: 'set',
    baseUrl: 'http://127.0.0.1:9/',
    models,
    conversations: [{ id: active.id, title: active.title, updatedAt: 1_700_000_000_000, turnCount: active.turns.length }],
    active,
    pendingContext: [],
    settings: {
      fontSize: 13,
      maxImageBytes: 200_000,
      defaultPersona: 'You are a helpful assistant.',
      defaultPersonaFromWorkspace: false,
      contextLimit: 32_768,
      readAnswers: false,
    },
    notices: [],
    ...overrides,
  };
}
