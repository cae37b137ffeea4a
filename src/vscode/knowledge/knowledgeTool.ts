// The knowledge-base tool `maas_searchKnowledgeBase` (`#kb`) for any model in VS Code's chat, for other extensions
// (vscode.lm.invokeTool) and for @maas /kb: it checks its input itself (VS Code does not), asks the configured
// knowledge bases through the request plan (core/knowledge/knowledgeSearch.ts: the retrieval tool, the settings'
// knowledge_ids and mode) and returns the answer with its marks written [n] and a Sources list, within the caller's
// token budget. Where the host has LanguageModelDataPart (VS Code 1.106+; the manifest's floor is older) the citations
// go with it as a data part our own surfaces turn into references; without it the text alone is returned.
// Every problem is thrown as an Error whose words tell the model (and through it the user) what to do.
import * as vscode from 'vscode';
import type { StoredReference } from '../../core/conversations/conversationModel';
import type { Credentials } from '../../core/credentials/credentials';
import { checkKnowledgeToolInput, type KnowledgeToolProblem } from '../../core/knowledge/knowledgeToolInput';
import { searchKnowledge } from '../../core/knowledge/knowledgeSearch';
import {
  CITATIONS_MIME,
  citationsData,
  citationsFrom,
  fitToBudget,
  plainCitations,
  sourcesList,
  type ResultWords,
} from '../../core/knowledge/knowledgeToolResult';
import type { MaasClient } from '../../core/maasClient';
import { countTokens } from '../../shared/tokenCount';
import { KNOWLEDGE_TOOL_NAME } from '../contributionIds';
import { explainError } from '../errors/errorPresentation';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import { withAbortSignal } from '../withAbortSignal';
import { retrievalOptions } from './retrievalOptions';

export interface KnowledgeToolDependencies {
  readonly settings: SettingsReader;
  readonly credentials: Pick<Credentials, 'hasApiKey'>;
  readonly client: () => MaasClient;
  readonly logger: Logger;
}

/** The data part class where the host has one (looked up at run time: not in the manifest's floor). */
type DataPartClass = new (data: Uint8Array, mimeType: string) => unknown;

function dataPartClass(): DataPartClass | undefined {
  const candidate = (vscode as unknown as { LanguageModelDataPart?: unknown }).LanguageModelDataPart;
  return typeof candidate === 'function' ? (candidate as DataPartClass) : undefined;
}

/** A problem with the input or the settings, in words the model can act on. */
export function problemText(problem: KnowledgeToolProblem): string {
  switch (problem.kind) {
    case 'notAnObject':
      return vscode.l10n.t('The input must be a JSON object such as {"question": "Where is the API key stored?"}.');
    case 'questionMissing':
      return vscode.l10n.t('"question" is missing or empty: pass the question to look up as a self-contained sentence.');
    case 'questionTooLong':
      return vscode.l10n.t('"question" is longer than {0} characters: ask a shorter, self-contained question.', problem.max);
    case 'knowledgeBaseNotText':
      return vscode.l10n.t('"knowledgeBase" must be the name of a knowledge base as text, or left out to search all of them.');
    case 'unknownKnowledgeBase':
      return vscode.l10n.t(
        'There is no knowledge base named "{0}". The valid names are: {1}. Call the tool again with one of them, or without "knowledgeBase" to search all.',
        problem.name,
        problem.valid.map((name) => `"${name}"`).join(', '),
      );
    case 'noKnowledgeBase':
      return vscode.l10n.t(
        'No knowledge base is configured. Tell the user to add their knowledge bases (the id shown in the MaaS console and a name) to the setting maas.knowledgeBases, then ask again.',
      );
  }
}

function resultWords(bases: readonly string[]): ResultWords {
  return {
    passageOf: vscode.l10n.t('A passage of the knowledge base {0}', bases.map((name) => `"${name}"`).join(', ')),
    sources: vscode.l10n.t('Sources'),
    untitled: (index) => vscode.l10n.t('Source {0}', index),
    cut: vscode.l10n.t('[The answer was cut to fit the token budget.]'),
  };
}

