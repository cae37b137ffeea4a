// Registers every command of the CommandId table; the handler map is typed so a missing handler is a build error.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import type { AddressApprovals } from '../secrets/addressApprovals';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import { addFileToChatCommand } from './addFileToChat';
import { addSelectionToChatCommand } from './addSelectionToChat';
import { addKnowledgeBaseCommand } from './addKnowledgeBase';
import { askKnowledgeBaseCommand } from './askKnowledgeBase';
import { chooseVoiceCommand } from './chooseVoice';
import { clearApiKeyCommand } from './clearApiKey';
import { clearSpeechCredentialsCommand } from './clearSpeechCredentials';
import { CommandId, type CommandIdValue } from '../commandIds';
import { describeImageCommand } from './describeImage';
import { describeImageFromUrlCommand } from './describeImageFromUrl';
import { revealChat } from '../chat/revealChat';
import type { FeatureDependencies } from '../activation/featureDependencies';
import { newConversationCommand, showConversationsCommand } from './newConversation';
import { openConsoleCommand } from './openConsole';
import { readAloudCommand } from './readAloud';
import { readAloudToFileCommand } from './readAloudToFile';
import { revokeAddressApprovalsCommand } from './revokeAddressApprovals';
import { toggleReadAnswersCommand } from '../speech/readAnswersSetting';
import { toggleCompletionsCommand } from './toggleCompletions';
import { setApiKeyCommand } from './setApiKey';
import { setSpeechCredentialsCommand } from './setSpeechCredentials';
import { showLogsCommand } from './showLogs';
import { testConnectionCommand } from './testConnection';
import { ConnectionReportView } from '../diagnostics/connectionReportView';
import { setUpNativeChatCommand } from '../languageModels/nativeChatSetup';

export interface CommandDependencies {
  readonly credentials: Credentials;
  readonly approvals: AddressApprovals;
  readonly logger: Logger;
  readonly settings: SettingsReader;
  readonly features: FeatureDependencies;
  /** globalState, for choices remembered across sessions (the last knowledge bases). */
  readonly memento: vscode.Memento;
}

export function registerCommands(deps: CommandDependencies): vscode.Disposable[] {
  const reports = new ConnectionReportView();
  const handlers: Record<CommandIdValue, (...args: unknown[]) => unknown> = {
    [CommandId.setApiKey]: setApiKeyCommand(deps.credentials, deps.features.prompter),
    [CommandId.clearApiKey]: clearApiKeyCommand(deps.credentials),
    [CommandId.showLogs]: showLogsCommand(deps.logger),
    [CommandId.openConsole]: openConsoleCommand(deps.settings, deps.credentials, deps.features.prompter),
    [CommandId.openChat]: () => revealChat(deps.features),
    [CommandId.newConversation]: newConversationCommand(deps.features.chat, () => revealChat(deps.features)),
    [CommandId.showConversations]: showConversationsCommand(deps.features.chatView, () => revealChat(deps.features)),
    [CommandId.addSelectionToChat]: addSelectionToChatCommand(deps.features.chat, deps.features.chatView),
    [CommandId.addFileToChat]: addFileToChatCommand(deps.features.chat, deps.features.chatView, deps.features.prompter),
    [CommandId.askKnowledgeBase]: askKnowledgeBaseCommand(deps.features, deps.memento),
    [CommandId.addKnowledgeBase]: addKnowledgeBaseCommand(deps.features),
    [CommandId.describeImage]: describeImageCommand(deps.features),
    [CommandId.describeImageFromUrl]: describeImageFromUrlCommand(deps.features),
    [CommandId.readAloud]: readAloudCommand(deps.features),
    [CommandId.readAloudToFile]: readAloudToFileCommand(deps.features),
    [CommandId.setSpeechCredentials]: setSpeechCredentialsCommand(deps.credentials, deps.features.prompter),
    [CommandId.clearSpeechCredentials]: clearSpeechCredentialsCommand(deps.credentials, deps.features.prompter),
    [CommandId.chooseVoice]: chooseVoiceCommand(deps.features),
    [CommandId.testConnection]: testConnectionCommand(deps.features, reports),
    [CommandId.copyConnectionReport]: () => reports.copy(deps.features.prompter),
    [CommandId.revokeAddressApprovals]: revokeAddressApprovalsCommand(deps.approvals, deps.features.prompter),
    [CommandId.toggleReadAnswers]: toggleReadAnswersCommand(deps.features.prompter),
    [CommandId.toggleCompletions]: toggleCompletionsCommand(deps.features.prompter),
    [CommandId.setUpNativeChat]: setUpNativeChatCommand({ ...deps, prompter: deps.features.prompter }),
  };
  const commands = Object.entries(handlers).map(([id, handler]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        deps.logger.error(`Command ${id} failed`, error);
        void vscode.window.showErrorMessage(
          vscode.l10n.t('MaaS: the command failed: {0}', deps.logger.redact(error instanceof Error ? error.message : String(error))),
        );
        return undefined;
      }
    }),
  );
  return [...commands, reports.register()];
}
