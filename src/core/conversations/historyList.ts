// The history's list (`list.json` beside the conversation files): every conversation's summary, with the size and
// modification time its file had when the summary was taken. Start-up reads this list, not the history; a check in
// the background then compares it with the folder (names and stat only) and re-reads just the files that differ:
// written by another window, by a version of the extension that kept no list, or by hand. The list is a cache of the
// files: missing, unreadable or of another version, it is rebuilt from them, and nothing is ever lost with it. So
// it is written without fsync, and only when a summary changes (a question asked, a rename, a deletion), never for
// the saves of a streaming answer, whose new file stamps go to disk with the next write or as the window closes.
import path from 'node:path';
import * as z from '../../shared/zod';
import { ownerOnly, writeFileAtomic, writeFileAtomicSync } from '../../../packages/files/atomicWrite';
import { readText, type FileStamp } from './conversationFile';
import { isConversationId, sameSummary, type ConversationSummary } from './conversationModel';

export type ListEntry = ConversationSummary & FileStamp;

/**
 * On disk each conversation is one row of fields in this order (named in the file's `fields`): a third of the size
 * of keyed objects, and a third of the time to parse, which start-up pays for every conversation.
 */
const FIELDS = ['id', 'title', 'model', 'updatedAt', 'turnCount', 'size', 'mtimeMs'] as const;
type Row = [id: string, title: string, model: string, updatedAt: number, turnCount: number, size: number, mtimeMs: number];

const listFileSchema = z.object({
  version: z.literal(1),
  fields: z.array(z.string()).check(z.refine((fields) => fields.length === FIELDS.length && fields.every((field, i) => field === FIELDS[i]))),
  conversations: z.array(z.unknown()),
});

/**
 * A row's shape, checked by hand where zod checks the file around it: zod, jitless as the extension host needs it
 * (src/shared/zod.ts), interprets a tuple schema for each row, and at a window's start (cold code) that
 * costs more than the whole rest of the start for a long history (bench/history.bench.ts). The list is this
 * extension's own cache of the zod-validated conversation files: a row that fails (an id that breaks the file-name
 * rule among them) makes the list unreadable, and it is rebuilt from those files.
 */
function isRow(row: unknown): row is Row {
  return (
    Array.isArray(row) &&
    row.length === FIELDS.length &&
    typeof row[0] === 'string' &&
    isConversationId(row[0]) &&
    typeof row[1] === 'string' &&
    typeof row[2] === 'string' &&
    Number.isFinite(row[3]) &&
    Number.isInteger(row[4]) &&
    (row[4] as number) >= 0 &&
    Number.isInteger(row[5]) &&
    (row[5] as number) >= 0 &&
    Number.isFinite(row[6])
  );
}

/** Why the list could not be used as it is on disk. */
export type ListProblem = 'missing' | 'unreadable';

export class HistoryList {
  private readonly file: string;
  private readonly entries = new Map<string, ListEntry>();
  /** The entries newest change first, kept until one changes. */
  private sorted: readonly ListEntry[] | undefined;
  /** A summary or the set of conversations changed since the last write: worth writing soon. */
  private changed = false;
  /** Only file stamps changed: written with the next write, or as the window closes. */
  private stampsChanged = false;

  constructor(folder: string) {
    this.file = path.join(folder, 'list.json');
  }

  /** Reads the list file; on a problem the list is empty and the caller rebuilds it from the files. */
  async read(): Promise<ListProblem | undefined> {
    this.entries.clear();
    this.sorted = undefined;
    let text: string;
    try {
      text = await readText(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
    let parsed;
    try {
      parsed = listFileSchema.safeParse(JSON.parse(text));
    } catch {
      return 'unreadable';
    }
    if (!parsed.success) return 'unreadable';
    const rows = parsed.data.conversations;
    if (!rows.every(isRow)) return 'unreadable';
    for (const [id, title, model, updatedAt, turnCount, size, mtimeMs] of rows) this.entries.set(id, { id, title, model, updatedAt, turnCount, size, mtimeMs });
    // The list is now the file's, whatever was set while the file was read: nothing is left to write.
    this.changed = false;
    this.stampsChanged = false;
    return undefined;
  }

  get(id: string): ListEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Every entry, newest change first. */
  all(): readonly ListEntry[] {
    this.sorted ??= [...this.entries.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    return this.sorted;
  }

  get size(): number {
    return this.entries.size;
  }

  set(summary: ConversationSummary, stamp: FileStamp): void {
    const before = this.entries.get(summary.id);
    const { id, title, model, updatedAt, turnCount } = summary;
    this.entries.set(id, { id, title, model, updatedAt, turnCount, size: stamp.size, mtimeMs: stamp.mtimeMs });
    this.sorted = undefined;
    if (!sameSummary(before, summary)) this.changed = true;
    else if (before?.size !== stamp.size || before.mtimeMs !== stamp.mtimeMs) this.stampsChanged = true;
  }

  delete(id: string): void {
    if (!this.entries.delete(id)) return;
    this.changed = true;
    this.sorted = undefined;
  }

  /** Whether a summary changed since the last write (the list should be written soon). */
  get needsWrite(): boolean {
    return this.changed;
  }

  async write(): Promise<void> {
    if (!this.changed && !this.stampsChanged) return;
    const flags = [this.changed, this.stampsChanged] as const;
    try {
      await writeFileAtomic(this.file, this.text(), { durable: false, ...ownerOnly });
    } catch (error) {
      [this.changed, this.stampsChanged] = [this.changed || flags[0], this.stampsChanged || flags[1]];
      throw error;
    }
  }

  /** The last write, as the window closes (nothing may be awaited then). */
  writeSync(): void {
    if (!this.changed && !this.stampsChanged) return;
    writeFileAtomicSync(this.file, this.text(), { durable: false, ...ownerOnly });
  }

  private text(): string {
    this.changed = false;
    this.stampsChanged = false;
    const rows = this.all().map((e) => [e.id, e.title, e.model, e.updatedAt, e.turnCount, e.size, e.mtimeMs]);
    return `${JSON.stringify({ version: 1, fields: FIELDS, conversations: rows })}\n`;
  }
}
