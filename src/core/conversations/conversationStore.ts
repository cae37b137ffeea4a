// Where conversations live on disk: one JSON file per conversation (written atomically, only when it changed),
// an index file with the active conversation, and a folder of image files (the JSON keeps only thumbnails).
// One file per conversation keeps two VS Code windows, which share this folder, from overwriting each other's
// conversations, and confines a corrupt file to one conversation. A file that does not parse is set aside and
// reported, never silently dropped. Saves are serialised, so disk always ends at the latest state. watch() tells
// a window about the conversations another window wrote or deleted, so both show the same history.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { readJsonOrSetAsideAsync, writeJsonAtomic, writeJsonAtomicAsync } from '../../../packages/files/atomicJsonFile';
import { mergeWithFile } from './conversationMerge';
import { conversationSchema, markUnfinishedInterrupted, type Conversation, type ConversationStoreData } from './conversationModel';

export interface SetAsideFile {
  readonly movedTo: string;
  readonly reason: string;
}

export interface LoadedStore {
  readonly data: ConversationStoreData;
  /** Files on disk that were unreadable: where each was moved and why. */
  readonly setAside: readonly SetAsideFile[];
}

const indexSchema = z.object({ version: z.literal(1), activeId: z.string().optional() });

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

const CONVERSATION_FILE = /^[A-Za-z0-9-]{1,100}\.json$/;

/** A conversation file changed by someone else: another window sharing the folder. */
export type StoreChange = { readonly kind: 'changed'; readonly conversation: Conversation } | { readonly kind: 'removed'; readonly id: string };

/** File events come in bursts (a rename, then a change); one look at the file once they settle. */
const WATCH_SETTLE_MS = 50;
/** How many of its own recent writes the store remembers per conversation, to tell them from other windows'. */
const OWN_WRITES_KEPT = 16;

export class ConversationStore {
  private readonly indexFile: string;
  private readonly conversationDir: string;
  private readonly imageDir: string;
  private pending: Promise<void> = Promise.resolve();
  /** What each conversation file holds now, to write only conversations that changed. */
  private readonly written = new Map<string, string>();
  /** The latest contents this store wrote per conversation: an event showing one of them is an echo of our own. */
  private readonly ownWrites = new Map<string, string[]>();
  /** Told about a conversation that a save merged with another window's version (see watch()). */
  private mergedListener: ((change: StoreChange) => void) | undefined;

  constructor(folder: string) {
    this.indexFile = path.join(folder, 'index.json');
    this.conversationDir = path.join(folder, 'conversations');
    this.imageDir = path.join(folder, 'images');
  }

  /** The folder of conversation files. */
  get path(): string {
    return this.conversationDir;
  }

  conversationFile(id: string): string {
    return path.join(this.conversationDir, `${id}.json`);
  }

  async load(): Promise<LoadedStore> {
    const setAside: SetAsideFile[] = [];
    const index = await readJsonOrSetAsideAsync(this.indexFile, (value) => indexSchema.parse(value));
    if (index.kind === 'corrupt') setAside.push({ movedTo: index.movedTo, reason: index.reason });
    const names = await readdir(this.conversationDir).catch(() => [] as string[]);
    const conversations: Conversation[] = [];
    for (const name of names.filter((n) => CONVERSATION_FILE.test(n))) {
      const result = await readJsonOrSetAsideAsync(path.join(this.conversationDir, name), (value) => conversationSchema.parse(value));
      if (result.kind === 'ok') {
        conversations.push(result.value);
        this.written.set(result.value.id, JSON.stringify(result.value));
      } else if (result.kind === 'corrupt') {
        setAside.push({ movedTo: result.movedTo, reason: result.reason });
      }
    }
    conversations.sort((a, b) => b.updatedAt - a.updatedAt);
    const data = { version: 1 as const, activeId: index.kind === 'ok' ? index.value.activeId : undefined, conversations };
    return { data: markUnfinishedInterrupted(data), setAside };
  }

  /** Queues an atomic write of what changed in `data`; resolves when this write (and every earlier one) is on disk. */
  save(data: ConversationStoreData): Promise<void> {
    const changes = this.changesOf(data);
    this.pending = this.pending
      .catch(() => undefined)
      .then(async () => {
        await mkdir(this.conversationDir, { recursive: true });
        for (const [id, json, base] of changes.write) await writeJsonAtomicAsync(this.conversationFile(id), await this.mergedWithDisk(id, json, base));
        for (const id of changes.remove) await rm(this.conversationFile(id), { force: true });
        await writeJsonAtomicAsync(this.indexFile, { version: 1, activeId: data.activeId });
      });
    return this.pending;
  }

  /** A last write when the extension host is going away and no promise may be awaited. */
  saveSync(data: ConversationStoreData): void {
    const changes = this.changesOf(data);
    mkdirSync(this.conversationDir, { recursive: true });
    for (const [id, json, base] of changes.write)
      writeJsonAtomic(this.conversationFile(id), this.mergedWith(id, json, base, readTextOrUndefined(this.conversationFile(id))));
    for (const id of changes.remove) rmSync(this.conversationFile(id), { force: true });
    writeJsonAtomic(this.indexFile, { version: 1, activeId: data.activeId });
  }

