// The service's models in VS Code's own chat: a language-model provider (vendor `maas`) that lists the models of
// the settings (maas.models.chat, .vision, .extra) and answers through the same client as the chat view (retries,
// failover, proxy, redacted log, cancellation). Every other extension reaches them through vscode.lm too.
import * as vscode from 'vscode';
import { FUNCTION_NAME, type ChatMessage, type ContentPart, type FunctionTool } from '../../core/chat/chatRequest';
import type { MaasClient } from '../../core/maasClient';
import { explainError } from '../errors/errorPresentation';
import { imageDataUrl } from '../images/imageRefusal';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import type { ApiKeyStore } from '../secrets/apiKeyStore';
import { whileNativeChatEnabled } from './whileNativeChatEnabled';

export const LM_VENDOR = 'maas';

/** What the provider needs, passed in (docs/style.md rule 3). */
export interface ChatProviderDependencies {
  readonly settings: SettingsReader;
  readonly keys: ApiKeyStore;
  readonly client: () => MaasClient;
  readonly logger: Logger;
}

interface MaasModelInformation extends vscode.LanguageModelChatInformation {
  /** The service's model code sent as `model`. */
  readonly code: string;
}

/**
 * Token estimate (the service publishes no tokenizer): one token per CJK character and one per four other
 * characters, rounded up, plus IMAGE_TOKENS per image. Within a few per cent of the local service's own count for
 * English and Chinese prose; good enough for VS Code to decide what history fits.
 */
export function estimateTokens(text: string, images = 0): number {
  const cjk = text.match(/[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4) + IMAGE_TOKENS * images;
}
const IMAGE_TOKENS = 768;

export class MaasChatProvider implements vscode.LanguageModelChatProvider<MaasModelInformation>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: ChatProviderDependencies) {
    // The list depends on the key (none: no models) and on the model settings.
    this.subscriptions = [deps.keys.onDidChange(() => this.changed.fire()), deps.settings.onDidChange(() => this.changed.fire()), this.changed];
  }

  async provideLanguageModelChatInformation(options: vscode.PrepareLanguageModelChatModelOptions): Promise<MaasModelInformation[]> {
    if ((await this.deps.keys.get()) === undefined) {
      // Asked silently (VS Code resolving models on its own): never prompt. Asked by the user (Manage Language
      // Models): offer to set the key, the provider's management command.
      if (options.silent) return [];
      await vscode.commands.executeCommand('maas.setApiKey');
      if ((await this.deps.keys.get()) === undefined) return [];
    }
    return this.models();
  }

  /** The models of the settings, each once: the chat model, the vision model, then the extra ones. */
  models(): MaasModelInformation[] {
    const { chatModel, visionModel, extraModels, lmMaxInputTokens, lmMaxOutputTokens } = this.deps.settings.settings;
    const entries = [{ code: chatModel, vision: false }, { code: visionModel, vision: true }, ...extraModels];
    const seen = new Set<string>();
    return entries
      .filter((entry) => !seen.has(entry.code) && seen.add(entry.code))
      .map((entry) => ({
        id: entry.code,
        code: entry.code,
        name: entry.code,
        family: entry.code,
        version: '1',
        detail: vscode.l10n.t('MaaS service'),
        tooltip: entry.vision
          ? vscode.l10n.t("{0}: the service's multimodal model (text and images)", entry.code)
          : vscode.l10n.t('{0} on the MaaS service', entry.code),
        maxInputTokens: lmMaxInputTokens,
        maxOutputTokens: lmMaxOutputTokens,
        // Function tools (the service's tools list, spec 4.1) go to the language models, not the vision model.
        capabilities: { imageInput: entry.vision, toolCalling: !entry.vision },
      }));
  }

  async provideLanguageModelChatResponse(
    model: MaasModelInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const abort = new AbortController();
    const cancellation = token.onCancellationRequested(() => abort.abort());
    try {
      const tools = model.capabilities.toolCalling === true ? this.wireTools(options.tools ?? []) : [];
      const request = {
        model: model.code,
        messages: await this.wireMessages(messages, model),
        ...maxTokensOption(options.modelOptions, model.maxOutputTokens),
        ...(tools.length > 0 ? { tools, ...(options.toolMode === vscode.LanguageModelChatToolMode.Required ? { tool_choice: 'required' as const } : {}) } : {}),
      };
      for await (const event of this.deps.client().streamChat(request, { signal: abort.signal })) {
        if (event.type === 'text' && event.text !== '') progress.report(new vscode.LanguageModelTextPart(event.text));
        if (event.type === 'toolCall')
          progress.report(new vscode.LanguageModelToolCallPart(event.call.id, event.call.name, toolInput(event.call.name, event.call.arguments)));
      }
    } catch (error) {
      if (token.isCancellationRequested) return;
      throw this.languageModelError(error);
    } finally {
      cancellation.dispose();
    }
  }

  async provideTokenCount(_model: MaasModelInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    if (typeof text === 'string') return estimateTokens(text);
    const parts = text.content;
    return estimateTokens(parts.map(partText).join(''), parts.filter((part) => imagePart(part) !== undefined).length);
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
  private async wireMessages(messages: readonly vscode.LanguageModelChatRequestMessage[], model: MaasModelInformation): Promise<ChatMessage[]> {
    const wire: { role: 'user' | 'assistant' | 'tool'; text: string; images: string[]; calls?: ChatMessage['tool_calls']; callId?: string }[] = [];
    for (const message of messages) {
      const role = message.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : 'user';
      const images: string[] = [];
      for (const part of message.content) {
        const image = imagePart(part);
        if (image === undefined) continue;
        if (model.capabilities.imageInput !== true)
          throw new Error(vscode.l10n.t('{0} does not take images; pick the vision model {1}.', model.code, this.deps.settings.settings.visionModel));
        images.push(await imageDataUrl(image.data, this.deps.settings.settings.imageMaxBytes, vscode.l10n.t('An attached image')));
      }
      for (const part of message.content) {
        if (part instanceof vscode.LanguageModelToolResultPart)
          wire.push({ role: 'tool', text: part.content.map(partText).join('') || '…', images: [], callId: part.callId });
      }
      const calls = message.content
        .filter((part): part is vscode.LanguageModelToolCallPart => part instanceof vscode.LanguageModelToolCallPart)
        .map((part) => ({ id: part.callId, type: 'function' as const, function: { name: part.name, arguments: JSON.stringify(part.input) } }));
      const text = message.content.map((part) => (part instanceof vscode.LanguageModelToolResultPart ? '' : partText(part))).join('');
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
    return wire.map((m): ChatMessage => {
      if (m.role === 'tool') return { role: 'tool', content: m.text, ...(m.callId === undefined ? {} : { tool_call_id: m.callId }) };
      if (m.calls !== undefined) return { role: 'assistant', content: m.text, tool_calls: m.calls };
      if (m.images.length === 0) return { role: m.role, content: m.text };
      const parts: ContentPart[] = [
        { type: 'text', text: m.text.trim() === '' ? '…' : m.text },
        ...m.images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
      ];
      return { role: m.role, content: parts };
    });
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
      const registration = vscode.Disposable.from(vscode.lm.registerLanguageModelChatProvider(LM_VENDOR, provider), provider, deps.keys.onDidChange(resolve));
      resolve();
      return registration;
    },
  );
}
