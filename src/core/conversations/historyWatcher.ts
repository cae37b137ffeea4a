// Follows the conversation folder for another window's writes: file events come in bursts (a rename, then a
// change), so each named file is looked at once its events settle; on platforms whose events name no file, the
// whole folder is compared with the list instead (stamps only).
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
  const report = (change: Change | undefined): void => {
    if (change !== undefined && !closed) listener(change);
  };
  const examineSoon = (file: string): void => {
    clearTimeout(timers.get(file));
    const timer = setTimeout(() => {
      timers.delete(file);
      void callbacks.examine(file).then(report, onError);
    }, WATCH_SETTLE_MS);
    timers.set(file, timer);
  };
  const watcher = watch(dir, (_event, name) => {
    if (typeof name === 'string') {
      if (isConversationFile(name)) examineSoon(name);
      return;
    }
    void callbacks.examineAll().then((changes) => changes.forEach(report), onError);
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
