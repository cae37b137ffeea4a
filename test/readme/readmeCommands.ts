// The commands the README tells a user to run: every line of its shell code blocks (```bash, ```sh, ```shell),
// without the comment after `#`. The README's commands layer of `npm test` runs each of them (readmeRuns.ts), and a
// unit test fails when the README gains a command that layer does not run.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SHELL_FENCE = /^```(bash|sh|shell)\s*$/;

/** The commands of the shell code blocks of `markdown`, in order, each once. */
export function readmeCommands(markdown: string): string[] {
  const commands: string[] = [];
  let inShell = false;
  let inOther = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (!inShell && !inOther && line.startsWith('```')) {
      if (SHELL_FENCE.test(line)) inShell = true;
      else inOther = true;
      continue;
    }
    if ((inShell || inOther) && line.startsWith('```')) {
      inShell = false;
      inOther = false;
      continue;
    }
    if (!inShell) continue;
    // A comment starts at a `#` that begins a word (a URL's fragment or `#` inside a word is not one).
    const command = line.replace(/(^|\s)#.*$/, '').trim();
    if (command !== '' && !commands.includes(command)) commands.push(command);
  }
  return commands;
}

export const repositoryRoot = path.resolve(__dirname, '..', '..');

/** The repository's README.md, read now. */
export function readme(): string {
  return readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
}
