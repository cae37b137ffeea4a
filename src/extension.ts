// The extension's entry point, a table of contents (docs/style.md rule 2): the services every feature builds on, then
// each feature in its own guarded step (one that fails to start is logged and shown once; the others work), then
// the start-up work that may finish later. Nothing is awaited before the features are registered.
// zod's set-up comes first: it must run before any module builds a schema.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { registerChat } from './vscode/chat/chatFeature';
import { registerCommands } from './vscode/commands/registerCommands';
import { registerChatProvider } from './vscode/languageModels/maasChatProvider';
import { registerParticipant } from './vscode/languageModels/maasParticipant';
import { KnowledgeTool, registerKnowledgeTool } from './vscode/knowledge/knowledgeTool';
import { NativeChatSetupOffer } from './vscode/languageModels/nativeChatSetup';
import { readAnswerAloud } from './vscode/speech/speakText';
import { AnswerVoice } from './vscode/speech/answerVoice';
import { revealChatView } from './vscode/chat/revealChat';
import { createServices } from './vscode/services/extensionServices';
import { featureDependencies } from './vscode/commands/featureDependencies';
import { FeatureName, showStartFailure } from './vscode/services/featureNames';
import { FeatureSteps } from './vscode/activation/featureSteps';
import { createSpeech } from './vscode/speech/speechFeature';
import { StatusBar } from './vscode/statusBar';
import { registerCompletions } from './vscode/completions/completionFeature';
import { createTestHook, type MaasTestHook } from './vscode/activation/testHook';

export function activate(context: vscode.ExtensionContext): MaasTestHook | undefined {
  const startedAt = performance.now();
  const services = createServices(context);
  const steps = new FeatureSteps(services.logger, showStartFailure);
  const speech = steps.run(FeatureName.readAloud(), () => createSpeech(services));
  const features = featureDependencies(services, speech, () => chat);
  const chat = steps.run(FeatureName.chat(), () =>
    registerChat(services, speech === undefined ? undefined : { player: speech.chatPlayer, readAloud: readAnswerAloud(features) }),
  );
  steps.run(FeatureName.commands(), () => context.subscriptions.push(...registerCommands({ ...services, features, memento: services.globalState })));
  steps.run(FeatureName.languageModels(), () =>
    context.subscriptions.push(
      registerChatProvider({
        settings: services.settings,
        credentials: services.credentials,
        client: () => services.clients.get(),
        logger: services.logger,
        images: services.images,
      }),
    ),
  );
  const knowledgeTool = steps.run(FeatureName.knowledgeTool(), () => {
    const tool = new KnowledgeTool({
      settings: services.settings,
      credentials: services.credentials,
      client: () => services.clients.get(),
      logger: services.logger,
    });
    context.subscriptions.push(registerKnowledgeTool(tool, services.logger));
    return tool;
  });
  const setupOffer = steps.run(FeatureName.nativeChatSetup(), () => {
    const offer = new NativeChatSetupOffer({ ...services, memento: context.globalState }, (listener) =>
      services.credentials.onDidChange((kind) => kind === 'apiKey' && listener()),
    );
    context.subscriptions.push(offer);
    return offer;
  });
  if (setupOffer !== undefined) void steps.runInBackground(FeatureName.nativeChatSetup(), () => setupOffer.consider());
  const voice = steps.run(FeatureName.answerVoice(), () => {
    if (speech === undefined || chat === undefined) return undefined;
    const answerVoice = new AnswerVoice({ ...services, client: () => services.clients.get(), speech, revealView: revealChatView });
    context.subscriptions.push(answerVoice, answerVoice.follow(chat.session));
    return answerVoice;
  });
  const participant = steps.run(FeatureName.participant(), () => {
    const registration = registerParticipant({
      settings: services.settings,
      client: () => services.clients.get(),
      logger: services.logger,
      readAloud: speech === undefined ? undefined : readAnswerAloud(features),
      voice,
      knowledge: knowledgeTool,
      images: services.images,
    });
    context.subscriptions.push(registration);
    return registration;
  });
  const statusBar = steps.run(FeatureName.statusBar(), () => {
    const item = new StatusBar(services.credentials, services.settings, chat?.session);
    context.subscriptions.push(item);
    return item;
  });
  const completions = steps.run(FeatureName.completions(), () => {
    const feature = registerCompletions(services);
    context.subscriptions.push(feature);
    return feature;
  });
  // Long-text synthesis tasks left running by an earlier window are followed again, each under its own progress
  // (their credentials wait for the credentials' start-up, not activation).
  if (speech !== undefined) void steps.runInBackground(FeatureName.readAloud(), () => speech.longTasks.resumeAll());

  const activationMs = performance.now() - startedAt;
  services.logger.info(`MaaS Assistant ${services.version} activated in ${activationMs.toFixed(1)} ms.`);
  const hook =
    context.extensionMode === vscode.ExtensionMode.Test
      ? createTestHook({ services, chat, speech, statusBar, completions, participant, knowledgeTool, activationMs, failures: () => steps.failures })
      : undefined;
  // Nothing is awaited: a slow or locked keyring delays the first credential read (behind credentials.ready), never
  // the commands and views.
  return hook;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
