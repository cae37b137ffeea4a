// @maas /kb, and a question that attaches `#kb`: the question, after the conversation's earlier turns, goes through the
// knowledge-base tool's search (the code VS Code's chat and other extensions run through vscode.lm.invokeTool), under
// the tool's "Searching … for …" line; the answer streams in as it arrives, then its Sources list, the cited passages
// as references (sourceDocuments.ts) and the mode badge. It runs without the tool's confirmation: the user asked for
// it by name.
import * as vscode from 'vscode';
import { findCitationMarks } from '../../core/knowledge/citationMarks';
import { chatMarkdown } from '../../core/markdown/chatMarkdownLinks';
import { knowledgeWords } from '../../shared/chatWords';
import { FeatureName, featureUnavailable } from '../activation/featureNames';
import { CommandId } from '../commandIds';
import { noKnowledgeBaseAction, noKnowledgeBaseText } from '../knowledge/retrievalOptions';
import { historyMessages } from './participantHistory';
import type { MaasChatResult, ParticipantParts, ParticipantRequest } from './participantTypes';
import { StreamedAnswer } from './streamedAnswer';

export async function askKnowledge(
  question: string,
  { context, stream, token }: ParticipantRequest,
  { deps, sources }: ParticipantParts,
): Promise<MaasChatResult> {
  const settings = deps.settings.settings;
  if (settings.knowledgeBases.length === 0) {
    stream.markdown(noKnowledgeBaseText());
    stream.button({ title: noKnowledgeBaseAction(), command: CommandId.addKnowledgeBase, arguments: [] });
    return { metadata: { command: 'kb', answered: false } };
  }
  if (question === '') {
    stream.markdown(vscode.l10n.t('Write your question after /kb.'));
    return { metadata: { command: 'kb', answered: false } };
  }
  const tool = deps.knowledge;
  if (tool === undefined) throw featureUnavailable(FeatureName.knowledgeTool());
  const mode = settings.knowledgeChatMode;
  const input = { question };
  const searching = tool.prepareInvocation({ input }).invocationMessage;
  if (searching !== undefined) stream.progress(typeof searching === 'string' ? searching : searching.value);
  const shown = new StreamedAnswer(stream, deps.voice);
  const found = await tool.search(input, token, { history: historyMessages(context), onAnswer: (piece) => shown.push(piece) }).catch((error: unknown) => {
    shown.stop();
    throw error;
  });
  shown.end();
  if (found.sources !== '') stream.markdown(chatMarkdown(`\n\n${found.sources}`));
  for (const reference of found.references) stream.reference(sources.add(reference));
  const cited = found.references.length > 0 || findCitationMarks(found.answer).length > 0;
  const words = knowledgeWords(vscode.l10n);
  const badge = mode === 'strict' ? words.strict : words.divergent;
  stream.markdown(`\n\n*${cited ? badge : `${badge} · ${words.noHits}`}*`);
  return { metadata: { command: 'kb', answered: true } };
}
