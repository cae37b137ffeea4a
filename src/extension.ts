// The extension's entry point: builds the objects, registers them, returns (style.md rule 2).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { DEFAULT_RETRY_POLICY } from './core/http/backoff';
import { ConversationStore } from './core/conversations/conversationStore';
import { ApiKeyStore } from './vscode/secrets/apiKeyStore';
import { importBootstrapCredentials } from './vscode/secrets/bootstrapCredentials';
import { ChatController } from './vscode/chat/chatController';
import { ChatViewProvider } from './vscode/chat/chatViewProvider';
import { saveAudioFile } from './vscode/speech/saveAudioFile';
import { ClientFactory } from './vscode/clientFactory';
import type { FeatureDependencies } from './vscode/featureDependencies';
import { readAnswerAloud } from './vscode/commands/readAloud';
import { registerCommands } from './vscode/commands/registerCommands';
import { Logger } from './vscode/logger';
import { PrompterSlot } from './vscode/prompter';
import { SettingsReader } from './vscode/settings/settings';
import { LongTaskTracker } from './vscode/speech/longTaskTracker';
import { previewSpeechPlayer } from './vscode/speech/previewSpeechPlayer';
import { SpeechPlayerSlot } from './vscode/speech/speechPlayer';
import { VoiceCatalog } from './vscode/speech/voiceCatalog';
import { WebviewSpeechPlayer } from './vscode/speech/webviewSpeechPlayer';
import { SpeechCredentialStore } from './vscode/secrets/speechCredentialStore';
import { StatusBar } from './vscode/statusBar';
import { createTestHook, type MaasTestHook } from './vscode/testHook';

export async function activate(context: vscode.ExtensionContext): Promise<MaasTestHook | undefined> {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('MaaS Assistant', { log: true });
  const logger = new Logger(channel);
  const keys = new ApiKeyStore(context.secrets);
  logger.rememberSecret(await keys.get());
  const speechCredentials = new SpeechCredentialStore(context.secrets);
  await importBootstrapCredentials(keys, logger, process.env, speechCredentials);
  const settings = new SettingsReader(logger);
  const clients = new ClientFactory(settings, keys, logger, async () => {
    const credentials = await speechCredentials.get();
    logger.rememberSecret(credentials?.appkey);
    logger.rememberSecret(credentials?.token);
    return credentials;
  });
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
  const prompter = new PrompterSlot();
  const previewPlayer = previewSpeechPlayer(context.globalStorageUri.fsPath);
  const saveAudio = saveAudioFile(prompter);
  const chatPlayer = new WebviewSpeechPlayer({ fallback: previewPlayer, saveAudio });
  const features: FeatureDependencies = {
    prompter,
    settings,
    chat,
    store,
    client: () => clients.get(),
    keys,
    speechCredentials,
    logger,
    voices: new VoiceCatalog(context.globalState, () => clients.get(), () => settings.settings.baseUrl),
    player: new SpeechPlayerSlot(previewPlayer),
    longTasks: new LongTaskTracker(context.globalState, () => clients.get(), prompter, logger),
  };
  // Read aloud plays in the chat view (falling back to the media preview while no view can be shown).
  features.player.attach(chatPlayer);
  const statusBar = new StatusBar(keys, settings, chat);
  const speech = { player: chatPlayer, readAloud: readAnswerAloud(features) };
  const chatView = new ChatViewProvider(context.extensionUri, chat, { controller: chat, store, settings, logger, speech }, keys, settings, logger);

  context.subscriptions.push(
    channel,
    keys,
    settings,
    clients,
    chat,
    chatView,
    speechCredentials,
    statusBar,
    features.longTasks,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewId, chatView),
    ...registerCommands({ keys, logger, settings, chat, revealChat: () => chatView.reveal(true), features, memento: context.globalState }),
  );
  // Long-text synthesis tasks left running by an earlier window are followed again, each under its own progress.
  void features.longTasks.resumeAll();

  const activationMs = performance.now() - started;
  logger.info(`MaaS Assistant ${version} activated in ${activationMs.toFixed(1)} ms.`);
  return context.extensionMode === vscode.ExtensionMode.Test ? createTestHook({ keys, chat, chatView, store, activationMs, logFolder: context.logUri.fsPath, features: { prompter, speechCredentials, player: features.player, longTasks: features.longTasks, statusBar, memento: context.globalState, saveAudio } }) : undefined;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
