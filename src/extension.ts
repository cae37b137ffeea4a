// The extension's entry point: builds the objects, registers them, returns (style.md rule 2).
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { ApiKeyStore } from './vscode/apiKeyStore';
import { importBootstrapCredentials } from './vscode/bootstrapCredentials';
import { ChatViewProvider } from './vscode/chat/chatViewProvider';
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
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '');
  const chatView = new ChatViewProvider(context.extensionUri, version, keys, settings, logger);

  context.subscriptions.push(
    channel,
    keys,
    settings,
    chatView,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, chatView),
    ...registerCommands({ keys, logger }),
  );

  const activationMs = performance.now() - started;
  logger.info(`MaaS Assistant ${version} activated in ${activationMs.toFixed(1)} ms.`);
  return context.extensionMode === vscode.ExtensionMode.Test ? createTestHook(keys, activationMs) : undefined;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
