// The local service's answer to a completion prompt (packages/completions/completionPrompt.ts): code drawn from the
// prompt's own code, deterministic, shaped as a chat model answers. Documented in service/README.md ("Completer").
// - A block (an empty line after an opener): its body and closing line (blockBody.ts).
// - A line: the next lines of a run of similar lines above (linePattern.ts), the first completed from what is typed,
//   the others after it as a model runs on; else the rest of an earlier line that starts as the cursor's line does,
//   or that it repeats with other names;
//   else what is open on the line closed (an empty call given the nearest variable or parameter), and the statement
//   ended as the file ends its statements; else nothing.
import type { CompletionPrompt } from '../../../../packages/completions/completionPrompt';
import { restOfAnalogousLine } from './analogousLine';
import { blockBody } from './blockBody';
import { codeLanguage, endOf } from './codeLanguage';
import { openAtEnd } from './codeScan';
import { continuePattern } from './linePattern';

/** Lines a line completion continues a run by: the first completes the cursor's line, the others run on past it. */
const PATTERN_LINES = 3;
/** The shortest start of a line that is looked for among the earlier lines. */
const MIN_REPEATED_START = 3;
const CONTROL = /^(?:if|for|while|switch|catch|elif|else|with)\b/;

export function completeCode(prompt: CompletionPrompt): string {
  if (prompt.mode === 'block') return blockBody(prompt.prefix, prompt.suffix, prompt.language) ?? completeLine(prompt);
  return completeLine(prompt);
}

function completeLine(prompt: CompletionPrompt): string {
  const lines = prompt.prefix.split('\n');
  const pattern = continuePattern(lines, `${prompt.prefix}\n${prompt.suffix}`, PATTERN_LINES);
  if (pattern !== undefined) return pattern.join('\n');
  return restOfEarlierLine(lines) ?? closeWhatIsOpen(prompt, lines) ?? '';
}

/**
 * The rest of the nearest earlier line that starts with what the cursor's line has (the same call, the same key),
 * else of one that the cursor's line repeats with other names (analogousLine.ts), else of one that holds the word the
 * cursor's line ends with (`items.` → `reduce(…)` as written before).
 */
function restOfEarlierLine(lines: readonly string[]): string | undefined {
  const typed = (lines[lines.length - 1] ?? '').trimStart();
  if (typed.length < MIN_REPEATED_START) return undefined;
  const earlier = lines.slice(0, -1).reverse();
  for (const line of earlier) {
    const code = line.trim();
    if (code.startsWith(typed) && code.length > typed.length) return code.slice(typed.length);
  }
  const analogous = restOfAnalogousLine(lines);
  if (analogous !== undefined) return analogous;
  const word = /[A-Za-z_$][\w$]*\.?$/.exec(typed)?.[0];
  if (word === undefined || word.length < MIN_REPEATED_START) return undefined;
  for (const line of earlier) {
    const code = line.trimEnd();
    const at = code.search(new RegExp(`(?<![\\w$])${word.replace(/[$.]/g, '\\$&')}`));
    if (at >= 0 && at + word.length < code.length) return code.slice(at + word.length);
  }
  return undefined;
}

function closeWhatIsOpen(prompt: CompletionPrompt, lines: readonly string[]): string | undefined {
  const language = codeLanguage(prompt.language, prompt.prefix);
  const current = lines[lines.length - 1] ?? '';
  const open = openAtEnd(current, language.indentBlocks);
  if (open.quote === undefined && open.closers.length === 0) return undefined;
  const rest = (prompt.suffix.split('\n', 1)[0] ?? '').trimStart();
  const argument = /\($/.test(current) && open.quote === undefined ? nearestName(prompt.prefix) : '';
  const wanted = `${open.quote ?? ''}${open.closers.join('')}`;
  // What the rest of the line already closes is not written again.
  let shared = 0;
  while (shared < wanted.length && rest[shared] === wanted[shared]) shared++;
  const closers = wanted.slice(shared);
  // A call or a list ends its statement; a condition (`if (x`) or an object literal does not.
  const statementEnds = open.closers.every((closer) => closer === ')' || closer === ']') && !CONTROL.test(current.trim());
  const end = statementEnds && rest === '' ? endOf(language) : '';
  const text = `${argument}${closers}${end}`;
  return text === '' ? undefined : text;
}

/** The variable or parameter declared last before the cursor, for an empty call. */
function nearestName(prefix: string): string {
  const declared = [...prefix.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)|\bfunction\s*[\w$]*\s*\(([^)]*)\)|^\s*([A-Za-z_]\w*)\s*=[^=]/gm)];
  const last = declared[declared.length - 1];
  if (last === undefined) return '';
  const params = last[2]?.split(',').map((p) => p.trim().split(/[:=\s]/)[0] ?? '') ?? [];
  return last[1] ?? last[3] ?? params.find((p) => /^[A-Za-z_$]/.test(p)) ?? '';
}
