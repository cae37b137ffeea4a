// Atomic JSON persistence for the local service's state files: write to a temporary file in the same folder,
// fsync it, then rename over the target, so a crash or a kill leaves either the old or the new file, never half
// of one. A file that exists but does not parse is moved aside (never silently replaced) and reported.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

export function writeJsonAtomic(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

export type ReadJsonResult<T> =
  | { readonly kind: 'missing' }
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'corrupt'; readonly movedTo: string; readonly reason: string };

/**
 * Reads a JSON state file. `parse` validates the shape (zod's `parse`, say) and throws when it is wrong; a file
 * that fails to parse or validate is renamed to `<file>.corrupt-<timestamp>` and reported to the caller.
 */
export function readJsonOrSetAside<T>(file: string, parse: (value: unknown) => T): ReadJsonResult<T> {
  if (!existsSync(file)) return { kind: 'missing' };
  try {
    return { kind: 'ok', value: parse(JSON.parse(readFileSync(file, 'utf8')) as unknown) };
  } catch (error) {
    const movedTo = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, movedTo);
    return { kind: 'corrupt', movedTo, reason: error instanceof Error ? error.message : String(error) };
  }
}
