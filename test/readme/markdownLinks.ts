// What a Markdown file points at: its links and images (as markdown-it reads them, so a `[` in code is not a link) and
// the anchors its headings get on GitHub and in VS Code's Markdown preview (lower case, punctuation dropped, spaces
// as hyphens, a repeated heading numbered). The README layer checks with them that every link of the README and the
// documents it leads to resolves.
import MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

export interface MarkdownLink {
  readonly kind: 'link' | 'image';
  readonly target: string;
  readonly line: number;
}

const markdown = new MarkdownIt({ html: true });

function walk(tokens: readonly Token[], visit: (token: Token, line: number) => void, line = 0): void {
  for (const token of tokens) {
    const at = token.map?.[0] ?? line;
    visit(token, at);
    if (token.children) walk(token.children, visit, at);
  }
}

/** Every link and image of `text`, with its 1-based line. */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  walk(markdown.parse(text, {}), (token, line) => {
    if (token.type === 'link_open') links.push({ kind: 'link', target: token.attrGet('href') ?? '', line: line + 1 });
    if (token.type === 'image') links.push({ kind: 'image', target: token.attrGet('src') ?? '', line: line + 1 });
  });
  return links;
}

/** A heading's anchor, as GitHub makes it. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of every heading of `text`, a repeated one numbered `-1`, `-2`, … as GitHub does. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[index + 1];
    const words = (inline?.children ?? []).filter((child) => child.type === 'text' || child.type === 'code_inline').map((child) => child.content);
    const slug = headingSlug(words.join(''));
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  });
  return anchors;
}

/** Whether `target` leaves the repository: an address with a scheme (https:, mailto:, …). */
export function isExternal(target: string): boolean {
  return /^[a-z][\w+.-]*:/i.test(target);
}
