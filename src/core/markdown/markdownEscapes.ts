// Backslash escapes that keep Markdown from reading text as markup. Plain text put into Markdown (our own words with
// names from outside in them: a certificate's subject, a model's or a knowledge base's name) is written so that it
// shows as it is written and makes no link, image, emphasis or HTML, in marked (VS Code's chat) and markdown-it (the
// preview) alike; and the image guard's repairs (markdownGuard.ts) escape what would open an image or a reference.

/** Whether the character at `at` is escaped: an odd run of backslashes stands before it. */
export function escapedAt(text: string, at: number): boolean {
  let run = 0;
  for (let i = at - 1; i >= 0 && text[i] === '\\'; i--) run++;
  return run % 2 === 1;
}

/**
 * `text` with a backslash put before each character of `marks` that is not escaped yet (and, where `where` says so,
 * only there). A backslash written before ASCII punctuation only ever turns it into that character, so this takes
 * nothing away from what the text shows outside code.
 */
export function escapeMarks(text: string, marks: RegExp, where: (at: number) => boolean = () => true): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (marks.test(c) && where(i) && !escapedAt(text, i)) out += '\\';
    out += c;
  }
  return out;
}

/** Each `!` that opens an image (`![`) escaped, so that it shows as `!` before the text of a link or as text. */
export function escapeImageOpeners(text: string, where: (at: number) => boolean = () => true): string {
  return escapeMarks(text, /^!$/, (at) => text[at + 1] === '[' && where(at));
}

/** Every mark that could open or close a link, an image or a reference definition in `text`, escaped. */
export function escapeLinkMarks(text: string, where: (at: number) => boolean = () => true): string {
  return escapeMarks(text, /^[![\]()<|]$/, where);
}

/**
 * Plain text as Markdown that shows it as written: the marks of links, images, emphasis, code, HTML, entities and
 * tables escaped, and the addresses renderers link on their own (`https://…`, `www.…`, `name@host`) broken by an
 * escape, which the reader does not see. Line breaks are kept; marks that act only at a line's start are escaped there.
 */
export function markdownText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      // Every backslash of the text is escaped too, so each mark is escaped whatever stands before it. An underscore
      // between letters or digits (`svc_llm`) makes no emphasis: it is left as it reads.
      const marks = line.replace(/[\\`*[\]<>!|~&@]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\$&');
      const escaped = marks.replace(/:\/\//g, ':\\/\\/').replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\\.`);
      return escaped.replace(/^(\s*)([#>+=-]|\d+(?=[.)]))/, (_all, space: string, mark: string) =>
        /\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
      );
    })
    .join('\n');
}
