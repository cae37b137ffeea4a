// Follows the conversation folder for another window's writes: file events come in bursts (a rename, then a
// change), so each named file is looked at once its events settle; on platforms whose events name no file, the
// whole folder is compared with the list instead (stamps only). One look at a time, in the order the files settled:
// changes are reported in that order, and a report says every file that settled before it has been looked at.
import { mkdirSync, watch } from 'node:fs';

/** File events come in bursts (a rename, then a change); one look at the file once they settle. */
const WATCH_SETTLE_MS = 50;

export interface HistoryWatcherCallbacks<Change> {
  /** What the named conversation file holds now, when it is news to this window. */
  examine(file: string): Promise<Change | undefined>;
  /** Every change in the folder, when the platform does not say which file changed. */
  examineAll(): Promise<readonly Change[]>;
}

export function watchHistoryFolder<Change>(
  dir: string,
  isConversationFile: (name: string) => boolean,
  callbacks: HistoryWatcherCallbacks<Change>,
  listener: (change: Change) => void,
  onError: (error: Error) => void,
): { dispose(): void } {
  mkdirSync(dir, { recursive: true });
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  let looks: Promise<void> = Promise.resolve();
  const report = (change: Change | undefined): void => {
    if (change !== undefined && !closed) listener(change);
  };
  /** Queues a look after the ones before it; a failed look is reported and the next one goes on. */
  const inTurn = (look: () => Promise<void>): void => {
    looks = looks.then(() => (closed ? undefined : look().catch(onError)));
  };
  const examineSoon = (file: string): void => {
    clearTimeout(timers.get(file));
    const timer = setTimeout(() => {
      timers.delete(file);
      inTurn(async () => report(await callbacks.examine(file)));
    }, WATCH_SETTLE_MS);
    timers.set(file, timer);
  };
  const watcher = watch(dir, (_event, name) => {
    if (typeof name === 'string') {
      if (isConversationFile(name)) examineSoon(name);
      return;
    }
    inTurn(async () => (await callbacks.examineAll()).forEach(report));
  });
  watcher.on('error', onError);
  return {
    dispose: () => {
      closed = true;
      watcher.close();
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
