// Where conversations live on disk: one JSON file per conversation (written atomically, only when it changed),
// `index.json` with the open conversation, `list.json` with every conversation's summary (historyList.ts), and a
// folder of image files (the JSON keeps only thumbnails), every file readable by its owner only (0600, folders 0700;
// what an earlier version wrote is narrowed so after start-up: historyPermissions.ts). One file per conversation keeps two VS Code windows,
// which share this folder, from overwriting each other's conversations, and confines a corrupt file to one
// conversation. Start-up reads the list and the open conversation only; a conversation's turns are read when it
// is opened (historyFolder.ts). A save writes the conversations that changed, told by identity (writeLedger.ts),
// and nothing else. Saves are serialised, so disk always ends at the latest state. watch() tells a window about
// the conversations another window wrote or deleted, so both show the same history.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from '../../shared/zod';
import { imageFileExtension } from '../../shared/imageFormats';
import { readJsonOrSetAsideAsync, writeJsonAtomic, writeJsonAtomicAsync } from '../../../packages/files/atomicJsonFile';
import { ownerOnly, writeFileAtomic, writeFileAtomicSync } from '../../../packages/files/atomicWrite';
import { fileStamp, fileStampSync, readText, type ReadConversation } from './conversationFile';
import { mergeWithFile } from './conversationMerge';
import { isConversationId, summaryOf, type Conversation, type ConversationStoreData } from './conversationModel';
import { conversationIdOf, HistoryFolder, isConversationFile, type HistoryCheck, type SetAsideFile, type StoreChange } from './historyFolder';
import type { ListProblem } from './historyList';
import { narrowToOwner, type PermissionsNarrowed } from './historyPermissions';
import { watchHistoryFolder } from './historyWatcher';
import type { HeldVersion } from './writeLedger';

export type { HistoryCheck, SetAsideFile, StoreChange } from './historyFolder';

export interface LoadedStore {
  /** The open conversation with its turns, every other one by its summary. */
  readonly data: ConversationStoreData;
  /** Files on disk that were unreadable: where each was moved and why. */
  readonly setAside: readonly SetAsideFile[];
  /** Why the list was rebuilt from the conversation files (it is a cache: this loses nothing). */
  readonly listRebuilt?: ListProblem;
}

/** The background half of start-up: what the check of the list found, and the permissions narrowed to the owner. */
export interface StartupCheck extends HistoryCheck {
  readonly permissions: PermissionsNarrowed;
}

export interface ConversationStoreOptions {
  /** How long after a summary changed the list file is written (one write for a burst of changes). */
  readonly listDelayMs?: number;
}

/** index.json: the open conversation. An id that breaks the file-name rule makes the file unreadable (set aside). */
const indexSchema = z.object({ version: z.literal(1), activeId: z.optional(z.string().check(z.refine(isConversationId, 'not a conversation id'))) });

interface PendingWrite {
  readonly conversation: Conversation;
  readonly text: string;
  /** What the file held as far as this store knew when the write was asked for: the base of a merge. */
  readonly base: HeldVersion | undefined;
}

export class ConversationStore {
  private readonly indexFile: string;
  private readonly imageDir: string;
  private readonly history: HistoryFolder;
  private readonly listDelayMs: number;
  private pending: Promise<void> = Promise.resolve();
  /** Set by the last, synchronous save: the window is closing and nothing written later may replace it. */
  private closed = false;
  private listTimer: NodeJS.Timeout | undefined;
  /** The open conversation as index.json holds it (null: not read or written yet). */
  private indexedActiveId: string | undefined | null = null;
  /** The conversations the last save (or the load) held, to tell the ones deleted since. */
  private heldIds = new Set<string>();
  /** Told about a conversation that a save merged with another window's version (see watch()). */
  private mergedListener: ((change: StoreChange) => void) | undefined;

  constructor(
    private readonly folder: string,
    options: ConversationStoreOptions = {},
  ) {
    this.indexFile = path.join(folder, 'index.json');
    this.imageDir = path.join(folder, 'images');
    this.history = new HistoryFolder(folder, () => this.scheduleListWrite());
    this.listDelayMs = options.listDelayMs ?? 1000;
  }

  /** The folder of conversation files. */
  get path(): string {
    return this.history.conversationDir;
  }

  conversationFile(id: string): string {
    return this.history.conversationFile(id);
  }

