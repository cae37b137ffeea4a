// Reads the extension-host logs of a code-server run for what a user would see there from this extension: entries
// at error level whose text or stack names the extension (its install folder or its id).
import { readFileSync } from 'node:fs';

const entryStart = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \[(\w+)\]/;

export interface LogEntry {
  readonly level: string;
  /** The entry's lines: its first and any that follow it before the next entry (a stack, a multi-line message). */
  readonly text: string;
}

/** Splits a VS Code log into its entries. */
export function logEntries(log: string): LogEntry[] {
  const entries: { level: string; lines: string[] }[] = [];
  for (const line of log.split('\n')) {
    const start = entryStart.exec(line);
    if (start !== null) entries.push({ level: start[1] ?? '', lines: [line] });
    else entries[entries.length - 1]?.lines.push(line);
  }
  return entries.map((entry) => ({ level: entry.level, text: entry.lines.join('\n').trimEnd() }));
}

/**
 * The error entries of these log files that name the extension: its id (`publisher.name`, as in its install folder
 * and VS Code's own messages) or any other marker given (the folder a development copy runs from).
 */
export function extensionErrors(logFiles: readonly string[], extensionId: string, ...markers: string[]): string[] {
  const names = [extensionId, ...markers].map((name) => name.toLowerCase());
  return logFiles.flatMap((file) =>
    logEntries(readFileSync(file, 'utf8'))
      .filter((entry) => entry.level === 'error' && names.some((name) => entry.text.toLowerCase().includes(name)))
      .map((entry) => entry.text),
  );
}
