// Writes a file so that it appears whole or not at all: the bytes go to a temporary file beside the target, which is
// renamed over it once complete. A reader polling for the file (a person, another program, another window) never
// sees it empty or half written; a crash, a kill or a failed write leaves the old file, and a failed write removes
// its temporary file. Hand-written rather than write-file-atomic: that library hooks process exit through
// signal-exit, which patches `process.emit` of the process it is loaded in, and the extension host is shared with
// every other extension.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface AtomicWriteOptions {
  /**
   * fsync before the rename (default): the new contents survive a power loss, not only a crash of the process. A
   * cache that is rebuilt from other files when it is missing or stale can skip it.
   */
  readonly durable?: boolean;
  /**
   * Asked just before the rename (asynchronous writes only): false leaves the file as it is and removes the temporary
   * file. A later synchronous write (a window closing writes its last state at once) has the last word that way,
   * whatever asynchronous write was still on its way.
   */
  readonly commit?: () => boolean;
}

let sequence = 0;
/** Beside the target (a rename never crosses file systems), unique within the process and across processes. */
function temporaryName(file: string): string {
  sequence += 1;
  return `${file}.${process.pid}.${Date.now()}.${sequence}.tmp`;
}

export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = temporaryName(file);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.commit?.() === false) {
      await rm(temporary, { force: true });
      return;
    }
    await rename(temporary, file);
  } catch (error) {
    // The write's own error is the one to report, whatever the clean-up meets.
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

export function writeFileAtomicSync(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = temporaryName(file);
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeFileSync(fd, data);
      if (options.durable !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
}

/** Removes a temporary file after a failed write; the write's own error is the one to report. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing more to do: the caller rethrows the write's error.
  }
}
