// A conversation as a Markdown document, for "export": the title, the persona, then each question and answer in
// order with its model, images, context and usage. Reasoning is kept in a collapsed <details> block. The document
// is opened in VS Code and often shown in its Markdown preview, and it holds model output, service messages and
// workspace text: it is made to load nothing there (markdownWithoutRemoteImages.ts), and the image guard checks the
// whole document last (markdownGuard.ts). The only raw HTML is this file's own, put in after the first step at lines
// marked with a nonce the text cannot know.
import { randomUUID } from 'node:crypto';
import { markdownGuard } from '../markdown/markdownGuard';
import { markdownWithoutRemoteImages } from '../markdown/markdownWithoutRemoteImages';
import type { Conversation, Turn } from './conversationModel';

/** This file's own HTML, each tag on a line of its own between blank lines (so no text joins its HTML block). */
type OwnHtml = 'detailsOpen' | 'detailsClose';
const ownHtml: Readonly<Record<OwnHtml, string>> = { detailsOpen: '<details><summary>Reasoning</summary>', detailsClose: '</details>' };

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

function turnMarkdown(turn: Turn, index: number, mark: (html: OwnHtml) => string): string {
  const parts: string[] = [`## ${index + 1}. ${turn.question.split('\n')[0]?.trim() || '…'}`, '', '**You**', '', quote(turn.question)];
  for (const image of turn.images) parts.push('', `*Image: ${image.name} (${image.width}×${image.height}, ${image.mime})*`);
  for (const item of turn.context) {
    const fence = fenceFor(item.text);
    parts.push(
      '',
      `*${item.kind === 'file' ? 'File' : 'Selection'}: \`${item.label.replace(/`/g, "'")}\`*`,
      '',
      `${fence}${item.languageId}`,
      item.text,
      fence,
    );
  }
  parts.push('', `**Assistant** (${turn.model})`, '');
  if (turn.reasoning.trim() !== '') parts.push(mark('detailsOpen'), '', turn.reasoning.trim(), '', mark('detailsClose'), '');
  parts.push(turn.answer.trim() === '' ? '*(no answer)*' : turn.answer.trim());
  if (turn.status === 'interrupted') parts.push('', '*The answer was interrupted.*');
  if (turn.status === 'stopped') parts.push('', '*Stopped by the user.*');
  if (turn.status === 'error' && turn.error) parts.push('', `*Error: ${turn.error.serverMessage ?? turn.error.message}*`);
  if (turn.finishReason === 'length') parts.push('', '*Cut at the max_tokens limit.*');
  if (turn.finishReason === 'content_filter') parts.push('', '*Stopped by the content filter.*');
  if (turn.usage) parts.push('', `*Tokens: ${turn.usage.promptTokens} prompt + ${turn.usage.completionTokens} completion = ${turn.usage.totalTokens}*`);
  return parts.join('\n');
}

export async function conversationMarkdown(conversation: Conversation): Promise<string> {
  const nonce = randomUUID().replace(/-/g, '');
  const mark = (html: OwnHtml): string => `maas-html-${nonce}-${html}`;
  const header = [
    `# ${conversation.title || 'Conversation'}`,
    '',
    `*Exported ${new Date(conversation.updatedAt).toISOString()} · model ${conversation.model}*`,
  ];
  if (conversation.persona.trim() !== '') header.push('', '**Persona**', '', quote(conversation.persona.trim()));
  const markdown = `${[header.join('\n'), ...conversation.turns.map((turn, index) => turnMarkdown(turn, index, mark))].join('\n\n')}\n`;
  const inert = await markdownWithoutRemoteImages(markdown);
  const withOwnHtml = inert.replace(new RegExp(`^maas-html-${nonce}-(detailsOpen|detailsClose)$`, 'gm'), (_line, html: OwnHtml) => ownHtml[html]);
  return (await markdownGuard('preview')).inert(withOwnHtml, { ownHtml: Object.values(ownHtml) });
}
