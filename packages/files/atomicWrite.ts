// Writes a file so that it appears whole or not at all: the bytes go to a temporary file beside the target, which is
// renamed over it once complete. A reader polling for the file (a person, another program, another window) never
// sees it empty or half written; a crash, a kill or a failed write leaves the old file, and a failed write removes
// its temporary file. The temporary file has a random name and is created exclusively (O_CREAT | O_EXCL, which
// never follows a symbolic link): a link planted in the folder cannot make the write land somewhere else, and a name
// already taken fails the write rather than writing into another file. Hand-written rather than write-file-atomic:
// that library hooks process exit through signal-exit, which patches `process.emit` of the process it is loaded in,
// and the extension host is shared with every other extension.
import { randomBytes } from 'node:crypto';
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
  /**
   * The permissions of the file written (before the umask); 0o666 by default, as a plain write. A file only its
   * owner may read (the chat history) says 0o600; it replaces the old file whatever that one's permissions were.
   */
  readonly mode?: number;
  /** The permissions of a folder created for the file (before the umask); 0o777 by default. */
  readonly folderMode?: number;
}

/** Permissions for what only its owner may read: files 0o600, the folders made for them 0o700. */
export const ownerOnly = { mode: 0o600, folderMode: 0o700 } as const satisfies AtomicWriteOptions;

/** Beside the target (a rename never crosses file systems), with 64 random bits no other writer can foresee. */
function temporaryName(file: string): string {
  return `${file}.${randomBytes(8).toString('hex')}.tmp`;
}

/** Created only if nothing (not even a dangling link) has that name; never opened through a link. */
const EXCLUSIVE = 'wx';

export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: options.folderMode });
  const temporary = temporaryName(file);
  // Opened exclusively: a failure to open leaves whatever has that name alone (it is not this write's to remove).
  const handle = await open(temporary, EXCLUSIVE, options.mode);
  try {
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
  mkdirSync(path.dirname(file), { recursive: true, mode: options.folderMode });
  const temporary = temporaryName(file);
  const fd = openSync(temporary, EXCLUSIVE, options.mode);
  try {
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
