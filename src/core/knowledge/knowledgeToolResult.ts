// What the knowledge-base tool returns for a model to read: the answer with its citation marks written `[n]`, then a
// Sources list naming the document of each mark, cut to the caller's token budget (tokenizationOptions) with the
// Sources list kept whole as long as it fits; and the citations as data for the surfaces that turn them into
// references (@maas).
import * as z from '../../shared/zod';
import { storedReferenceSchema, type StoredReference } from '../answerRecords/answerRecords';
import { findCitationMarks } from './citationMarks';

/** The mime type of the tool's citations data part (JSON: `{ citations: StoredReference[] }`). */
export const CITATIONS_MIME = 'application/vnd.maas.citations+json';

const TITLE_CHARS = 200;

/** The text with every citation mark (`^[1]^`, `【1】`, …; not in code) written `[n]`, a space before it. */
export function plainCitations(text: string): string {
  let out = '';
  let at = 0;
  for (const mark of findCitationMarks(text)) {
    out += text.slice(at, mark.start);
    out += `${/\s/.test(out.at(-1) ?? '') ? '' : ' '}[${mark.number}]`;
    at = mark.end;
  }
  return (out + text.slice(at)).trim();
}

/** The words the result uses, in the user's language (the vscode layer's). */
export interface ResultWords {
  /** The Sources heading, without its colon. */
  readonly sources: string;
  /** A passage's title when the service gave none. */
  readonly untitled: (index: number) => string;
  /** What ends an answer cut to the budget. */
  readonly cut: string;
  /** A cited passage when the service did not name it: "a passage of the knowledge base …". */
  readonly passageOf: string;
}

/**
 * `Sources:` and one line `- [n] Title` per passage (a Markdown list, which models and VS Code read alike), in the order
 * of their numbers, each number once. The service names the passages only when it sends a references array (not every
 * deployment does, docs/wire.md); without one, each mark of the answer is listed as a passage of the knowledge bases
 * searched (`words.passageOf`).
 */
export function sourcesList(references: readonly StoredReference[], answer: string, words: ResultWords): string {
  const entries =
    references.length > 0
      ? references.map((reference) => ({ index: reference.index, title: (reference.title ?? '').replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS) }))
      : findCitationMarks(answer).map((mark) => ({ index: mark.number, title: words.passageOf }));
  const seen = new Set<number>();
  const lines: string[] = [];
  for (const entry of [...entries].sort((a, b) => a.index - b.index)) {
    if (seen.has(entry.index)) continue;
    seen.add(entry.index);
    lines.push(`- [${entry.index}] ${entry.title === '' ? words.untitled(entry.index) : entry.title}`);
  }
  return lines.length === 0 ? '' : `${words.sources}:\n${lines.join('\n')}`;
}

/** Counts the tokens of a text as the caller's model does (tokenizationOptions.countTokens, or a local count). */
export type TokenCounter = (text: string) => Promise<number>;

function joined(answer: string, sources: string): string {
  return sources === '' ? answer : `${answer}\n\n${sources}`;
}

/** The longest prefix of `text` (cut at a space or line end when there is one) for which `fits` holds. */
async function longestPrefix(text: string, fits: (prefix: string) => Promise<boolean>): Promise<string> {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (await fits(text.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  const prefix = text.slice(0, low);
  if (low === text.length) return prefix;
  const space = prefix.search(/\s\S*$/);
  return space > 0 ? prefix.slice(0, space) : prefix;
}

/**
 * The answer and its Sources list within `budget` tokens (no budget: whole). Over budget, the answer is cut at a word
 * and ends with `words.cut`; the Sources list stays whole while it fits beside that, else it is cut too.
 */
export async function fitToBudget(answer: string, sources: string, budget: number | undefined, count: TokenCounter, words: ResultWords): Promise<string> {
  const whole = joined(answer, sources);
  if (budget === undefined || (await count(whole)) <= budget) return whole;
  const note = ` ${words.cut}`;
  const fits = async (text: string): Promise<boolean> => (await count(text)) <= budget;
  if (await fits(joined(note.trim(), sources))) {
    const kept = await longestPrefix(answer, (prefix) => fits(joined(prefix + note, sources)));
    return joined((kept + note).trim(), sources);
  }
  return longestPrefix(whole, fits);
}

const encoder = new TextEncoder();

/** The citations data part's bytes. */
export function citationsData(references: readonly StoredReference[]): Uint8Array {
  return encoder.encode(JSON.stringify({ citations: references }));
}

const citationsSchema = z.object({ citations: z.array(storedReferenceSchema) });

/** The citations of a data part's bytes (checked: a data part may come from anywhere); none when they do not parse. */
export function citationsFrom(data: Uint8Array): StoredReference[] {
  try {
    const parsed = citationsSchema.safeParse(JSON.parse(new TextDecoder().decode(data)));
    return parsed.success ? parsed.data.citations : [];
  } catch {
    return [];
  }
}
