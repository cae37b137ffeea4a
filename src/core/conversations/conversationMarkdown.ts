// A conversation as a Markdown document, for "export": the title, the persona, then each question and answer in
// order with its model, images, context and usage. Reasoning is kept in a collapsed <details> block.
import type { Conversation, Turn } from './conversationModel';

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function turnMarkdown(turn: Turn, index: number): string {
  const parts: string[] = [`## ${index + 1}. ${turn.question.split('\n')[0]?.trim() || '…'}`, '', '**You**', '', quote(turn.question)];
  for (const image of turn.images) parts.push('', `*Image: ${image.name} (${image.width}×${image.height}, ${image.mime})*`);
  for (const item of turn.context) {
    const fence = item.text.includes('```') ? '````' : '```';
    parts.push('', `*${item.kind === 'file' ? 'File' : 'Selection'}: \`${item.label}\`*`, '', `${fence}${item.languageId}`, item.text, fence);
  }
  parts.push('', `**Assistant** (${turn.model})`, '');
  if (turn.reasoning.trim() !== '') parts.push('<details><summary>Reasoning</summary>', '', turn.reasoning.trim(), '', '</details>', '');
  parts.push(turn.answer.trim() === '' ? '*(no answer)*' : turn.answer.trim());
  if (turn.status === 'interrupted') parts.push('', '*The answer was interrupted.*');
  if (turn.status === 'stopped') parts.push('', '*Stopped by the user.*');
  if (turn.status === 'error' && turn.error) parts.push('', `*Error: ${turn.error.serverMessage ?? turn.error.message}*`);
  if (turn.finishReason === 'length') parts.push('', '*Cut at the max_tokens limit.*');
  if (turn.finishReason === 'content_filter') parts.push('', '*Stopped by the content filter.*');
  if (turn.usage)
    parts.push('', `<sub>Tokens: ${turn.usage.promptTokens} prompt + ${turn.usage.completionTokens} completion = ${turn.usage.totalTokens}</sub>`);
  return parts.join('\n');
}

export function conversationMarkdown(conversation: Conversation): string {
  const header = [
    `# ${conversation.title || 'Conversation'}`,
    '',
    `*Exported ${new Date(conversation.updatedAt).toISOString()} · model ${conversation.model}*`,
  ];
  if (conversation.persona.trim() !== '') header.push('', '**Persona**', '', quote(conversation.persona.trim()));
  return `${[header.join('\n'), ...conversation.turns.map(turnMarkdown)].join('\n\n')}\n`;
}
