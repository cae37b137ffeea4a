// The service's models in VS Code's own chat: a language-model provider (vendor `maas`) that lists the models of
// the settings (maas.models.chat, .vision, .extra) and answers through the same client as the chat view (retries,
// failover, proxy, redacted log, cancellation). Every other extension reaches them through vscode.lm too.
import * as vscode from 'vscode';
import type { MaasClient } from '../../core/maasClient';
import { countTokens, IMAGE_TOKENS } from '../../shared/tokenCount';
import { ask } from '../../core/requests/ask';
import { AnswerFailed } from '../../core/requests/askErrors';
import { DescriptionCache } from '../../core/requests/imageDescriptions';
import { availableModels } from '../../core/requests/requestPlan';
import { familyOf, type ModelFamilyName } from '../../shared/modelFamilies';
import { markdownGuard } from '../../core/markdown/markdownGuard';
import { explainError } from '../errors/errorPresentation';
import type { ImageDecoder } from '../../core/images/imageDecoder';
import { imageDataUrl } from '../images/imageRefusal';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import type { Credentials } from '../../core/credentials/credentials';
import { CommandId } from '../commandIds';
import { LM_VENDOR } from '../contributionIds';
import { describedNote, routedNote } from './imagesWithTextModel';
import { functionTools, imageOf, maxTokensOption, partText, planMessages, type MessagePartClasses } from './providerMessages';
import { responseParts, type PartClasses } from './responseParts';
import { whileNativeChatEnabled } from './whileNativeChatEnabled';
import { withAbortSignal } from '../withAbortSignal';

/** What the provider needs, passed in (docs/style.md rule 3). */
export interface ChatProviderDependencies {
  readonly settings: Pick<SettingsReader, 'settings' | 'onDidChange'>;
  readonly credentials: Pick<Credentials, 'hasApiKey' | 'onDidChange'>;
  readonly client: () => MaasClient;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'redact'>;
  /** Decodes attached images off the extension host's thread. */
  readonly images: Pick<ImageDecoder, 'decode'>;
}

interface MaasModelInformation extends vscode.LanguageModelChatInformation {
  /** The service's model code sent as `model`. */
  readonly code: string;
  /** What the model takes and does (src/shared/modelFamilies.ts): images itself or as the setting says, tools or none. */
  readonly modelFamily: ModelFamilyName;
}

/** The settings `models()` reads: a change of any other setting leaves the model list as it is. */
const MODEL_INFORMATION_SETTINGS = ['chatModel', 'visionModel', 'extraModels', 'lmMaxInputTokens', 'lmMaxOutputTokens', 'imagesWithTextModel'] as const;

