// The service's models in VS Code's own chat: a language-model provider (vendor `maas`) that lists the models of
// the settings (maas.models.chat, .vision, .extra) and answers through the same client as the chat view (retries,
// failover, proxy, redacted log, cancellation). Every other extension reaches them through vscode.lm too.
import * as vscode from 'vscode';
import { FUNCTION_NAME, type ChatMessage, type ContentPart, type FunctionTool } from '../../core/chat/chatRequest';
import type { MaasClient } from '../../core/maasClient';
import { countTokens, IMAGE_TOKENS } from '../../shared/tokenCount';
import { DescriptionCache, describeImages, questionWithDescription } from '../../core/images/imageDescriptions';
import { explainError } from '../errors/errorPresentation';
import { imageDataUrl } from '../images/imageRefusal';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import type { Credentials } from '../../core/credentials/credentials';
import { CommandId } from '../commandIds';
import { LM_VENDOR } from '../contributionIds';
import { answeredByVisionModel, imagesRefused } from './imagesWithTextModel';
import { responseParts, type PartClasses } from './responseParts';
import { whileNativeChatEnabled } from './whileNativeChatEnabled';
import { withAbortSignal } from '../withAbortSignal';

/** What the provider needs, passed in (docs/style.md rule 3). */
export interface ChatProviderDependencies {
  readonly settings: SettingsReader;
  readonly credentials: Pick<Credentials, 'hasApiKey' | 'onDidChange'>;
  readonly client: () => MaasClient;
  readonly logger: Logger;
}

interface MaasModelInformation extends vscode.LanguageModelChatInformation {
  /** The service's model code sent as `model`. */
  readonly code: string;
  /** Whether the model itself takes images (the vision models); the others get them as the setting says. */
  readonly vision: boolean;
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

