// Writes a file the user will open (saved audio, say) so that it appears whole or not at all: the bytes go to a
// temporary file beside the target, which is renamed over it once complete. A reader polling for the file (a
// person, another program, a test) never sees it empty or half written, and a failed write leaves the old file.
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

let sequence = 0;

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  sequence += 1;
  const temporary = `${file}.${process.pid}.${sequence}.part`;
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
