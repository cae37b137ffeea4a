// JSON files written atomically (atomicWrite.ts): a crash, a kill or a window reload leaves either the old or the new
// file, never half of one. A file that exists but does not parse or validate is moved aside (never silently
// replaced) and reported to the caller.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import { writeFileAtomic, writeFileAtomicSync, type AtomicWriteOptions } from './atomicWrite';

export function writeJsonAtomic(file: string, value: unknown, options: Pick<AtomicWriteOptions, 'mode' | 'folderMode'> = {}): void {
  writeFileAtomicSync(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

export async function writeJsonAtomicAsync(file: string, value: unknown, options: Pick<AtomicWriteOptions, 'mode' | 'folderMode'> = {}): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(value)}\n`, options);
}

export type ReadJsonResult<T> =
  { readonly kind: 'missing' } | { readonly kind: 'ok'; readonly value: T } | { readonly kind: 'corrupt'; readonly movedTo: string; readonly reason: string };

/** Where an unreadable file is moved to: beside it, named with the time. */
export function corruptName(file: string): string {
  return `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/** Reads a JSON file; `parse` validates the shape (zod's `parse`) and throws when it is wrong. */
export function readJsonOrSetAside<T>(file: string, parse: (value: unknown) => T): ReadJsonResult<T> {
  if (!existsSync(file)) return { kind: 'missing' };
  try {
    return { kind: 'ok', value: parse(JSON.parse(readFileSync(file, 'utf8')) as unknown) };
  } catch (error) {
    const movedTo = corruptName(file);
    renameSync(file, movedTo);
    return { kind: 'corrupt', movedTo, reason: error instanceof Error ? error.message : String(error) };
  }
}

export async function readJsonOrSetAsideAsync<T>(file: string, parse: (value: unknown) => T): Promise<ReadJsonResult<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    return { kind: 'ok', value: parse(JSON.parse(text) as unknown) };
  } catch (error) {
    const movedTo = corruptName(file);
    await rename(file, movedTo);
    return { kind: 'corrupt', movedTo, reason: error instanceof Error ? error.message : String(error) };
  }
}
