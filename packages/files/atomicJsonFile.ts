// Atomic JSON persistence: write a temporary file in the same folder, fsync it, then rename it over the target,
// so a crash, a kill or a window reload leaves either the old or the new file, never half of one. A file that
// exists but does not parse or validate is moved aside (never silently replaced) and reported to the caller.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';

let sequence = 0;
function temporaryName(file: string): string {
  sequence += 1;
  return `${file}.${process.pid}.${Date.now()}.${sequence}.tmp`;
}

export interface AtomicWriteOptions {
  /**
   * fsync before the rename (default): the new contents survive a power loss, not only a crash of the process. A
   * cache that is rebuilt from other files when it is missing or stale can skip it.
   */
  readonly durable?: boolean;
}

export function writeTextAtomic(file: string, text: string, options: AtomicWriteOptions = {}): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = temporaryName(file);
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    if (options.durable !== false) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

export function writeJsonAtomic(file: string, value: unknown): void {
  writeTextAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

export async function writeTextAtomicAsync(file: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = temporaryName(file);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    if (options.durable !== false) await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

export async function writeJsonAtomicAsync(file: string, value: unknown): Promise<void> {
  await writeTextAtomicAsync(file, `${JSON.stringify(value)}\n`);
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
