// What is sent for a question, decided once for every surface (the chat view, VS Code's chat through the provider,
// @maas): which models exist and which of them see images, what images become for a model that does not
// (maas.images.withTextModel: described for it, the question routed to the vision model, or refused), which persona
// goes first, how an image travels, and how the messages are put in the order the service takes. The surfaces turn
// their own messages into the neutral ones below and send what the plan says. Pure: a description the plan needs is
// asked for (a `describe` step) and handed back in `descriptions` (ask.ts runs the steps).
import { createHash } from 'node:crypto';
import type { WireParams } from '../../shared/chatParams';
import { familyOf, type ModelFamily, type ModelFamilyName } from '../../shared/modelFamilies';
import type { ChatMessage, ChatRequest, ContentPart, FunctionTool, RetrievalOptions } from '../chat/chatRequest';

/** What maas.images.withTextModel says a question with images gets from a model that does not see images. */
export type TextModelImages = 'describe' | 'visionModel' | 'refuse';

/** A model of the settings: its code, and its family (what it takes and does: src/shared/modelFamilies.ts). */
export interface ModelChoice {
  readonly code: string;
  readonly family: ModelFamilyName;
}

/** The settings a plan reads. */
export interface PlanSettings {
  readonly chatModel: string;
  readonly visionModel: string;
  readonly extraModels: readonly ModelChoice[];
  readonly imagesWithTextModel: TextModelImages;
  /** maas.chat.persona: the system prompt when the conversation has none of its own. */
  readonly persona: string;
}

/** The models a user can pick: the chat model, the vision model, then the extra ones, each once. */
export function availableModels(settings: Pick<PlanSettings, 'chatModel' | 'visionModel' | 'extraModels'>): ModelChoice[] {
  const all: ModelChoice[] = [{ code: settings.chatModel, family: 'language' }, { code: settings.visionModel, family: 'vision' }, ...settings.extraModels];
  return all.filter((model, index) => all.findIndex((other) => other.code === model.code) === index);
}

/** What `model` takes and does: its family's declaration; a model the settings no longer list is a language model. */
export function modelFamily(settings: Pick<PlanSettings, 'chatModel' | 'visionModel' | 'extraModels'>, model: string): ModelFamily {
  return familyOf(availableModels(settings).find((choice) => choice.code === model)?.family ?? 'language');
}

/** Whether `model` takes images itself. */
export function takesImages(settings: Pick<PlanSettings, 'chatModel' | 'visionModel' | 'extraModels'>, model: string): boolean {
  return modelFamily(settings, model).images;
}

/** What a question with images asked of `model` gets: the images as they are, a description, the vision model, or a refusal. */
export function imagesFor(settings: PlanSettings, model: string): 'send' | 'describe' | 'route' | 'refuse' {
  if (takesImages(settings, model)) return 'send';
  switch (settings.imagesWithTextModel) {
    case 'describe':
      return 'describe';
    case 'visionModel':
      return 'route';
    case 'refuse':
      return 'refuse';
  }
}

/** The system prompt of a conversation: its own persona when it has one, else the settings' (blank: none). */
export function personaOf(settings: Pick<PlanSettings, 'persona'>, own?: string): string {
  return own !== undefined && own.trim() !== '' ? own.trim() : settings.persona.trim();
}

/** An image of a message: its data: or https: URL, and what identifies it (its bytes' hash, its file) for descriptions. */
export interface PlanImage {
  readonly url: string;
  readonly key: string;
}

export interface PlanToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as a JSON text. */
  readonly arguments: string;
}

/** A message as every surface has it before the plan: text, images, the calls an answer made, a tool's result. */
export type PlanMessage =
  | { readonly role: 'user'; readonly text: string; readonly images?: readonly PlanImage[] }
  | { readonly role: 'assistant'; readonly text: string; readonly toolCalls?: readonly PlanToolCall[] }
  | { readonly role: 'tool'; readonly callId?: string; readonly text: string };

export interface PlanInput {
  /** The model asked (the picker's, the conversation's, the turn's). */
  readonly model: string;
  readonly messages: readonly PlanMessage[];
  /** The persona to put first: the conversation's own (blank: the settings'); absent: none (VS Code's chat brings its own). */
  readonly persona?: { readonly own?: string };
  readonly params?: WireParams;
  readonly retrieval?: RetrievalOptions;
  /** Function tools the model may call; sent only to a model whose family takes them (a routed question goes without). */
  readonly tools?: readonly FunctionTool[];
  readonly toolChoice?: ChatRequest['tool_choice'];
  /** Descriptions made already, by `descriptionKey`. */
  readonly descriptions?: ReadonlyMap<string, string>;
}

/** A description the plan needs before it can send: the vision model describes `imageUrls` for `question`. */
export interface DescribeJob {
  readonly key: string;
  readonly visionModel: string;
  readonly question: string;
  readonly imageUrls: readonly string[];
}

/** A description that goes with the question being asked (the last user message), to be shown with the answer. */
export interface Described {
  readonly key: string;
  readonly visionModel: string;
  readonly text: string;
}

/** Why a question is not sent. */
export type PlanRefusal = { readonly kind: 'imagesNeedVision'; readonly model: string; readonly visionModel: string };

export type Plan =
  | {
      readonly kind: 'send';
      readonly request: ChatRequest;
      /** The model asked, when the question went to the vision model instead (maas.images.withTextModel: visionModel). */
      readonly routedFrom?: string;
      readonly described: readonly Described[];
    }
  | { readonly kind: 'describe'; readonly jobs: readonly DescribeJob[] }
  | { readonly kind: 'refused'; readonly refusal: PlanRefusal };

