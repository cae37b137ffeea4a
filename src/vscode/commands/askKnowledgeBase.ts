// MaaS: Ask Knowledge Base about Selection — the selection goes as context with an editable question to a language
// model, with the retrieval tool over the knowledge bases the user picks (spec 4.2). The answer lands in the chat
// as a `knowledge` turn that keeps its mode, bases and tool: in the open conversation when it is on a language
// model, otherwise in a new conversation on the chat model (ChatSession.startTurn).
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { retrievalOptions, type KnowledgeMode, noKnowledgeBaseAction, noKnowledgeBaseText } from '../knowledge/retrievalOptions';
import { CommandId } from '../commandIds';
import type { KnowledgeBaseSetting } from '../settings/settingsDeclaration';
import { revealChatView } from '../chat/revealChat';
import { knowledgeWords } from '../../shared/chatWords';
import type { FeatureDependencies } from '../activation/featureDependencies';
import { StateKey } from '../stateKeys';
import { workspaceLabel } from '../workspaceLabel';

export function askKnowledgeBaseCommand(deps: FeatureDependencies, memento: vscode.Memento): () => Promise<string | undefined> {
  return async () => {
    const { prompter } = deps;
    const editor = vscode.window.activeTextEditor;
    const selection = editor?.selection;
    if (editor === undefined || selection === undefined || selection.isEmpty || editor.document.getText(selection).trim() === '') {
      void prompter.showInformationMessage(vscode.l10n.t('Select some text first.'));
      return undefined;
    }
    const settings = deps.settings.settings;
    if (settings.knowledgeBases.length === 0) {
      const add = noKnowledgeBaseAction();
      const choice = await prompter.showWarningMessage(noKnowledgeBaseText(), add);
      if (choice === add) await vscode.commands.executeCommand(CommandId.addKnowledgeBase);
      return undefined;
    }
    const bases = await pickBases(deps, memento, settings.knowledgeBases);
    if (bases === undefined) return undefined;
    const text = editor.document.getText(selection);
    const question = await prompter.showInputBox({
      title: vscode.l10n.t('Ask the knowledge base'),
      prompt: vscode.l10n.t('Your question about the selection; edit it as you like.'),
      value: vscode.l10n.t('Explain the selected text.'),
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('The question cannot be blank.') : undefined),
    });
    if (question === undefined || question.trim() === '') return undefined;
    const mode = await pickMode(deps, settings.knowledgeChatMode, settings.knowledgeBackupChat);
    if (mode === undefined) return undefined;
    const lines = selection.start.line === selection.end.line ? `${selection.start.line + 1}` : `${selection.start.line + 1}-${selection.end.line + 1}`;
    await revealChatView();
    return deps.chat().startTurn({
      kind: 'knowledge',
      question: question.trim(),
      context: [
        { id: randomUUID(), kind: 'selection', label: `${workspaceLabel(editor.document.uri)}:${lines}`, languageId: editor.document.languageId, text },
      ],
      knowledge: {
        mode,
        bases: bases.map((b) => ({ id: b.id, name: b.name })),
        retrieval: retrievalOptions(
          settings,
          bases.map((b) => b.id),
          mode,
        ),
      },
    });
  };
}

async function pickBases(
  deps: FeatureDependencies,
  memento: vscode.Memento,
  configured: readonly KnowledgeBaseSetting[],
): Promise<readonly KnowledgeBaseSetting[] | undefined> {
  const remembered = new Set(memento.get<number[]>(StateKey.lastKnowledgeBases) ?? []);
  const anyRemembered = configured.some((b) => remembered.has(b.id));
  const items = configured.map((base, index) => ({
    label: base.name,
    description: `#${base.id}`,
    picked: anyRemembered ? remembered.has(base.id) : index === 0,
    base,
  }));
  const picked = await deps.prompter.showQuickPick(items, {
    title: vscode.l10n.t('Knowledge bases to search'),
    placeHolder: vscode.l10n.t('Pick one or more knowledge bases'),
    canPickMany: true,
    ignoreFocusOut: true,
  });
  if (picked === undefined || picked.length === 0) return undefined;
  const bases = picked.map((item) => item.base);
  await memento.update(
    StateKey.lastKnowledgeBases,
    bases.map((b) => b.id),
  );
  return bases;
}

async function pickMode(deps: FeatureDependencies, preferred: KnowledgeMode, backupChat: boolean): Promise<KnowledgeMode | undefined> {
  // What strict mode does with no relevant document depends on backup_chat (the spec's default: the model answers).
  const strictDetail = backupChat
    ? vscode.l10n.t('Answers from the documents; when they have nothing relevant, says so and then lets the model answer (maas.knowledge.backupChat).')
    : vscode.l10n.t('Answers only from the documents; when they have nothing relevant, says so and stops.');
  const words = knowledgeWords(vscode.l10n);
  const items: Array<vscode.QuickPickItem & { mode: KnowledgeMode }> = [
    { label: words.divergent, detail: vscode.l10n.t("May use the model's own knowledge beyond the documents."), mode: 'divergent' },
    { label: words.strict, detail: strictDetail, mode: 'strict' },
  ];
  items.sort((a, b) => (a.mode === preferred ? -1 : b.mode === preferred ? 1 : 0));
  const picked = await deps.prompter.showQuickPick(items, { title: vscode.l10n.t('Answer mode'), ignoreFocusOut: true });
  return picked?.mode;
}
