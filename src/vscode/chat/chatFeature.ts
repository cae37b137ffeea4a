// The chat: its session (core/session/chatSession.ts, which owns the conversations and the turns) wired to the key,
// the settings, the service client and the words of the UI, and the side-bar view that shows it.
import * as vscode from 'vscode';
import { ChatSession } from '../../core/session/chatSession';
import { DEFAULT_RETRY_POLICY } from '../../core/http/backoff';
import { ViewId } from '../contributionIds';
import { errorView } from '../errors/errorPresentation';
import type { ExtensionServices } from '../activation/extensionServices';
import type { ChatSpeech } from './chatIntents';
import { ChatViewProvider } from './chatViewProvider';
import { webviewStrings } from './webviewStrings';
import type { SettingsReader } from '../settings/settings';
import { settingNames, type SettingKey } from '../settings/settingsSchema';

export interface ChatFeature {
  readonly session: ChatSession;
  readonly view: ChatViewProvider;
}

/** Fires when a setting the chat reads changes (the speech, knowledge-base and image command settings do not count). */
function chatSettingsChanged(settings: SettingsReader): vscode.Event<void> {
  const keys = Object.keys(settingNames) as SettingKey[];
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
    text: { error: errorView, strings: () => webviewStrings(vscode.l10n) },
    l10n: vscode.l10n,
    log: logger,
    extensionVersion: services.version,
    maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
  });
  const view = new ChatViewProvider(context.extensionUri, { session, logger, speech, prompter: services.prompter }, logger);
  context.subscriptions.push(session, view, vscode.window.registerWebviewViewProvider(ViewId.chat, view));
  return { session, view };
}
