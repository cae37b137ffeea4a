// Citation ("corner") marks of knowledge-base answers, in every format docs/wire.md lists: `^[1]^`, `[^1^]`, `[1]`,
// `【1】`, `【1†source】`: one pattern for the host (core/knowledge/citationMarks.ts) and the chat view
// (webview/citationChips.ts).

/**
 * A new global pattern of the marks. `[1]` followed by `(` or `:` is a Markdown link or reference definition, not a
 * citation; after `^` it is the start of a `^[1]^` whose closing caret has not arrived.
 */
export function citationMarkPattern(): RegExp {
  return /\^\[(\d{1,4})\]\^|\[\^(\d{1,4})\^\]|【(\d{1,4})(?:†[^】\n]{0,80})?】|(?<!\^)\[(\d{1,4})\](?![(:])/g;
}

/** The number a match of the pattern cites. */
export function citedNumber(match: RegExpMatchArray): number {
  return Number(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '0');
}