  /** The list and the open conversation (index.json's, or the newest readable one); nothing else is read. */
  async load(): Promise<LoadedStore> {
    const setAside: SetAsideFile[] = [];
    const { list } = this.history;
    const index = await readJsonOrSetAsideAsync(this.indexFile, (value) => indexSchema.parse(value));
    if (index.kind === 'corrupt') setAside.push({ movedTo: index.movedTo, reason: index.reason });
    this.indexedActiveId = index.kind === 'ok' ? index.value.activeId : undefined;
    // The open conversation is read from disk while the list is, so a long list adds only its own parse.
    const wanted = this.indexedActiveId;
    const [problem, first] = await Promise.all([list.read(), wanted === undefined ? undefined : this.history.read(wanted, { started: true })]);
    if (problem !== undefined) await this.history.rebuildList(setAside);
    let active: Conversation | undefined;
    if (first?.kind === 'ok') {
      active = first.conversation;
      list.set(summaryOf(first.conversation), first.stamp); // after the list's own row, which may be older
    } else if (first !== undefined && wanted !== undefined) {
      list.delete(wanted);
      if (first.kind === 'corrupt') setAside.push({ movedTo: first.movedTo, reason: first.reason });
    }
    for (const entry of active === undefined ? list.all() : []) {
      // At start-up an unfinished turn is one a reload or a crash cut off (a window closing marks its own).
      const read = await this.history.read(entry.id, { started: true });
      if (read.kind === 'ok') {
        active = read.conversation;
        break;
      }
      if (read.kind === 'corrupt') setAside.push({ movedTo: read.movedTo, reason: read.reason });
    }
    const unloaded = list.all().filter((entry) => entry.id !== active?.id);
    const data: ConversationStoreData = { version: 1, activeId: active?.id, conversations: active === undefined ? [] : [active], unloaded };
    this.rememberHeld(data);
    // An empty folder has no list to speak of; a history without one was written by an older version.
    const rebuilt = problem === 'missing' && list.size === 0 && setAside.length === 0 ? undefined : problem;
    return { data, setAside, ...(rebuilt === undefined ? {} : { listRebuilt: rebuilt }) };
  }

  /** One conversation with its turns, read from disk (opening it, exporting it, deleting its images). */
  read(id: string): Promise<ReadConversation> {
    return this.history.read(id);
  }

  /**
   * After start-up: every file and folder of the history made readable by its owner only (historyPermissions.ts), then
   * the list compared with the folder, and the files that differ from it read (historyFolder.ts).
   */
  async check(): Promise<StartupCheck> {
    const permissions = await narrowToOwner(this.folder);
    return { ...(await this.history.check()), permissions };
  }

  /** Queues an atomic write of what changed in `data`; resolves when this write (and every earlier one) is on disk. */
  save(data: ConversationStoreData): Promise<void> {
    const changed = this.changedIn(data);
    const removed = this.removedFrom(data);
    const activeId = data.activeId;
    this.pending = this.pending
      .catch(() => undefined)
      .then(async () => {
        await mkdir(this.path, { recursive: true, mode: ownerOnly.folderMode });
        for (const { conversation, text, base } of changed) {
          if (this.closed) return;
          const onDisk = await readText(this.conversationFile(conversation.id)).catch(() => undefined);
          const written = this.mergedWith(conversation, text, base, onDisk);
          await writeFileAtomic(this.conversationFile(conversation.id), written.text, { commit: () => !this.closed, ...ownerOnly });
          if (this.closed) return;
          const stamp = await fileStamp(this.conversationFile(conversation.id));
          if (stamp !== undefined) this.history.list.set(summaryOf(written.conversation), stamp);
        }
        for (const id of removed) await rm(this.conversationFile(id), { force: true });
        if (activeId !== this.indexedActiveId) {
          await writeJsonAtomicAsync(this.indexFile, { version: 1, activeId }, ownerOnly);
          this.indexedActiveId = activeId;
        }
        this.scheduleListWrite();
      });
    return this.pending;
  }

  /** A last write when the extension host is going away and no promise may be awaited. */
  saveSync(data: ConversationStoreData): void {
    // What an asynchronous save still on its way would write is older than this: it no longer replaces any file.
    this.closed = true;
    this.cancelListWrite();
    const changed = this.changedIn(data);
    const removed = this.removedFrom(data);
    mkdirSync(this.path, { recursive: true, mode: ownerOnly.folderMode });
    for (const { conversation, text, base } of changed) {
      const written = this.mergedWith(conversation, text, base, readTextOrUndefined(this.conversationFile(conversation.id)));
      writeFileAtomicSync(this.conversationFile(conversation.id), written.text, ownerOnly);
      this.history.list.set(summaryOf(written.conversation), fileStampSync(this.conversationFile(conversation.id)));
    }
    for (const id of removed) rmSync(this.conversationFile(id), { force: true });
    if (data.activeId !== this.indexedActiveId) writeJsonAtomic(this.indexFile, { version: 1, activeId: data.activeId }, ownerOnly);
    this.indexedActiveId = data.activeId;
    // With the new file stamps, so the next start-up's check reads none of these files again.
    this.history.list.writeSync();
  }

