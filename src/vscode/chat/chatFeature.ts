// The chat: its session (core/session/chatSession.ts, which owns the conversations and the turns) wired to the key,
// the settings, the service client and the words of the UI, and the side-bar view that shows it.
import * as vscode from 'vscode';
import { ChatSession } from '../../core/session/chatSession';
import { ViewId } from '../contributionIds';
import { errorView } from '../errors/errorPresentation';
import type { ExtensionServices } from '../activation/extensionServices';
import type { ChatSpeech } from './chatIntents';
import { ChatViewProvider } from './chatViewProvider';
import type { SettingsReader } from '../settings/settings';
import type { ChatSettings } from '../../core/session/chatSettings';
import type { SettingKey } from '../settings/settingsDeclaration';

export interface ChatFeature {
  readonly session: ChatSession;
  readonly view: ChatViewProvider;
}

/** The settings the chat reads, each of ChatSettings (the type fails to compile when one is missing). */
const chatSettingKeys: { readonly [K in Extract<keyof ChatSettings, SettingKey>]: true } = {
  baseUrl: true,
  chatModel: true,
  visionModel: true,
  extraModels: true,
  persona: true,
  historyMaxTurns: true,
  historyMaxCharacters: true,
  fontSize: true,
  imageMaxBytes: true,
  lmMaxInputTokens: true,
  readAnswers: true,
  imagesWithTextModel: true,
};

/** Fires when a setting the chat reads changes; a change of any other leaves the chat as it is. */
function chatSettingsChanged(settings: SettingsReader): vscode.Event<void> {
  const keys = Object.keys(chatSettingKeys) as SettingKey[];
  return (listener) =>
    settings.onDidChange((change) => {
      if (change.affects(...keys)) listener();
    });
}

export function registerChat(services: ExtensionServices, speech: ChatSpeech | undefined): ChatFeature {
  const { context, logger, credentials, settings } = services;
  const session = new ChatSession({
    store: services.store,
    backend: () => services.clients.get(),
    settings: () => settings.chat,
    apiKeySet: () => credentials.hasApiKey(),
    changes: [credentials.onDidChange, chatSettingsChanged(settings)],
    text: { error: errorView },
    l10n: vscode.l10n,
    log: logger,
    extensionVersion: services.version,
  });
  const view = new ChatViewProvider(context.extensionUri, { session, logger, speech, prompter: services.prompter }, logger);
  context.subscriptions.push(session, view, vscode.window.registerWebviewViewProvider(ViewId.chat, view));
  return { session, view };
}
