// The user's own words in a message that a front end wrapped in its instructions. Front ends put their instructions
// (which name tools, and the knowledge base) first and the user's words last; VS Code's agent mode marks them as the
// `<userRequest>` element. The tool responder reads triggers and arguments from these words only.

/** How much of the end of a message is read as the user's words when nothing marks them. */
export const USER_WORDS = 300;
const USER_REQUEST = /<userRequest>([\s\S]*?)<\/userRequest>/g;
const MARKUP = /<\/?[A-Za-z][\w-]*>/g;

/** `text` without markup tags (`<userRequest>`, `<context>`, …). */
export function withoutMarkup(text: string): string {
  return text.replace(MARKUP, '');
}

/** The user's words in a message: its last `<userRequest>` element, else its last USER_WORDS characters; without markup. */
export function userWordsOf(message: string): string {
  const requests = [...message.matchAll(USER_REQUEST)];
  const words = requests.length > 0 ? (requests[requests.length - 1]?.[1] ?? '') : message.slice(-USER_WORDS);
  return withoutMarkup(words).trim();
}