  /** Writes the list now if it changed (tests, and callers that must see it on disk); resolves once written. */
  flush(): Promise<void> {
    this.cancelListWrite();
    this.pending = this.pending.catch(() => undefined).then(() => this.history.list.write());
    return this.pending;
  }

  /** Whether `conversation` is exactly what its file holds as far as this window knows (nothing to save). */
  isSaved(conversation: Conversation): boolean {
    return this.history.ledger.holds(conversation);
  }

  /** The window no longer holds this conversation's turns (it was closed): its version is not kept any more. */
  release(id: string): void {
    this.history.ledger.release(id);
  }

  /**
   * Reports conversation files that another writer (a second VS Code window) changed or deleted, until disposed.
   * The store's own writes are recognised and not reported; a file that does not parse is left for the next read
   * to set aside. A reported change is taken as what this store holds, so it is not written back.
   */
  watch(listener: (change: StoreChange) => void, onError: (error: Error) => void): { dispose(): void } {
    this.mergedListener = listener;
    const watcher = watchHistoryFolder(
      this.path,
      isConversationFile,
      { examine: (file) => this.history.examine(conversationIdOf(file)), examineAll: async () => (await this.history.check()).changes },
      listener,
      onError,
    );
    return {
      dispose: () => {
        if (this.mergedListener === listener) this.mergedListener = undefined;
        watcher.dispose();
      },
    };
  }

  /** The conversations to write: those that are not the version this store last read or wrote (by identity). */
  private changedIn(data: ConversationStoreData): PendingWrite[] {
    const { ledger } = this.history;
    return data.conversations
      .filter((conversation) => !ledger.holds(conversation))
      .map((conversation) => {
        const base = ledger.version(conversation.id);
        const text = `${JSON.stringify(conversation)}\n`;
        // Taken as written at once, so a save queued behind this one does not write it again.
        ledger.wrote(conversation, text);
        return { conversation, text, base };
      });
  }

  /** The conversations the last save held and `data` no longer has: deleted here. */
  private removedFrom(data: ConversationStoreData): string[] {
    const before = this.heldIds;
    this.rememberHeld(data);
    const removed = [...before].filter((id) => !this.heldIds.has(id));
    for (const id of removed) {
      this.history.ledger.forget(id);
      this.history.list.delete(id);
    }
    return removed;
  }

  private rememberHeld(data: ConversationStoreData): void {
    this.heldIds = new Set([...data.conversations.map((c) => c.id), ...(data.unloaded ?? []).map((s) => s.id)]);
  }

  /**
   * What to write for a conversation: ours, or, when another window changed the file since this store last read or
   * wrote it (`base`), ours merged with theirs, so neither window's new turns are lost. The merge is reported.
   */
  private mergedWith(
    conversation: Conversation,
    text: string,
    base: HeldVersion | undefined,
    onDisk: string | undefined,
  ): { conversation: Conversation; text: string } {
    // The usual case, once a second while an answer streams: the file is what this store last wrote (or already
    // ours), told from a hash of its text, without parsing a long conversation on every save.
    if (onDisk === undefined || onDisk === text || this.history.ledger.knows(conversation.id, onDisk, base)) {
      return { conversation, text };
    }
    const merged = mergeWithFile(base?.conversation, conversation, onDisk);
    if (merged === undefined) return { conversation, text };
    const mergedText = `${JSON.stringify(merged)}\n`;
    this.history.ledger.wrote(merged, mergedText);
    this.mergedListener?.({ kind: 'changed', conversation: merged });
    return { conversation: merged, text: mergedText };
  }

  /** The list is written a moment after a summary changed: once for a burst of changes, in turn with the saves. */
  private scheduleListWrite(): void {
    if (!this.history.list.needsWrite || this.listTimer !== undefined) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = undefined;
      this.pending = this.pending.catch(() => undefined).then(() => this.history.list.write());
      void this.pending.catch(() => undefined); // a failed write of the cache is retried with the next change
    }, this.listDelayMs);
    this.listTimer.unref();
  }

  private cancelListWrite(): void {
    clearTimeout(this.listTimer);
    this.listTimer = undefined;
  }

  /** Keeps an image's bytes beside the conversations; returns the file name to record in the turn. */
  async saveImage(mime: string, bytes: Uint8Array): Promise<string> {
    const name = `${randomUUID()}.${imageFileExtension(mime)}`;
    await mkdir(this.imageDir, { recursive: true, mode: ownerOnly.folderMode });
    // A new random name, created exclusively (never through a link planted in the folder), readable by its owner only.
    await writeFile(path.join(this.imageDir, name), bytes, { mode: ownerOnly.mode, flag: 'wx' });
    return name;
  }

  readImage(name: string): Promise<Buffer> {
    return readFile(path.join(this.imageDir, path.basename(name)));
  }

  async deleteImages(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(path.join(this.imageDir, path.basename(name)), { force: true })));
  }
}

function readTextOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
