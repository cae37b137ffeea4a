// The features activate() starts, by the names the user reads, and the two messages about one that could not start:
// once when activation fails it, and again whenever something asks for it later.
import * as vscode from 'vscode';

export const FeatureName = {
  readAloud: () => vscode.l10n.t('Read aloud'),
  chat: () => vscode.l10n.t('The chat view'),
  commands: () => vscode.l10n.t('The commands'),
  languageModels: () => vscode.l10n.t("The models in VS Code's chat"),
  participant: () => vscode.l10n.t("@maas in VS Code's chat"),
  knowledgeTool: () => vscode.l10n.t('The knowledge-base tool (#kb)'),
  nativeChatSetup: () => vscode.l10n.t("The offer to set up VS Code's chat"),
  statusBar: () => vscode.l10n.t('The status bar item'),
  answerVoice: () => vscode.l10n.t('Answers read aloud as they arrive'),
  completions: () => vscode.l10n.t('Inline completions'),
} as const;

/** activate()'s message for a feature whose start threw; `reason` is already redacted. */
export function showStartFailure(feature: string, reason: string): void {
  void vscode.window.showErrorMessage(
    vscode.l10n.t('MaaS Assistant: {0} could not start ({1}). The other features work; see MaaS: Show Logs.', feature, reason),
  );
}

/** The error for a command or @maas asking for a feature that failed to start. */
export function featureUnavailable(feature: string): Error {
  return new Error(vscode.l10n.t('{0} could not start when MaaS Assistant was activated; see MaaS: Show Logs.', feature));
}