export class KnowledgeTool implements vscode.LanguageModelTool<unknown> {
  constructor(private readonly deps: KnowledgeToolDependencies) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): vscode.PreparedToolInvocation {
    const settings = this.deps.settings.settings;
    const checked = checkKnowledgeToolInput(options.input, settings.knowledgeBases);
    const question = checked.ok ? checked.question : '';
    const names = checked.ok ? checked.bases.map((base) => base.name).join(', ') : vscode.l10n.t('the knowledge base');
    const shown = question.length > 80 ? `${question.slice(0, 79)}…` : question;
    const invocationMessage = shown === '' ? vscode.l10n.t('Searching {0}', names) : vscode.l10n.t('Searching {0} for "{1}"', names, shown);
    if (!settings.knowledgeToolConfirm) return { invocationMessage };
    return {
      invocationMessage,
      confirmationMessages: {
        title: vscode.l10n.t('Search the knowledge base?'),
        message: vscode.l10n.t('The question "{0}" goes to the MaaS service with the knowledge bases {1}.', shown, names),
      },
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const settings = this.deps.settings.settings;
    const checked = checkKnowledgeToolInput(options.input, settings.knowledgeBases);
    if (!checked.ok) throw new Error(problemText(checked.problem));
    if (!(await this.deps.credentials.hasApiKey()))
      throw new Error(
        vscode.l10n.t(
          'The MaaS API key is not set, so the knowledge base cannot be searched. Tell the user to run the command "MaaS: Set API Key" (the key is in the MaaS console), then ask again.',
        ),
      );
    const redact = (text: string): string => this.deps.logger.redact(text);
    const retrieval = retrievalOptions(
      settings,
      checked.bases.map((base) => base.id),
      settings.knowledgeChatMode,
    );
    const answer = await withAbortSignal(token, (signal) =>
      searchKnowledge({ backend: this.deps.client(), settings, question: checked.question, retrieval, signal, redact }).catch((error: unknown) => {
        if (token.isCancellationRequested) throw new vscode.CancellationError();
        const explained = explainError(error, redact);
        this.deps.logger.warn(`The knowledge-base tool failed: ${explained.stored.kind} ${explained.stored.message}`);
        const words = [`${explained.title}: ${explained.detail}`, explained.serviceSaid].filter((part) => part !== undefined).join(' ');
        throw new Error(vscode.l10n.t('The knowledge-base search failed. {0}', words));
      }),
    );
    if (answer.stopped) throw new vscode.CancellationError();
    const words = resultWords(checked.bases.map((base) => base.name));
    const budget = options.tokenizationOptions;
    const count = (text: string): Promise<number> =>
      budget === undefined ? Promise.resolve(countTokens(text)) : Promise.resolve(budget.countTokens(text, token));
    const plain = plainCitations(answer.text);
    const text = await fitToBudget(plain, sourcesList(answer.references, plain, words), budget?.tokenBudget, count, words);
    const DataPart = dataPartClass();
    const parts: unknown[] = [new vscode.LanguageModelTextPart(text)];
    if (DataPart !== undefined && answer.references.length > 0) parts.push(new DataPart(citationsData(answer.references), CITATIONS_MIME));
    return new vscode.LanguageModelToolResult(parts as vscode.LanguageModelTextPart[]);
  }
}

/** Registers the tool where VS Code has language-model tools (1.95+; every VS Code the manifest allows). */
export function registerKnowledgeTool(deps: KnowledgeToolDependencies): vscode.Disposable {
  if (typeof vscode.lm?.registerTool !== 'function') {
    deps.logger.info('This VS Code has no language-model tools: #kb is not offered.');
    return new vscode.Disposable(() => undefined);
  }
  return vscode.lm.registerTool(KNOWLEDGE_TOOL_NAME, new KnowledgeTool(deps));
}

/** A knowledge-base tool result as our surfaces read it: its text parts, and the citations of its data part (if any). */
export function readToolResult(result: vscode.LanguageModelToolResult): { text: string; references: StoredReference[] } {
  let text = '';
  let references: StoredReference[] = [];
  for (const part of result.content) {
    if (part instanceof vscode.LanguageModelTextPart) text += part.value;
    else if (typeof part === 'object' && part !== null) {
      // A data part, told by shape: the class is looked up at run time (not in every VS Code the manifest allows).
      const { mimeType, data } = part as { mimeType?: unknown; data?: unknown };
      if (mimeType === CITATIONS_MIME && data instanceof Uint8Array) references = citationsFrom(data);
    }
  }
  return { text, references };
}

/** The answer before its Sources list (for reading aloud). */
export function answerWithoutSources(text: string, heading: string): string {
  const at = text.lastIndexOf(`\n\n${heading}:\n`);
  return at < 0 ? text : text.slice(0, at);
}
