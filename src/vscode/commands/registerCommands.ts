// Registers every command of the CommandId table; the handler map is typed so a missing handler is a build error.
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../apiKeyStore';
import type { ChatController } from '../chat/chatController';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings';
import { addFileToChatCommand } from './addFileToChat';
import { addSelectionToChatCommand } from './addSelectionToChat';
import { clearApiKeyCommand } from './clearApiKey';
import { CommandId, type CommandIdValue } from './commandIds';
import { newConversationCommand } from './newConversation';
import { openConsoleCommand } from './openConsole';
import { setApiKeyCommand } from './setApiKey';
import { showLogsCommand } from './showLogs';

export interface CommandDependencies {
  readonly keys: ApiKeyStore;
  readonly logger: Logger;
  readonly settings: SettingsReader;
  readonly chat: ChatController;
  readonly revealChat: () => Promise<void>;
}

export function registerCommands(deps: CommandDependencies): vscode.Disposable[] {
  const handlers: Record<CommandIdValue, (...args: unknown[]) => unknown> = {
    [CommandId.setApiKey]: setApiKeyCommand(deps.keys, deps.logger),
    [CommandId.clearApiKey]: clearApiKeyCommand(deps.keys, deps.logger),
    [CommandId.showLogs]: showLogsCommand(deps.logger),
    [CommandId.openConsole]: openConsoleCommand(deps.settings),
    [CommandId.newConversation]: newConversationCommand(deps.chat, deps.settings, deps.revealChat),
    [CommandId.addSelectionToChat]: addSelectionToChatCommand(deps.chat),
    [CommandId.addFileToChat]: addFileToChatCommand(deps.chat),
  };
  return Object.entries(handlers).map(([id, handler]) =>
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
}
