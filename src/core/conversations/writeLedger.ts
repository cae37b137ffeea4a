// What a window knows of the conversation files whose turns it holds, in bounded memory: per conversation the
// version it last read or wrote (the object itself, shared with the window's state, and a hash of the file's text),
// and the hashes of its own last few writes. The version tells a save whether the conversation changed (by
// identity: the state's operations make a new object for a changed conversation only, so nothing is serialised to
// find out) and is the base of the three-way merge with another window's write; the hashes tell the file watcher
// an echo of this window's own write from another window's.
import { createHash } from 'node:crypto';
import type { Conversation } from './conversationModel';

/** How many of its own recent writes are remembered per conversation (several may land before the watcher looks). */
const OWN_WRITES_KEPT = 8;

export interface HeldVersion {
  readonly conversation: Conversation;
  /** The hash of the file's text for that version. */
  readonly hash: string;
}

function textHash(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

export class WriteLedger {
  private readonly held = new Map<string, HeldVersion>();
  private readonly own = new Map<string, string[]>();

  /** The version of the file this window last read or wrote. */
  version(id: string): HeldVersion | undefined {
    return this.held.get(id);
  }

  /** Whether `conversation` is exactly what this window last read or wrote for it (nothing to save). */
  holds(conversation: Conversation): boolean {
    return this.held.get(conversation.id)?.conversation === conversation;
  }

  /**
   * Whether a file's text is nothing new to this window: the version it holds (read or written) or one of its own
   * recent writes (a file event showing it is an echo), or `base`, a version held before. One hash answers all.
   */
  knows(id: string, text: string, base?: HeldVersion): boolean {
    const hash = textHash(text);
    return base?.hash === hash || this.held.get(id)?.hash === hash || this.own.get(id)?.includes(hash) === true;
  }

  has(id: string): boolean {
    return this.held.has(id);
  }

  /** The file was read: that version is what it holds. */
  read(conversation: Conversation, text: string): void {
    this.held.set(conversation.id, { conversation, hash: textHash(text) });
  }

  /** This window writes `text` for `conversation` (or has just written it). */
  wrote(conversation: Conversation, text: string): void {
    const hash = textHash(text);
    this.held.set(conversation.id, { conversation, hash });
    this.own.set(conversation.id, [...(this.own.get(conversation.id) ?? []), hash].slice(-OWN_WRITES_KEPT));
  }

  /** Whether a file's text is one this window wrote lately (a file event showing it is our own echo). */
  isOwnWrite(id: string, text: string): boolean {
    return this.own.get(id)?.includes(textHash(text)) === true;
  }

  /** The window no longer holds the conversation's turns; the hashes of its own writes stay, to know their echoes. */
  release(id: string): void {
    this.held.delete(id);
  }

  /** The conversation was deleted: nothing more is kept for it. */
  forget(id: string): void {
    this.held.delete(id);
    this.own.delete(id);
  }
}
