// The chat history readable by its owner only: every file in the history folder 0600, every folder 0700. New files
// and folders are made so (conversationStore.ts, ownerOnly); what an earlier version wrote keeps 0644 and 0755 until
// this pass takes group and other permissions off. It runs in the background of each start-up, with the check of the
// list against the folder, and yields between slices of entries, so a long history never holds the extension host for
// long. Links are never followed: a link in the folder is left as it is, and a file is changed through a descriptor
// opened without following links, so nothing outside the folder changes. Windows has no such permissions.
import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';

/** What the pass changed, and what it could not change (a file of another user, say). */
export interface PermissionsNarrowed {
  readonly files: number;
  readonly folders: number;
  readonly failed: readonly string[];
}

/** Entries looked at between two yields. */
const SLICE = 64;
const GROUP_AND_OTHER = 0o077;
const OWNER = 0o700;

/** Takes group and other permissions off the folder and everything under it; what was already so is left alone. */
export async function narrowToOwner(folder: string): Promise<PermissionsNarrowed> {
  const narrowed = { files: 0, folders: 0, failed: [] as string[] };
  if (process.platform === 'win32') return narrowed;
  const folders = [folder];
  let looked = 0;
  for (let at = 0; at < folders.length; at++) {
    const dir = folders[at] ?? folder;
    const kind = await narrow(dir, narrowed);
    if (kind !== 'folder') continue;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const item = path.join(dir, entry.name);
      if (entry.isDirectory()) folders.push(item);
      else if (entry.isFile()) await narrow(item, narrowed);
      looked += 1;
      if (looked % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return narrowed;
}

/** Narrows one file or folder (not a link, not anything else); says which it was. */
async function narrow(item: string, narrowed: { files: number; folders: number; failed: string[] }): Promise<'file' | 'folder' | 'other'> {
  const stats = await lstat(item).catch(() => undefined);
  const kind = stats?.isDirectory() === true ? 'folder' : stats?.isFile() === true ? 'file' : 'other';
  if (stats === undefined || kind === 'other' || (stats.mode & GROUP_AND_OTHER) === 0) return kind;
  // O_NOFOLLOW: a link put in its place since lstat fails to open; O_NONBLOCK: nor does opening it wait on a FIFO.
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | (kind === 'folder' ? constants.O_DIRECTORY : 0);
  try {
    const handle = await open(item, flags);
    try {
      await handle.chmod(stats.mode & OWNER);
    } finally {
      await handle.close();
    }
    if (kind === 'folder') narrowed.folders += 1;
    else narrowed.files += 1;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') narrowed.failed.push(item);
  }
  return kind;
}
