// MaaS: Add Knowledge Base — the id (from the service console) and a name in two input boxes, checked as they are
// typed; the id then checked against the service with one retrieval question (spec 4.2: an id the service does not
// know is refused with 400) that is stopped at the answer's first text; then the entry appended to the user's
// maas.knowledgeBases, every entry already there kept as written. Nothing is saved unless the service accepted the id.
import * as vscode from 'vscode';
import {
  checkKnowledgeBaseId,
  checkKnowledgeBaseName,
  withKnowledgeBase,
  type KnowledgeBaseEntry,
  type KnowledgeBaseIdProblem,
  type KnowledgeBaseNameProblem,
} from '../../core/knowledge/knowledgeBaseEntry';
import { searchKnowledge } from '../../core/knowledge/knowledgeSearch';
import { noAddressError } from '../../core/requests/askErrors';
import { actionTitles } from '../../shared/chatWords';
import type { FeatureDependencies } from '../activation/featureDependencies';
import { CommandId } from '../commandIds';
import { explainError } from '../errors/errorPresentation';
import { presentError } from '../errors/errorMessages';
import { retrievalOptions } from '../knowledge/retrievalOptions';
import { openSettings } from '../settings/openSettings';
import { inspectSetting, writeSetting } from '../settings/settings';

/** The question of the check: any question will do, the answer is stopped at its first text. */
const CHECK_QUESTION = 'Hello';

export function idProblemText(problem: KnowledgeBaseIdProblem): string {
  switch (problem.kind) {
    case 'blank':
      return vscode.l10n.t('Enter the id of the knowledge base, as the MaaS console shows it.');
    case 'notId':
      return vscode.l10n.t('The id is a whole number from 1, as the MaaS console shows it.');
    case 'taken':
      return vscode.l10n.t('This id is already in maas.knowledgeBases, as “{0}”.', problem.name);
    case 'full':
      return vscode.l10n.t('maas.knowledgeBases holds at most {0} knowledge bases: remove one in the settings first.', problem.max);
  }
}

export function nameProblemText(problem: KnowledgeBaseNameProblem): string {
  switch (problem.kind) {
    case 'blank':
      return vscode.l10n.t('Enter a name: it is how the pickers and #kb show the knowledge base.');
    case 'tooLong':
      return vscode.l10n.t('The name is longer than {0} characters.', problem.max);
    case 'taken':
      return vscode.l10n.t('Another knowledge base in maas.knowledgeBases has this name.');
  }
}

/** The user's own list as written (their settings.json), which the command extends. */
function userList(): readonly unknown[] {
  const written = inspectSetting('knowledgeBases')?.globalValue;
  return Array.isArray(written) ? (written as unknown[]) : [];
}

export function addKnowledgeBaseCommand(deps: FeatureDependencies): () => Promise<KnowledgeBaseEntry | undefined> {
  return async () => {
    const { prompter } = deps;
    const address = deps.settings.chat;
    const actions = actionTitles(vscode.l10n);
    if (address.baseUrl === '' || address.baseUrlProblem !== undefined) {
      const words = presentError(noAddressError(address), vscode.l10n);
      const choice = await prompter.showErrorMessage(`${words.title}: ${words.detail}`, actions.openSettings);
      if (choice === actions.openSettings) await openSettings('baseUrl');
      return undefined;
    }
    if (!(await deps.credentials.hasApiKey())) {
      const choice = await prompter.showErrorMessage(
        vscode.l10n.t('The MaaS API key is not set, so the knowledge base cannot be checked with the service. Set it first.'),
        actions.setApiKey,
      );
      if (choice === actions.setApiKey) await vscode.commands.executeCommand(CommandId.setApiKey);
      return undefined;
    }
    const idText = await prompter.showInputBox({
      title: vscode.l10n.t('Add Knowledge Base (1/2)'),
      prompt: vscode.l10n.t('The id of the knowledge base, as the MaaS console shows it'),
      placeHolder: '3',
      ignoreFocusOut: true,
      validateInput: (value) => {
        const checked = checkKnowledgeBaseId(value, userList());
        return checked.ok ? undefined : idProblemText(checked.problem);
      },
    });
    if (idText === undefined) return undefined;
    const id = checkKnowledgeBaseId(idText, userList());
    if (!id.ok) return refuse(deps, idProblemText(id.problem));
    const nameText = await prompter.showInputBox({
      title: vscode.l10n.t('Add Knowledge Base (2/2)'),
      prompt: vscode.l10n.t('A name for knowledge base {0}: how the pickers and #kb show it', id.value),
      ignoreFocusOut: true,
      validateInput: (value) => {
        const checked = checkKnowledgeBaseName(value, userList());
        return checked.ok ? undefined : nameProblemText(checked.problem);
      },
    });
    if (nameText === undefined) return undefined;
    const name = checkKnowledgeBaseName(nameText, userList());
    if (!name.ok) return refuse(deps, nameProblemText(name.problem));
    const entry = { id: id.value, name: name.value };
    const verdict = await checkWithService(deps, entry);
    if (verdict === 'cancelled') {
      void prompter.showInformationMessage(vscode.l10n.t('The check was cancelled; knowledge base {0} was not added.', entry.id));
      return undefined;
    }
    if (verdict !== 'accepted') return refuse(deps, verdict);
    // Read again: the list may have changed while the service answered.
    await writeSetting('knowledgeBases', withKnowledgeBase(userList(), entry) as KnowledgeBaseEntry[], vscode.ConfigurationTarget.Global);
    void prompter.showInformationMessage(vscode.l10n.t('Knowledge base “{0}” ({1}) was added to your settings.', entry.name, entry.id));
    return entry;
  };
}

function refuse(deps: FeatureDependencies, text: string): undefined {
  void deps.prompter.showErrorMessage(text);
  return undefined;
}

/** 'accepted', 'cancelled', or the words of why the id was not accepted. */
async function checkWithService(deps: FeatureDependencies, entry: KnowledgeBaseEntry): Promise<string> {
  const settings = deps.settings.settings;
  const redact = (text: string): string => deps.logger.redact(text);
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Checking knowledge base {0} with the service…', entry.id),
      cancellable: true,
    },
    async (_progress, token) => {
      const controller = new AbortController();
      const cancel = token.onCancellationRequested(() => controller.abort());
      let answered = false;
      try {
        const found = await searchKnowledge({
          backend: deps.client(),
          settings,
          question: CHECK_QUESTION,
          retrieval: retrievalOptions(settings, [entry.id], 'divergent'),
          signal: controller.signal,
          redact,
          onAnswer: () => {
            answered = true;
            controller.abort();
          },
        });
        return answered || !found.stopped ? 'accepted' : 'cancelled';
      } catch (error) {
        if (token.isCancellationRequested) return 'cancelled';
        const explained = explainError(error, redact);
        deps.logger.warn(`Add Knowledge Base: the check of ${entry.id} failed: ${explained.stored.kind} ${explained.stored.message}`);
        const said = explained.serviceSaid === undefined ? '' : ` ${explained.serviceSaid}`;
        if (explained.stored.kind === 'badRequest')
          return vscode.l10n.t('The service does not accept knowledge base {0}: check the id in the MaaS console. Nothing was saved.', entry.id) + said;
        return vscode.l10n.t('Knowledge base {0} could not be checked, so it was not saved. {1}: {2}', entry.id, explained.title, explained.detail) + said;
      } finally {
        cancel.dispose();
      }
    },
  );
}
