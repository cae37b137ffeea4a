// A chat model's answer to a completion prompt, made into the text to insert at the cursor (docs/completions.md,
// "Cleaning"): the code out of fences and prose, without what it repeats of the code before the cursor; one line,
// or a block indented as the document's and cut at its end; without what the code after the cursor already has.
// Nothing (undefined) when what is left is blank.
import type { CompletionMode } from '../../../packages/completions/completionPrompt';
import { codeOfAnswer, fenceClosed } from './answerCode';
import { shapeBlock } from './blockShape';
import { stillEchoing, withoutEchoedPrefix } from './echoedPrefix';
import { detectIndentation, type Indentation } from './indentation';
import { withoutLineOverlap, withoutRepeatedLines } from './suffixOverlap';

export interface CleaningContext {
  /** The code before the cursor (with an IntelliSense item's text as if typed). */
  readonly prefix: string;
  /** The code after the cursor. */
  readonly suffix: string;
  readonly mode: CompletionMode;
  readonly language: string;
  /** The editor's indentation; without it, what the code before the cursor shows. */
  readonly indentation?: Indentation;
}

export function cleanCompletion(raw: string, context: CleaningContext): string | undefined {
  const text = context.mode === 'line' ? cleanLine(raw, context) : cleanBlock(raw, context).text;
  return text.trim() === '' ? undefined : text;
}

/**
 * Whether the answer so far decides the completion, so that the rest need not be streamed: a line once its end has
 * come, a block once its end has, either once the fence around the code has closed.
 */
export function completionDecided(raw: string, context: CleaningContext): boolean {
  if (fenceClosed(raw, context.language)) return true;
  if (context.mode === 'line') {
    const code = codeOfAnswer(raw, context.language);
    return !stillEchoing(code, context.prefix) && withoutEchoedPrefix(code, context.prefix).includes('\n');
  }
  return cleanBlock(raw, context).ended;
}

function cleanLine(raw: string, context: CleaningContext): string {
  const code = withoutEchoedPrefix(codeOfAnswer(raw, context.language), context.prefix);
  const before = context.prefix.slice(context.prefix.lastIndexOf('\n') + 1);
  const after = context.suffix.split('\n', 1)[0] ?? '';
  let line = (code.split('\n', 1)[0] ?? '').trimEnd();
  // The cursor already stands after a space or the line's indentation: the answer's own spaces would double it.
  if (/[ \t]$/.test(before)) line = line.trimStart();
  return withoutLineOverlap(line, before, after);
}

function cleanBlock(raw: string, context: CleaningContext): { text: string; ended: boolean } {
  const code = withoutEchoedPrefix(codeOfAnswer(raw, context.language), context.prefix);
  const indentation = context.indentation ?? detectIndentation(context.prefix);
  const shaped = shapeBlock(code, { prefix: context.prefix, suffix: context.suffix, indentation });
  return { text: withoutRepeatedLines(shaped.text, context.suffix), ended: shaped.ended };
}
