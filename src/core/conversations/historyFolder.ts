// The reading side of the history folder: the conversation files, the list kept beside them (historyList.ts) and
// what this window holds of each file (writeLedger.ts). It reads one conversation when it is opened, rebuilds the
// list from the files when the list is unusable, compares the list with the folder after start-up (names and
// stamps only, reading just the files that differ) and tells another window's write from this window's own.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileStamp, parseConversationText, readConversationFile, readText, type ReadConversation } from './conversationFile';
import { isConversationId, markUnfinishedInterrupted, summaryOf, type Conversation } from './conversationModel';
import { HistoryList } from './historyList';
import { WriteLedger } from './writeLedger';

export interface SetAsideFile {
  readonly movedTo: string;
  readonly reason: string;
}

/** A conversation file changed by someone else: another window sharing the folder, an older version, an edit. */
export type StoreChange = { readonly kind: 'changed'; readonly conversation: Conversation } | { readonly kind: 'removed'; readonly id: string };

export interface HistoryCheck {
  readonly changes: readonly StoreChange[];
  readonly setAside: readonly SetAsideFile[];
}

export const isConversationFile = (name: string): boolean => name.endsWith('.json') && isConversationId(conversationIdOf(name));
export const conversationIdOf = (file: string): string => file.slice(0, -'.json'.length);

/**
 * A turn still marked as being answered in a file changed this recently is taken as answered in another window
 * (which saves about once a second while it streams), not as interrupted by a reload.
 */
const ALIVE_ELSEWHERE_MS = 10_000;
/** Files compared with the list between two yields of the background check. */
const CHECK_SLICE = 64;

export class HistoryFolder {
  readonly list: HistoryList;
  readonly ledger = new WriteLedger();

  constructor(
    readonly folder: string,
    /** Asks for the list to be written soon (the store serialises it with its saves). */
    private readonly listChanged: () => void,
  ) {
    this.list = new HistoryList(folder);
  }

  get conversationDir(): string {
    return path.join(this.folder, 'conversations');
  }

  /** The file of a conversation; throws for an id that breaks the file-name rule (no path is built from it). */
  conversationFile(id: string): string {
    if (!isConversationId(id)) throw new Error(`"${id.slice(0, 100)}" is not a conversation id.`);
    return path.join(this.conversationDir, `${id}.json`);
  }

  async conversationFiles(): Promise<string[]> {
    return (await readdir(this.conversationDir).catch(() => [] as string[])).filter(isConversationFile);
  }

  /**
   * Reads one conversation with its turns and holds its version for saves and merges. A file that does not parse
   * is set aside; a missing one leaves the list. A turn a reload or a crash cut off is kept, marked interrupted
   * (written at the next save); after start-up, one in a file changed in the last seconds is taken as being
   * answered in another window and left as it is.
   */
  async read(id: string, options: { readonly started?: boolean } = {}): Promise<ReadConversation> {
    const read = await readConversationFile(this.conversationFile(id), id);
    if (read.kind !== 'ok') {
      this.list.delete(id);
      this.listChanged();
      return read;
    }
    this.ledger.read(read.conversation, read.text);
    this.list.set(summaryOf(read.conversation), read.stamp);
    const alive = options.started !== true && Date.now() - read.stamp.mtimeMs < ALIVE_ELSEWHERE_MS;
    return alive ? read : { ...read, conversation: markUnfinishedInterrupted(read.conversation) };
  }

  /** Every conversation file read once, when the list is missing or unreadable: its summaries, nothing kept. */
  async rebuildList(setAside: SetAsideFile[]): Promise<void> {
    for (const name of await this.conversationFiles()) {
      const read = await readConversationFile(path.join(this.conversationDir, name), conversationIdOf(name));
      if (read.kind === 'ok') this.list.set(summaryOf(read.conversation), read.stamp);
      else if (read.kind === 'corrupt') setAside.push({ movedTo: read.movedTo, reason: read.reason });
    }
    this.listChanged();
  }

  /**
   * The background half of start-up: compares the list with the folder (names and stamps only) and reads just the
   * files that differ from it, yielding between slices so the extension host stays responsive.
   */
  async check(): Promise<HistoryCheck> {
    const names = await this.conversationFiles();
    const present = new Set(names.map(conversationIdOf));
    const changes: StoreChange[] = [];
    const setAside: SetAsideFile[] = [];
    for (const entry of this.list.all()) {
      if (present.has(entry.id)) continue;
      this.list.delete(entry.id);
      changes.push({ kind: 'removed', id: entry.id });
    }
    for (let start = 0; start < names.length; start += CHECK_SLICE) {
      for (const id of names.slice(start, start + CHECK_SLICE).map(conversationIdOf)) {
        const stamp = await fileStamp(this.conversationFile(id));
        const entry = this.list.get(id);
        if (stamp === undefined || (entry !== undefined && entry.size === stamp.size && entry.mtimeMs === stamp.mtimeMs)) continue;
        const read = await readConversationFile(this.conversationFile(id), id);
        if (read.kind === 'corrupt') {
          setAside.push({ movedTo: read.movedTo, reason: read.reason });
          if (this.list.has(id)) changes.push({ kind: 'removed', id });
          this.list.delete(id);
        } else if (read.kind === 'ok') {
          this.list.set(summaryOf(read.conversation), read.stamp);
          if (!this.ledger.isOwnWrite(id, read.text)) changes.push(this.taken(read.conversation, read.text));
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.listChanged();
    return { changes, setAside };
  }

  /**
   * What a conversation file another writer touched holds now, when that is news: not this window's own write,
   * not the version it holds, not a file that does not parse (left for the next read to set aside).
   */
  async examine(id: string): Promise<StoreChange | undefined> {
    const file = this.conversationFile(id);
    const stamp = await fileStamp(file);
    let text: string;
    try {
      text = await readText(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !(this.list.has(id) || this.ledger.has(id))) return undefined;
      this.list.delete(id);
      this.ledger.forget(id);
      this.listChanged();
      return { kind: 'removed', id };
    }
    if (this.ledger.knows(id, text)) return undefined;
    const conversation = parseConversationText(text);
    if (conversation === undefined || conversation.id !== id) return undefined;
    if (stamp !== undefined) this.list.set(summaryOf(conversation), stamp);
    this.listChanged();
    return this.taken(conversation, text);
  }

  /** Another writer's version of a conversation: held as the base of later saves when this window holds its turns. */
  private taken(conversation: Conversation, text: string): StoreChange {
    if (this.ledger.has(conversation.id)) this.ledger.read(conversation, text);
    return { kind: 'changed', conversation };
  }
}
