// The extension's entry point, a table of contents (docs/style.md rule 2): the services every feature builds on, then
// each feature in its own guarded step (one that fails to start is logged and shown once; the others work), then
// the start-up work that may finish later. Nothing is awaited before the features are registered.
// zod's set-up comes first: it must run before any module builds a schema.
import './vscode/zodSetup';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { registerChat } from './vscode/chat/chatFeature';
import { registerCommands } from './vscode/commands/registerCommands';
import { registerChatProvider } from './vscode/languageModels/maasChatProvider';
import { registerParticipant } from './vscode/languageModels/maasParticipant';
import { readAnswerAloud } from './vscode/commands/readAloud';
import { createServices } from './vscode/extensionServices';
import { featureDependencies } from './vscode/featureDependencies';
import { FeatureSteps } from './vscode/featureSteps';
import { createSpeech } from './vscode/speech/speechFeature';
import { StatusBar } from './vscode/statusBar';
import { createTestHook, type MaasTestHook } from './vscode/testHook';

export function activate(context: vscode.ExtensionContext): MaasTestHook | undefined {
  const startedAt = performance.now();
  const services = createServices(context);
  const steps = new FeatureSteps(services.logger, (feature, reason) => {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('MaaS Assistant: {0} could not start ({1}). The other features work; see MaaS: Show Logs.', feature, reason),
    );
  });
  const speech = steps.run(vscode.l10n.t('Read aloud'), () => createSpeech(services));
  const features = featureDependencies(services, speech, () => chat);
  const chat = steps.run(vscode.l10n.t('The chat view'), () =>
    registerChat(services, speech === undefined ? undefined : { player: speech.chatPlayer, readAloud: readAnswerAloud(features) }),
  );
  steps.run(vscode.l10n.t('The commands'), () => context.subscriptions.push(...registerCommands({ ...services, features, memento: context.globalState })));
  steps.run(vscode.l10n.t("The models in VS Code's chat"), () =>
    context.subscriptions.push(
      registerChatProvider({ settings: services.settings, credentials: services.credentials, client: () => services.clients.get(), logger: services.logger }),
    ),
  );
  steps.run(vscode.l10n.t("@maas in VS Code's chat"), () =>
    context.subscriptions.push(
      registerParticipant({
        settings: services.settings,
        client: () => services.clients.get(),
        logger: services.logger,
        readAloud: speech === undefined ? undefined : readAnswerAloud(features),
      }),
    ),
  );
  const statusBar = steps.run(vscode.l10n.t('The status bar item'), () => {
    const item = new StatusBar(services.credentials, services.settings, chat?.session);
    context.subscriptions.push(item);
    return item;
  });
  // Long-text synthesis tasks left running by an earlier window are followed again, each under its own progress
  // (their credentials wait for the credentials' start-up, not activation).
  if (speech !== undefined) void steps.runLater(vscode.l10n.t('Read aloud'), () => speech.longTasks.resumeAll());

  const activationMs = performance.now() - startedAt;
  services.logger.info(`MaaS Assistant ${services.version} activated in ${activationMs.toFixed(1)} ms.`);
  const hook =
    context.extensionMode === vscode.ExtensionMode.Test
      ? createTestHook({ services, chat, speech, statusBar, activationMs, failures: () => steps.failures })
      : undefined;
  // Nothing is awaited: a slow or locked keyring delays the first credential read (behind credentials.ready), never
  // the commands and views.
  return hook;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
