// One conversation file read from the history folder: its text, what it holds, and the stamp (size, modification
// time) the list keeps to tell later whether the file changed. A file that does not parse or validate is moved
// aside (`<name>.corrupt-<time>`), never deleted or overwritten, and reported by whoever meets it.
import { statSync, type Stats } from 'node:fs';
import { readFile, rename, stat } from 'node:fs/promises';
import { corruptName } from '../../../packages/files/atomicJsonFile';
import { conversationSchema, type Conversation } from './conversationModel';

/** What identifies a version of a conversation file without reading it: its size and its time, in whole ms. */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
}

export type ReadConversation =
  | { readonly kind: 'ok'; readonly conversation: Conversation; readonly text: string; readonly stamp: FileStamp }
  | { readonly kind: 'missing' }
  | { readonly kind: 'corrupt'; readonly movedTo: string; readonly reason: string };

/**
 * A file's text. Read as bytes and decoded once, which is cheaper than `readFile(file, 'utf8')`: start-up reads the
 * history's list before anything is shown (bench/history.bench.ts measures that start).
 */
export async function readText(file: string): Promise<string> {
  return (await readFile(file)).toString('utf8');
}

const stampOf = ({ size, mtimeMs }: Stats): FileStamp => ({ size, mtimeMs: Math.floor(mtimeMs) });

/** The stamp of a file this window has just written (as the window closes: nothing may be awaited). */
export function fileStampSync(file: string): FileStamp {
  return stampOf(statSync(file));
}

/** The stamp of a file now; undefined when it is gone. */
export async function fileStamp(file: string): Promise<FileStamp | undefined> {
  try {
    return stampOf(await stat(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads the conversation `id` from `file`, setting the file aside when it is unreadable. The stamp is taken before
 * the text, so a write in between leaves a stamp older than the text: the next check reads the file again.
 */
export async function readConversationFile(file: string, id: string): Promise<ReadConversation> {
  const stamp = await fileStamp(file);
  if (stamp === undefined) return { kind: 'missing' };
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  let reason: string;
  try {
    const conversation = conversationSchema.parse(JSON.parse(text));
    if (conversation.id === id) return { kind: 'ok', conversation, text, stamp };
    reason = `it holds the conversation ${conversation.id}, not ${id}`;
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  const movedTo = corruptName(file);
  await rename(file, movedTo);
  return { kind: 'corrupt', movedTo, reason };
}

/** The conversation a file's text holds, or undefined when it does not parse (another window may be writing it). */
export function parseConversationText(text: string): Conversation | undefined {
  try {
    const parsed = conversationSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