/** What identifies a description: the vision model and the images it described. */
export function descriptionKey(visionModel: string, images: readonly PlanImage[]): string {
  const hash = createHash('sha256').update(visionModel);
  for (const image of images) hash.update('\0').update(image.key);
  return hash.digest('hex');
}

/** The images' key by their bytes: the same bytes, the same key, wherever they come from. */
export function imageKey(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The question as a model that cannot see images gets it: the description follows it, marked as the vision model's. */
export function questionWithDescription(question: string, description: string, visionModel: string): string {
  return `${question}\n\n[Description of the attached image(s) by ${visionModel}, for a model that cannot see images]\n${description.trim()}`;
}

/** How an image travels to the service (spec 2.2): an `image_url` part, built here only. */
export function imagePart(url: string): Extract<ContentPart, { type: 'image_url' }> {
  return { type: 'image_url', image_url: { url } };
}

/**
 * What the user asked in a message, for a description: VS Code's chat wraps the user's words in <userRequest> among the
 * attachments and reminders it adds; elsewhere the message's text, its last 2,000 characters at most.
 */
function askedIn(text: string): string {
  const request = /<userRequest>([\s\S]*?)<\/userRequest>/.exec(text)?.[1];
  return (request ?? text).trim().slice(-2000);
}

export function planRequest(input: PlanInput, settings: PlanSettings): Plan {
  const withImages = input.messages.some((message) => message.role === 'user' && (message.images?.length ?? 0) > 0);
  const handling = withImages ? imagesFor(settings, input.model) : 'send';
  if (handling === 'refuse') return { kind: 'refused', refusal: { kind: 'imagesNeedVision', model: input.model, visionModel: settings.visionModel } };
  const routed = handling === 'route';
  const model = routed ? settings.visionModel : input.model;
  const known = input.descriptions ?? new Map<string, string>();
  const jobs: DescribeJob[] = [];
  const described: Described[] = [];
  const asking = lastUserIndex(input.messages);
  const messages = input.messages.map((message, index): PlanMessage => {
    if (handling !== 'describe' || message.role !== 'user' || (message.images?.length ?? 0) === 0) return message;
    const images = message.images ?? [];
    const key = descriptionKey(settings.visionModel, images);
    const text = known.get(key);
    if (text === undefined) {
      if (!jobs.some((job) => job.key === key))
        jobs.push({ key, visionModel: settings.visionModel, question: askedIn(message.text), imageUrls: images.map((image) => image.url) });
      return message;
    }
    if (index === asking) described.push({ key, visionModel: settings.visionModel, text });
    return { role: 'user', text: questionWithDescription(message.text, text, settings.visionModel) };
  });
  if (jobs.length > 0) return { kind: 'describe', jobs };
  const persona = input.persona === undefined ? '' : personaOf(settings, input.persona.own);
  const tools = routed || !modelFamily(settings, model).tools ? [] : (input.tools ?? []);
  const request: ChatRequest = {
    model,
    messages: [...(persona === '' ? [] : [{ role: 'system' as const, content: persona }]), ...wireMessages(messages)],
    ...input.params,
    ...(input.retrieval === undefined ? {} : { retrieval: input.retrieval }),
    ...(tools.length > 0 ? { tools: [...tools], ...(input.toolChoice === undefined ? {} : { tool_choice: input.toolChoice }) } : {}),
  };
  return { kind: 'send', request, ...(routed ? { routedFrom: input.model } : {}), described };
}

function lastUserIndex(messages: readonly PlanMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return -1;
}

interface WireMessage {
  role: 'user' | 'assistant' | 'tool';
  text: string;
  images: string[];
  calls?: PlanToolCall[];
  callId?: string;
}

/**
 * The messages in the order the service takes (spec 4.1): tool results as `tool` messages after the answer that called
 * them, words sent with tool results kept with them (after a tool message only the model speaks), consecutive plain
 * messages of one role joined so the roles alternate, and empty ones left out.
 */
function wireMessages(messages: readonly PlanMessage[]): ChatMessage[] {
  const wire: WireMessage[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      wire.push({
        role: 'tool',
        text: message.text === '' ? '…' : message.text,
        images: [],
        ...(message.callId === undefined ? {} : { callId: message.callId }),
      });
      continue;
    }
    const images = message.role === 'user' ? (message.images ?? []).map((image) => image.url) : [];
    const calls = message.role === 'assistant' ? [...(message.toolCalls ?? [])] : [];
    if (message.text.trim() === '' && images.length === 0 && calls.length === 0) continue;
    const last = wire[wire.length - 1];
    if (last?.role === 'tool' && message.role === 'user' && images.length === 0) {
      last.text = `${last.text}\n\n${message.text}`;
      continue;
    }
    if (last !== undefined && last.role === message.role && last.calls === undefined && calls.length === 0) {
      last.text = [last.text, message.text].filter((text) => text !== '').join('\n\n');
      last.images.push(...images);
    } else wire.push({ role: message.role, text: message.text, images, ...(calls.length > 0 ? { calls } : {}) });
  }
  return wire.map((message): ChatMessage => {
    if (message.role === 'tool') return { role: 'tool', content: message.text, ...(message.callId === undefined ? {} : { tool_call_id: message.callId }) };
    if (message.calls !== undefined)
      return {
        role: 'assistant',
        content: message.text,
        tool_calls: message.calls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } })),
      };
    if (message.images.length === 0) return { role: message.role, content: message.text };
    return { role: message.role, content: [{ type: 'text', text: message.text.trim() === '' ? '…' : message.text }, ...message.images.map(imagePart)] };
  });
}
