// A long answer with what models write (headings, paragraphs with links, lists, code blocks, tables, quotes), as
// the chat-view and voice benchmarks stream it.

/** A long answer with what models write: headings, paragraphs, lists, code blocks, tables, quotes. */
export function longAnswer(chars: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i += 1) {
    const section = [
      `## Section ${i}: handling the ${['cache', 'queue', 'parser', 'client'][i % 4]}`,
      '',
      `The **${i}th** step explains why the \`worker\` must drain its queue before shutdown; see [the docs](https://example.com/docs/${i}) and www.example.org for details. It keeps going for a while so that the paragraph is realistic in length and wraps over several lines in a narrow side bar.`,
      '',
      '- first, check the input and return early on bad values',
      '- then, open the connection with a timeout',
      `- finally, close everything in a \`finally\` block (item ${i})`,
      '',
      '```ts',
      `export async function step${i}(input: readonly string[], signal: AbortSignal): Promise<number> {`,
      '  let total = 0;',
      '  for (const item of input) {',
      "    if (signal.aborted) throw new Error('aborted');",
      '    total += item.length; // count characters',
      '  }',
      '  return total;',
      '}',
      '```',
      '',
      '| option | default | meaning |',
      '|:-------|--------:|---------|',
      `| retries | ${i % 5} | how often to try again |`,
      '| timeout | 30 s | per request |',
      '',
      `> Note ${i}: the last step is optional when the queue is empty.`,
      '',
      `1. Measure.\n2. Change one thing.\n3. Measure again (${i}).`,
      '',
    ].join('\n');
    parts.push(section);
    size += section.length + 1;
  }
  return parts.join('\n');
}
