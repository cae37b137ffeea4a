// Where conversations live on disk: one JSON file written atomically on every turn change, and a folder of image
// files (the JSON keeps only thumbnails). Saves are serialised, so the file always holds the latest state. A
// store that does not parse is set aside and reported, never silently dropped.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readJsonOrSetAsideAsync, writeJsonAtomic, writeJsonAtomicAsync } from '../atomicJsonFile';
import { conversationStoreSchema, markUnfinishedInterrupted, type ConversationStoreData } from './conversationModel';

export interface LoadedStore {
  readonly data: ConversationStoreData;
  /** Set when the file on disk was unreadable: where it was moved and why. */
  readonly setAside?: { readonly movedTo: string; readonly reason: string };
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

export class ConversationStore {
  private readonly file: string;
  private readonly imageDir: string;
  private pending: Promise<void> = Promise.resolve();

  constructor(folder: string) {
    this.file = path.join(folder, 'conversations.json');
    this.imageDir = path.join(folder, 'images');
  }

  get path(): string {
    return this.file;
  }

  async load(): Promise<LoadedStore> {
    const result = await readJsonOrSetAsideAsync(this.file, (value) => conversationStoreSchema.parse(value));
    switch (result.kind) {
      case 'missing':
        return { data: { version: 1, conversations: [] } };
      case 'ok':
        return { data: markUnfinishedInterrupted(result.value) };
      case 'corrupt':
        return { data: { version: 1, conversations: [] }, setAside: { movedTo: result.movedTo, reason: result.reason } };
    }
  }

  /** Queues an atomic write of `data`; resolves when this write (and every earlier one) is on disk. */
  save(data: ConversationStoreData): Promise<void> {
    const snapshot = JSON.parse(JSON.stringify(data)) as ConversationStoreData;
    this.pending = this.pending.catch(() => undefined).then(() => writeJsonAtomicAsync(this.file, snapshot));
    return this.pending;
  }

  /** A last write when the extension host is going away and no promise may be awaited. */
  saveSync(data: ConversationStoreData): void {
    writeJsonAtomic(this.file, data);
  }

  /** Keeps an image's bytes next to the store; returns the file name to record in the turn. */
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
}
