// What a message quotes: the fenced blocks (``` or ~~~, three or more) in which the extension sends the editor's
// selection or a file under the question. Retrieval reads them as part of the query; the answer's language follows
// the words around them, the user's own.
const FENCED = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

/** The contents of the fenced blocks of a message. */
export function quotedBlocks(message: string): string[] {
  return [...message.matchAll(FENCED)].map((match) => match[2] ?? '');
}

/** The message without its fenced blocks. */
export function withoutQuotedBlocks(message: string): string {
  return message.replace(FENCED, '');
}