  /**
   * What to write for a conversation: ours, or, when another window changed the file since this store last read or
   * wrote it (`base`), ours merged with theirs, so neither window's new turns are lost. The merge is reported.
   */
  private async mergedWithDisk(id: string, json: string, base: string | undefined): Promise<unknown> {
    return this.mergedWith(id, json, base, await readFile(this.conversationFile(id), 'utf8').catch(() => undefined));
  }

  private mergedWith(id: string, json: string, base: string | undefined, onDisk: string | undefined): unknown {
    // The usual case, once a second while an answer streams: the file is what this store last wrote (or already
    // ours). Told from the text alone, without parsing three copies of a long conversation on every save.
    const text = onDisk?.trimEnd();
    if (text === undefined || text === base || text === json) return JSON.parse(json);
    const ours = conversationSchema.parse(JSON.parse(json));
    const merged = mergeWithFile(base === undefined ? undefined : conversationSchema.parse(JSON.parse(base)), ours, onDisk);
    // Unmerged, the file holds exactly `json` (not the schema's re-ordering of it), so watch() knows it as our echo.
    if (merged === undefined) return JSON.parse(json);
    const mergedJson = JSON.stringify(merged);
    this.written.set(id, mergedJson);
    this.ownWrites.set(id, [...(this.ownWrites.get(id) ?? []), mergedJson].slice(-OWN_WRITES_KEPT));
    this.mergedListener?.({ kind: 'changed', conversation: merged });
    return merged;
  }

  private changesOf(data: ConversationStoreData): { write: [string, string, string | undefined][]; remove: string[] } {
    const write: [string, string, string | undefined][] = [];
    const present = new Set<string>();
    for (const conversation of data.conversations) {
      present.add(conversation.id);
      const json = JSON.stringify(conversation);
      const base = this.written.get(conversation.id);
      if (base !== json) {
        write.push([conversation.id, json, base]);
        this.written.set(conversation.id, json);
        this.ownWrites.set(conversation.id, [...(this.ownWrites.get(conversation.id) ?? []), json].slice(-OWN_WRITES_KEPT));
      }
    }
    const remove = [...this.written.keys()].filter((id) => !present.has(id));
    for (const id of remove) {
      this.written.delete(id);
      this.ownWrites.delete(id);
    }
    return { write, remove };
  }

  /**
   * Reports conversation files that another writer (a second VS Code window) changed or deleted, until disposed.
   * The store's own writes are recognised and not reported; a file that does not parse is left for the next load
   * to set aside. A reported change is taken as what this store holds, so it is not written back.
   */
  watch(listener: (change: StoreChange) => void, onError: (error: Error) => void): { dispose(): void } {
    mkdirSync(this.conversationDir, { recursive: true });
    const timers = new Map<string, NodeJS.Timeout>();
    let closed = false;
    this.mergedListener = listener;
    const examineSoon = (file: string): void => {
      clearTimeout(timers.get(file));
      const timer = setTimeout(() => {
        timers.delete(file);
        void this.examine(file).then((change) => {
          if (change !== undefined && !closed) listener(change);
        }, onError);
      }, WATCH_SETTLE_MS);
      timers.set(file, timer);
    };
    const watcher = watch(this.conversationDir, (_event, name) => {
      if (typeof name === 'string') {
        if (CONVERSATION_FILE.test(name)) examineSoon(name);
        return;
      }
      // Some platforms do not name the file: look at every conversation, known or on disk.
      const known = [...this.written.keys()].map((id) => `${id}.json`);
      for (const file of new Set([...known, ...this.listConversationFiles()])) examineSoon(file);
    });
    watcher.on('error', onError);
    return {
      dispose: () => {
        closed = true;
        if (this.mergedListener === listener) this.mergedListener = undefined;
        watcher.close();
        for (const timer of timers.values()) clearTimeout(timer);
      },
    };
  }

  private async examine(file: string): Promise<StoreChange | undefined> {
    const id = file.slice(0, -'.json'.length);
    let text: string;
    try {
      text = await readFile(path.join(this.conversationDir, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !this.written.has(id)) return undefined;
      this.written.delete(id);
      this.ownWrites.delete(id);
      return { kind: 'removed', id };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (this.ownWrites.get(id)?.includes(JSON.stringify(raw)) === true) return undefined;
    const parsed = conversationSchema.safeParse(raw);
    if (!parsed.success || parsed.data.id !== id) return undefined;
    const json = JSON.stringify(parsed.data);
    if (this.written.get(id) === json) return undefined;
    this.written.set(id, json);
    return { kind: 'changed', conversation: parsed.data };
  }

  /** Keeps an image's bytes beside the conversations; returns the file name to record in the turn. */
  async saveImage(mime: string, bytes: Uint8Array): Promise<string> {
    const name = `${randomUUID()}.${EXTENSIONS[mime] ?? 'bin'}`;
    await mkdir(this.imageDir, { recursive: true });
    await writeFile(path.join(this.imageDir, name), bytes);
    return name;
  }

  readImage(name: string): Promise<Buffer> {
    return readFile(path.join(this.imageDir, path.basename(name)));
  }

  async deleteImages(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => rm(path.join(this.imageDir, path.basename(name)), { force: true })));
  }

  /** Files in the conversation folder, for tests and diagnostics. */
  listConversationFiles(): string[] {
    try {
      return readdirSync(this.conversationDir).filter((n) => CONVERSATION_FILE.test(n));
    } catch {
      return [];
    }
  }
}

function readTextOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
