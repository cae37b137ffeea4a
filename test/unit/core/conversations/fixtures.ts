// Turns and conversations for the conversation tests.
import type { Conversation, Turn } from '../../../../src/core/conversations/conversationModel';

export function turn(id: string, question: string, answer: string, overrides: Partial<Turn> = {}): Turn {
  return {
    id,
    kind: 'chat',
    question,
    images: [],
    context: [],
    answer,
    reasoning: '',
    status: 'done',
    model: 'svc_llm',
    createdAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function conversation(turns: Turn[], overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    title: 'First question',
    titleEdited: false,
    persona: '',
    model: 'svc_llm',
    params: {},
    turns,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_100_000,
    ...overrides,
  };
}
