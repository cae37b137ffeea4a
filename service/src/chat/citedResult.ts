// A tool result that cites its sources, as the extension's knowledge-base tool returns it: citation marks ([n], or
// the service's ^[n]^) in its text and a Sources list that names each one ("Sources:" / "来源:", then "[1] Title" or
// "1. Title" lines, or the entries on the heading's line). The responder's answer to it quotes the lines that carry
// a mark, marks kept, and lists the sources, so the final answer cites the documents.

export interface CitedResult {
  /** The result's lines that carry a citation mark, without their list bullets. */
  readonly cited: readonly string[];
  /** The sources as "[n] Title". */
  readonly sources: readonly string[];
}

const SOURCES_HEADING = /^\s*(?:#{1,6}\s*)?(?:\*\*)?(?:sources|references|来源|参考资料|参考来源)(?:\*\*)?\s*(?:[:：]\s*(.*))?$/i;
const MARK = /\^?\[\d+\]\^?/;
const MARKED_ENTRY = /^\s*(?:[-*]\s*)?\[(\d+)\]\s*[:：.\-–—]?\s*(.+?)[\s;；,，]*$/;
const NUMBERED_ENTRY = /^\s*(\d+)[.)、]\s+(.+?)\s*$/;
const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+/;
/** The answer quotes the cited lines up to about this many characters (the first one whole) and at most this many sources. */
const CITED_CHARS = 2000;
const MAX_SOURCES = 20;
const TITLE_CHARS = 200;

/** The cited lines and sources of a tool result; undefined when it has no Sources list or no marked line. */
export function citedResult(text: string): CitedResult | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  // The last heading: the list closes the result.
  let heading = lines.length - 1;
  while (heading >= 0 && !SOURCES_HEADING.test(lines[heading] ?? '')) heading--;
  if (heading < 0) return undefined;
  const inline = SOURCES_HEADING.exec(lines[heading] ?? '')?.[1] ?? '';
  const sources = [...inline.split(/(?=\[\d+\])/), ...lines.slice(heading + 1)]
    .map(sourceEntry)
    .filter((entry): entry is string => entry !== undefined)
    .slice(0, MAX_SOURCES);
  const cited: string[] = [];
  let length = 0;
  for (const line of lines.slice(0, heading)) {
    if (!MARK.test(line)) continue;
    const quoted = line.replace(BULLET, '').trim();
    if (cited.length > 0 && length + quoted.length > CITED_CHARS) break;
    cited.push(quoted);
    length += quoted.length;
  }
  return sources.length > 0 && cited.length > 0 ? { cited, sources } : undefined;
}

function sourceEntry(line: string): string | undefined {
  const match = MARKED_ENTRY.exec(line) ?? NUMBERED_ENTRY.exec(line);
  if (match === null) return undefined;
  const title = (match[2] ?? '').replace(/\s+/g, ' ').slice(0, TITLE_CHARS);
  return `[${match[1]}] ${title}`;
}

/** The answer to a cited result: the introduction, the cited lines as a list, then the sources. */
export function citedAnswer(intro: string, result: CitedResult, zh: boolean): string {
  const list = (lines: readonly string[]): string => lines.map((line) => `- ${line}`).join('\n');
  return `${intro}\n${list(result.cited)}\n\n${zh ? '来源:' : 'Sources:'}\n${list(result.sources)}`;
}
