// VS Code's messages (vscode.lm, VS Code's chat) as the request plan's neutral messages (core/requests/requestPlan.ts):
// text parts joined, images (LanguageModelDataPart, told by shape) as data: URLs keyed by their bytes, an assistant's
// tool calls, and each tool result as a message of its own before the words that came with it. The part classes are
// passed in, so this runs without the vscode module (the unit tests give fakes); the plan does the rest. Also what
// else of VS Code's request goes to the service: the tools it offers and the caller's `max_tokens`.
import { FUNCTION_NAME, type FunctionTool } from '../../core/chat/chatRequest';
import { imageKey, type PlanImage, type PlanMessage } from '../../core/requests/requestPlan';

/** The classes this tells parts apart by, as the vscode module has them. */
export interface MessagePartClasses {
  readonly LanguageModelTextPart: abstract new (...args: never[]) => { readonly value: string };
  readonly LanguageModelToolCallPart: abstract new (...args: never[]) => { readonly callId: string; readonly name: string; readonly input: object };
  readonly LanguageModelToolResultPart: abstract new (...args: never[]) => { readonly callId: string; readonly content: readonly unknown[] };
  /** LanguageModelChatMessageRole.Assistant. */
  readonly assistantRole: number;
}

/** A message as VS Code hands it over. */
export interface ProviderMessage {
  readonly role: number;
  readonly content: readonly unknown[];
}

/** An image part (LanguageModelDataPart with an image mime type, VS Code 1.105+), told by shape. */
export function imageOf(part: unknown): { mimeType: string; data: Uint8Array } | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  const { mimeType, data } = part as { mimeType?: unknown; data?: unknown };
  return typeof mimeType === 'string' && mimeType.startsWith('image/') && data instanceof Uint8Array ? { mimeType, data } : undefined;
}

/** The text a part carries for the model (a tool result's text parts, joined). */
export function partText(part: unknown, classes: MessagePartClasses): string {
  if (part instanceof classes.LanguageModelTextPart) return part.value;
  if (part instanceof classes.LanguageModelToolResultPart) return part.content.map((inner) => partText(inner, classes)).join('');
  return '';
}

/**
 * The plan's messages for VS Code's; `toUrl` makes an image's data: URL (downscaled under the cap, or refused with the
 * reason: the caller's words).
 */
export async function planMessages(
  messages: readonly ProviderMessage[],
  classes: MessagePartClasses,
  toUrl: (image: { mimeType: string; data: Uint8Array }) => Promise<string>,
): Promise<PlanMessage[]> {
  const planned: PlanMessage[] = [];
  for (const message of messages) {
    for (const part of message.content)
      if (part instanceof classes.LanguageModelToolResultPart) planned.push({ role: 'tool', callId: part.callId, text: partText(part, classes) });
    const text = message.content.map((part) => (part instanceof classes.LanguageModelToolResultPart ? '' : partText(part, classes))).join('');
    if (message.role === classes.assistantRole) {
      const toolCalls = message.content
        .filter((part) => part instanceof classes.LanguageModelToolCallPart)
        .map((call) => ({ id: call.callId, name: call.name, arguments: JSON.stringify(call.input) }));
      planned.push({ role: 'assistant', text, ...(toolCalls.length > 0 ? { toolCalls } : {}) });
      continue;
    }
    const images: PlanImage[] = [];
    for (const part of message.content) {
      const image = imageOf(part);
      if (image !== undefined) images.push({ url: await toUrl(image), key: imageKey(image.data) });
    }
    planned.push({ role: 'user', text, ...(images.length > 0 ? { images } : {}) });
  }
  return planned;
}

/** A tool as VS Code offers it (LanguageModelChatTool). */
export interface OfferedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: object | undefined;
}

/** The tools VS Code offers, as the service's function tools; a name the service would refuse is left out, said through `warn`. */
export function functionTools(tools: readonly OfferedTool[], warn: (text: string) => void): FunctionTool[] {
  const wire: FunctionTool[] = [];
  for (const tool of tools) {
    if (!FUNCTION_NAME.test(tool.name)) {
      warn(`The tool "${tool.name}" is not offered to the service: function names are 1-64 letters, digits, _ or -.`);
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

/** `max_tokens` from the caller's model options (`max_tokens` or `maxTokens`), within 1..the model's output limit. */
export function maxTokensOption(modelOptions: { readonly [name: string]: unknown } | undefined, limit: number): { max_tokens?: number } {
  const value = modelOptions?.['max_tokens'] ?? modelOptions?.['maxTokens'];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? { max_tokens: Math.min(value, limit) } : {};
}