  /** The models of the settings, each once: the chat model, the vision model, then the extra ones. */
  models(): MaasModelInformation[] {
    const { chatModel, visionModel, extraModels, lmMaxInputTokens, lmMaxOutputTokens, imagesWithTextModel } = this.deps.settings.settings;
    const entries = [{ code: chatModel, vision: false }, { code: visionModel, vision: true }, ...extraModels];
    const seen = new Set<string>();
    return entries
      .filter((entry) => !seen.has(entry.code) && seen.add(entry.code))
      .map((entry) => ({
        id: entry.code,
        code: entry.code,
        vision: entry.vision,
        name: entry.code,
        family: entry.code,
        version: '1',
        detail: vscode.l10n.t('MaaS service'),
        tooltip: entry.vision
          ? vscode.l10n.t("{0}: the service's multimodal model (text and images)", entry.code)
          : vscode.l10n.t('{0} on the MaaS service', entry.code),
        maxInputTokens: lmMaxInputTokens,
        maxOutputTokens: lmMaxOutputTokens,
        // Function tools (the service's tools list, spec 4.1) go to the language models, not the vision model. Images
        // work with every model unless maas.images.withTextModel is off: a language model gets them described.
        capabilities: { imageInput: entry.vision || imagesWithTextModel !== 'refuse', toolCalling: !entry.vision },
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
    const parts = responseParts(vscode as unknown as PartClasses);
    const { visionModel, imagesWithTextModel } = this.deps.settings.settings;
    // Images asked about with a language model, when maas.images.withTextModel sends them to the vision model.
    const routed = !model.vision && imagesWithTextModel === 'visionModel' && messages.some((m) => m.content.some((p) => imagePart(p) !== undefined));
    const target = routed
      ? { code: visionModel, vision: true, toolCalling: false }
      : { code: model.code, vision: model.vision, toolCalling: model.capabilities.toolCalling === true };
    const tools = target.toolCalling ? this.wireTools(options.tools ?? []) : [];
    const wired = await this.wireMessages(messages, target, signal);
    const request = {
      model: target.code,
      messages: wired.messages,
      ...maxTokensOption(options.modelOptions, model.maxOutputTokens),
      ...(tools.length > 0 ? { tools, ...(options.toolMode === vscode.LanguageModelChatToolMode.Required ? { tool_choice: 'required' as const } : {}) } : {}),
    };
    if (routed) progress.report(new vscode.LanguageModelTextPart(answeredByVisionModel(model.code, visionModel)));
    for (const description of wired.described)
      // The thinking that follows (the model's reasoning) is shown in the same section: a blank line sets it apart.
      for (const part of parts.thinking(`${vscode.l10n.t('{0} described the attached image for {1}:', visionModel, model.code)}\n\n${description}\n\n`))
        progress.report(part as vscode.LanguageModelResponsePart);
    try {
      for await (const event of this.deps.client().streamChat(request, { signal })) {
        for (const part of parts.of(event, toolInput)) progress.report(part as vscode.LanguageModelResponsePart);
      }
    } finally {
      // What the link rule still held (a link cut off by the end or a failure) is shown as far as it arrived.
      for (const part of parts.end()) progress.report(part as vscode.LanguageModelResponsePart);
    }
  }

  /** Local and fast: the service's token rule (shared/tokenCount.ts) over the text a message sends, plus its images. */
  provideTokenCount(_model: MaasModelInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    if (typeof text === 'string') return Promise.resolve(countTokens(text));
    let tokens = 0;
    for (const part of text.content) {
      if (imagePart(part) !== undefined) tokens += IMAGE_TOKENS;
      else if (part instanceof vscode.LanguageModelToolCallPart) tokens += countTokens(part.name) + countTokens(JSON.stringify(part.input));
      else tokens += countTokens(partText(part));
    }
    return Promise.resolve(tokens);
  }

  /** The tools VS Code offers, as the service's function tools; a name the service would refuse is left out and logged. */
  private wireTools(tools: readonly vscode.LanguageModelChatTool[]): FunctionTool[] {
    const wire: FunctionTool[] = [];
    for (const tool of tools) {
      if (!FUNCTION_NAME.test(tool.name)) {
        this.deps.logger.warn(`The tool "${tool.name}" is not offered to the service: function names are 1-64 letters, digits, _ or -.`);
        continue;
      }
      const parameters =
        tool.inputSchema !== undefined && typeof tool.inputSchema === 'object'
          ? (tool.inputSchema as Record<string, unknown>)
          : { type: 'object', properties: {} };
      wire.push({ type: 'function', function: { name: tool.name, description: tool.description, parameters } });
    }
    return wire.slice(0, 128);
  }

  /**
   * VS Code's messages as the service's: text parts joined, images (vision models only) as data: URLs under the
   * size cap (downscaled like the chat view's), an assistant's tool calls as its `tool_calls`, tool results as
   * `tool` messages after it, and consecutive plain messages of one role merged so roles alternate.
   */
  private async wireMessages(
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    model: { readonly code: string; readonly vision: boolean },
    signal: AbortSignal,
  ): Promise<{ messages: ChatMessage[]; described: string[] }> {
    const wire: { role: 'user' | 'assistant' | 'tool'; text: string; images: string[]; calls?: ChatMessage['tool_calls']; callId?: string }[] = [];
    const described: string[] = [];
    for (const [index, message] of messages.entries()) {
      const role = message.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user';
      let images: string[] = [];
      const bytes: Uint8Array[] = [];
      for (const part of message.content) {
        const image = imagePart(part);
        if (image === undefined) continue;
        bytes.push(image.data);
        images.push(await imageDataUrl(image.data, this.deps.settings.settings.imageMaxBytes, vscode.l10n.t('An attached image')));
      }
      let description: string | undefined;
      if (images.length > 0 && !model.vision) {
        description = await this.describe(model.code, bytes, images, message, signal);
        // Only the question being asked shows its description; earlier ones were shown when they were asked.
        if (index === messages.length - 1 || !messages.slice(index + 1).some((m) => m.role === vscode.LanguageModelChatMessageRole.User))
          described.push(description);
        images = [];
      }
      for (const part of message.content) {
        if (part instanceof vscode.LanguageModelToolResultPart)
          wire.push({ role: 'tool', text: part.content.map(partText).join('') || '…', images: [], callId: part.callId });
      }
      const calls = message.content
        .filter((part): part is vscode.LanguageModelToolCallPart => part instanceof vscode.LanguageModelToolCallPart)
        .map((part) => ({ id: part.callId, type: 'function' as const, function: { name: part.name, arguments: JSON.stringify(part.input) } }));
      const written = message.content.map((part) => (part instanceof vscode.LanguageModelToolResultPart ? '' : partText(part))).join('');
      const text = description === undefined ? written : questionWithDescription(written, description, this.deps.settings.settings.visionModel);
      if (text.trim() === '' && images.length === 0 && calls.length === 0) continue;
      const last = wire[wire.length - 1];
      // Words sent with tool results stay with them: after a tool message only the model speaks (spec 4.1 order).
      if (last?.role === 'tool' && role === 'user' && images.length === 0) {
        last.text = `${last.text}\n\n${text}`;
        continue;
      }
      if (last !== undefined && last.role === role && last.calls === undefined && calls.length === 0) {
        last.text = [last.text, text].filter((t) => t !== '').join('\n\n');
        last.images.push(...images);
      } else wire.push({ role, text, images, ...(calls.length > 0 ? { calls } : {}) });
    }
    return {
      messages: wire.map((m): ChatMessage => {
        if (m.role === 'tool') return { role: 'tool', content: m.text, ...(m.callId === undefined ? {} : { tool_call_id: m.callId }) };
        if (m.calls !== undefined) return { role: 'assistant', content: m.text, tool_calls: m.calls };
        if (m.images.length === 0) return { role: m.role, content: m.text };
        const parts: ContentPart[] = [
          { type: 'text', text: m.text.trim() === '' ? '…' : m.text },
          ...m.images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
        ];
        return { role: m.role, content: parts };
      }),
      described,
    };
  }

  /**
   * A message's images in words, by the vision model, for a language model (maas.images.withTextModel: describe);
   * refused when the setting is off. Each set of images is described once (VS Code's chat sends it again with every
   * later question).
   */
  private async describe(
    code: string,
    bytes: readonly Uint8Array[],
    urls: readonly string[],
    message: vscode.LanguageModelChatRequestMessage,
    signal: AbortSignal,
  ): Promise<string> {
    const { visionModel, imagesWithTextModel } = this.deps.settings.settings;
    if (imagesWithTextModel === 'refuse') throw imagesRefused(code, visionModel);
    const key = DescriptionCache.keyOf(visionModel, bytes);
    const known = this.descriptions.get(key);
    if (known !== undefined) return known;
    const question = askedIn(message.content.map(partText).join(''));
    const description = await describeImages(this.deps.client(), { visionModel, question, imageUrls: urls }, signal);
    this.descriptions.set(key, description);
    return description;
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

function partText(part: unknown): string {
  if (part instanceof vscode.LanguageModelTextPart) return part.value;
  if (part instanceof vscode.LanguageModelToolResultPart) return part.content.map(partText).join('');
  return '';
}

/**
 * What the user asked, for the description: VS Code's chat wraps the user's words in <userRequest> among the
 * attachments and reminders it adds; elsewhere the message's text, its last 2,000 characters at most.
 */
function askedIn(text: string): string {
  const request = /<userRequest>([\s\S]*?)<\/userRequest>/.exec(text)?.[1];
  return (request ?? text).trim().slice(-2000);
}

/** A LanguageModelDataPart (VS Code 1.105+) holding an image; told by shape, so older type definitions do. */
function imagePart(part: unknown): { mimeType: string; data: Uint8Array } | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  const { mimeType, data } = part as { mimeType?: unknown; data?: unknown };
  return typeof mimeType === 'string' && mimeType.startsWith('image/') && data instanceof Uint8Array ? { mimeType, data } : undefined;
}

/** `max_tokens` from the caller's model options (`max_tokens` or `maxTokens`), within 1..the model's output limit. */
function maxTokensOption(modelOptions: { readonly [name: string]: unknown } | undefined, limit: number): { max_tokens?: number } {
  const value = modelOptions?.['max_tokens'] ?? modelOptions?.['maxTokens'];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? { max_tokens: Math.min(value, limit) } : {};
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
