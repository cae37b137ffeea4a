// The extension's entry point: builds the objects, registers them, returns (style.md rule 2).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { DEFAULT_RETRY_POLICY } from './core/backoff';
import { ConversationStore } from './core/conversations/conversationStore';
import { ApiKeyStore } from './vscode/apiKeyStore';
import { importBootstrapCredentials } from './vscode/bootstrapCredentials';
import { ChatController } from './vscode/chat/chatController';
import { ChatViewProvider } from './vscode/chat/chatViewProvider';
import { ClientFactory } from './vscode/clientFactory';
import { registerCommands } from './vscode/commands/registerCommands';
import { Logger } from './vscode/logger';
import { SettingsReader } from './vscode/settings';
import { createTestHook, type MaasTestHook } from './vscode/testHook';

export async function activate(context: vscode.ExtensionContext): Promise<MaasTestHook | undefined> {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('MaaS Assistant', { log: true });
  const logger = new Logger(channel);
  const keys = new ApiKeyStore(context.secrets);
  logger.rememberSecret(await keys.get());
  await importBootstrapCredentials(keys, logger);
  const settings = new SettingsReader(logger);
  const clients = new ClientFactory(settings, keys, logger);
  const store = new ConversationStore(path.join(context.globalStorageUri.fsPath, 'chat'));
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '');
  const chat = new ChatController({
    store,
    client: () => clients.get(),
    keys,
    settings,
    logger,
    extensionVersion: version,
    maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
  });
  const chatView = new ChatViewProvider(context.extensionUri, chat, { controller: chat, store, settings, logger }, keys, settings, logger);

  context.subscriptions.push(
    channel,
    keys,
    settings,
    clients,
    chat,
    chatView,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, chatView),
    ...registerCommands({ keys, logger, settings, chat, revealChat: () => chatView.reveal(true) }),
  );

  const activationMs = performance.now() - started;
  logger.info(`MaaS Assistant ${version} activated in ${activationMs.toFixed(1)} ms.`);
  return context.extensionMode === vscode.ExtensionMode.Test ? createTestHook({ keys, chat, store, activationMs }) : undefined;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