export class MaasChatProvider implements vscode.LanguageModelChatProvider<MaasModelInformation>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private readonly descriptions = new DescriptionCache();

  constructor(private readonly deps: ChatProviderDependencies) {
    // The list depends on the key (none: no models) and on the settings each model's information is made of.
    this.subscriptions = [
      deps.credentials.onDidChange(() => this.changed.fire()),
      deps.settings.onDidChange((change) => {
        if (change.affects(...MODEL_INFORMATION_SETTINGS)) this.changed.fire();
      }),
      this.changed,
    ];
  }

  async provideLanguageModelChatInformation(options: vscode.PrepareLanguageModelChatModelOptions): Promise<MaasModelInformation[]> {
    if (!(await this.deps.credentials.hasApiKey())) {
      // Asked silently (VS Code resolving models on its own): never prompt. Asked by the user (Manage Language
      // Models): offer to set the key, the provider's management command.
      if (options.silent) return [];
      await vscode.commands.executeCommand(CommandId.setApiKey);
      if (!(await this.deps.credentials.hasApiKey())) return [];
    }
    return this.models();
  }

  /** The models of the settings (the request plan's one list): the chat model, the vision model, then the extra ones. */
  models(): MaasModelInformation[] {
    const { lmMaxInputTokens, lmMaxOutputTokens, imagesWithTextModel } = this.deps.settings.settings;
    return availableModels(this.deps.settings.settings).map((entry) => ({
      id: entry.code,
      code: entry.code,
      modelFamily: entry.family,
      name: entry.code,
      family: entry.code,
      version: '1',
      detail: vscode.l10n.t('MaaS service'),
      tooltip: familyOf(entry.family).images
        ? vscode.l10n.t("{0}: the service's multimodal model (text and images)", entry.code)
        : vscode.l10n.t('{0} on the MaaS service', entry.code),
      maxInputTokens: lmMaxInputTokens,
      maxOutputTokens: lmMaxOutputTokens,
      // Function tools (the service's tools list, spec 4.1) go to the families that take them. Images work with every
      // model unless maas.images.withTextModel is off: a model that does not see them gets them described.
      capabilities: { imageInput: familyOf(entry.family).images || imagesWithTextModel !== 'refuse', toolCalling: familyOf(entry.family).tools },
    }));
  }

  async provideLanguageModelChatResponse(
    model: MaasModelInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    try {
      await withAbortSignal(token, (signal) => this.respond(model, messages, options, progress, signal));
    } catch (error) {
      if (token.isCancellationRequested) return;
      throw this.languageModelError(error);
    }
  }

  private async respond(
    model: MaasModelInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    signal: AbortSignal,
  ): Promise<void> {
    const parts = responseParts(vscode as unknown as PartClasses, await markdownGuard('chat'), { routed: routedNote, described: describedNote });
    const settings = this.deps.settings.settings;
    const tools = !familyOf(model.modelFamily).tools ? [] : functionTools(options.tools ?? [], (text) => this.deps.logger.warn(text));
    const input = {
      model: model.code,
      messages: await planMessages(messages, messageClasses(), (image) =>
        imageDataUrl(image.data, settings.imageMaxBytes, vscode.l10n.t('An attached image'), this.deps.images),
      ),
      params: maxTokensOption(options.modelOptions, model.maxOutputTokens),
      tools,
      ...(options.toolMode === vscode.LanguageModelChatToolMode.Required ? { toolChoice: 'required' as const } : {}),
    };
    const redact = (text: string): string => this.deps.logger.redact(text);
    const question = {
      input,
      settings,
      backend: this.deps.client(),
      descriptions: this.descriptions,
      signal,
      redact,
    };
    try {
      for await (const event of ask(question)) {
        if (event.type === 'refusal' || event.type === 'error') throw new AnswerFailed(event.error);
        for (const part of parts.of(event, toolInput)) progress.report(part as vscode.LanguageModelResponsePart);
      }
    } finally {
      // Text held back for a link still arriving is the answer's too, whether it ended or failed.
      for (const part of parts.end()) progress.report(part as vscode.LanguageModelResponsePart);
    }
  }

  /** Local and fast: the service's token rule (shared/tokenCount.ts) over the text a message sends, plus its images. */
  provideTokenCount(_model: MaasModelInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    if (typeof text === 'string') return Promise.resolve(countTokens(text));
    let tokens = 0;
    for (const part of text.content) {
      if (imageOf(part) !== undefined) tokens += IMAGE_TOKENS;
      else if (part instanceof vscode.LanguageModelToolCallPart) tokens += countTokens(part.name) + countTokens(JSON.stringify(part.input));
      else tokens += countTokens(partText(part, messageClasses()));
    }
    return Promise.resolve(tokens);
  }

  /** The same words the chat view shows for the error, with the service's own message; key problems as NoPermissions. */
  private languageModelError(error: unknown): Error {
    const explained = explainError(error, (text) => this.deps.logger.redact(text));
    const message = [`${explained.title}: ${explained.detail}`, explained.serviceSaid].filter((part) => part !== undefined).join(' ');
    this.deps.logger.warn(`A language-model request failed: ${message}`);
    const kind = explained.stored.kind;
    return kind === 'keyMissing' || kind === 'keyUnknown' || kind === 'keyDisabled' ? vscode.LanguageModelError.NoPermissions(message) : new Error(message);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/** A call's arguments as the object VS Code passes to the tool; text that is not a JSON object is an error that says so. */
function toolInput(name: string, text: string): object {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
  } catch {
    // reported below
  }
  throw new Error(vscode.l10n.t('The model called the tool {0} with arguments that are not a JSON object: {1}', name, text.slice(0, 200)));
}

/** The part classes of the vscode module, as the message conversion tells parts apart. */
function messageClasses(): MessagePartClasses {
  return {
    LanguageModelTextPart: vscode.LanguageModelTextPart,
    LanguageModelToolCallPart: vscode.LanguageModelToolCallPart,
    LanguageModelToolResultPart: vscode.LanguageModelToolResultPart,
    assistantRole: vscode.LanguageModelChatMessageRole.Assistant,
  };
}

/**
 * Registers the provider while `maas.nativeChat.enabled` is on (on and off live), and resolves the models once at
 * registration so the first request of VS Code's chat does not fail (docs/testing.md, VS Code's own chat).
 */
export function registerChatProvider(deps: ChatProviderDependencies): vscode.Disposable {
  return whileNativeChatEnabled(
    deps.settings,
    () => typeof vscode.lm?.registerLanguageModelChatProvider === 'function',
    () => {
      const provider = new MaasChatProvider(deps);
      // Resolved again when the key changes (the demo's key arrives after activation): VS Code's picker shows
      // a provider's models once something has resolved them.
      const resolve = (): void =>
        void Promise.resolve(vscode.lm.selectChatModels({ vendor: LM_VENDOR })).then(
          (models) =>
            deps.logger.info(`Language models of the MaaS service in VS Code's chat: ${models.map((m) => m.id).join(', ') || 'none yet (no API key)'}`),
          (error: unknown) => deps.logger.warn(`Resolving the MaaS language models failed: ${String(error)}`),
        );
      const registration = vscode.Disposable.from(
        vscode.lm.registerLanguageModelChatProvider(LM_VENDOR, provider),
        provider,
        deps.credentials.onDidChange(resolve),
      );
      resolve();
      return registration;
    },
  );
}
