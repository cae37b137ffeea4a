// A chat history as a user who chats every day has it: `count` conversations of 20 turns with ~2.4 KB Markdown
// answers each, written as the extension writes them (readable by their owner only, so the start-up pass of
// historyPermissions.ts finds nothing to change, as in every window after the first), then opened once so that the
// list file exists, as it does after the first start of this version.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Conversation, Turn } from '../../src/core/conversations/conversationModel';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { ownerOnly } from '../../packages/files/atomicWrite';

const TURNS = 20;

function answer(seed: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < 2_400; i++) {
    lines.push(
      i % 5 === 4
        ? '```ts\nexport function step(input: readonly string[]): number {\n  return input.reduce((n, s) => n + s.length, 0);\n}\n```'
        : `Paragraph ${i} of answer ${seed}: the queue is drained before shutdown, and every connection is closed in a \`finally\` block so that nothing leaks.`,
    );
  }
  return lines.join('\n\n');
}

export function conversationOf(index: number, now: number): Conversation {
  const turns: Turn[] = Array.from({ length: TURNS }, (_, t) => ({
    id: `turn-${index}-${t}`,
    kind: 'chat',
    question: `Question ${t} of conversation ${index}: how should the worker shut down?`,
    images: [],
    context: [],
    answer: answer(index * TURNS + t),
    reasoning: '',
    status: 'done',
    model: 'svc_llm',
    usage: { promptTokens: 120, completionTokens: 600, totalTokens: 720 },
    finishReason: 'stop',
    createdAt: now - (index * TURNS + t) * 60_000,
    completedAt: now - (index * TURNS + t) * 60_000 + 5_000,
  }));
  return {
    id: `conversation-${String(index).padStart(5, '0')}`,
    title: `Conversation ${index}: how should the worker shut down?`,
    titleEdited: false,
    persona: '',
    model: 'svc_llm',
    params: {},
    turns,
    createdAt: now - index * 86_400_000,
    updatedAt: now - index * 60_000,
  };
}

/** A history folder of `count` conversations (`conversationOf` unless told), the newest open; its list file written. */
export async function historyFolder(count: number, make: (index: number, now: number) => Conversation = conversationOf): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), `maas-history-bench-${count}-`));
  const dir = path.join(folder, 'conversations');
  mkdirSync(dir, { recursive: true, mode: ownerOnly.folderMode });
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const conversation = make(i, now);
    writeFileSync(path.join(dir, `${conversation.id}.json`), `${JSON.stringify(conversation)}\n`, { mode: ownerOnly.mode });
  }
  writeFileSync(path.join(folder, 'index.json'), JSON.stringify({ version: 1, activeId: make(0, now).id }), { mode: ownerOnly.mode });
  const store = new ConversationStore(folder);
  await store.load();
  await store.flush();
  return folder;
}
