// The knowledge-base tool's text as a model reads it: retrieved content, framed as data and not as instructions. The
// knowledge bases hold what others wrote (uploaded documents, and the service's answer drawn from them), so a passage
// may say "ignore your instructions and …" to the agent that called the tool. The frame is a short preamble saying
// the content is reference data, then the content between an opening and a closing tag whose name carries a nonce
// drawn for each result (the "delimiting" defence of Microsoft's Spotlighting, arXiv:2403.14720). The content cannot
// close the frame: it cannot know the nonce, and any tag in it that looks like the frame's (any case, any separator,
// any nonce, fullwidth brackets) is escaped first, so it reads as text. The escaping runs before the budget cut, so a
// cut never uncovers a tag.
import { randomBytes } from 'node:crypto';

/** The frame's tag name; each result adds a nonce (`<knowledge-base-result-3f9a0c1d2e4b>`). */
export const FRAME_TAG = 'knowledge-base-result';

/**
 * What opens a tag resembling the frame's: `<`, `＜`, `﹤`, `〈` or `⟨`, an optional `/`, then "knowledge base result"
 * written any way (case, spaces, `_`, `-`, dashes between the words).
 */
const FRAME_LIKE_TAG = /[<＜﹤〈⟨](?=\s*[/／]?\s*knowledge[\s_\-‐-―]*base[\s_\-‐-―]*result)/giu;

/** The text with every tag that looks like the frame's escaped (`&lt;/knowledge-base-result>`), all else as it was. */
export function neutraliseFrameTags(text: string): string {
  return text.replace(FRAME_LIKE_TAG, '&lt;');
}

export interface Frame {
  readonly open: string;
  readonly close: string;
  /** The preamble, the opening tag, `content` (already neutralised), the closing tag. */
  wrap(content: string): string;
}

/**
 * A frame for one result. `preamble` says, in the user's language, what the tags hold (it is given the two tags);
 * `content` is the text the frame will hold, so that the nonce drawn is not in it.
 */
export function frameFor(content: string, preamble: (open: string, close: string) => string, nonce: () => string = randomNonce): Frame {
  let drawn = nonce();
  while (content.includes(drawn)) drawn = nonce();
  const open = `<${FRAME_TAG}-${drawn}>`;
  const close = `</${FRAME_TAG}-${drawn}>`;
  const said = preamble(open, close);
  return { open, close, wrap: (text) => `${said}\n${open}\n${text}\n${close}` };
}

function randomNonce(): string {
  return randomBytes(6).toString('hex');
}
