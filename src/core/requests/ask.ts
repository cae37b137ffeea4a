// One question's way to its answer, for every surface (the chat view's turns, VS Code's chat through the provider,
// @maas, the knowledge-base tool, completions): the address checked, the request plan made (requestPlan.ts) with the
// descriptions it needs (imageDescriptions.ts), the refusal or the route it decides, a request over the model's limit
// refused, the request run with retries and failover (the backend's), and its end. Each step is an event: a surface is
// a `for await` loop that maps them to its own output. Cancellation is the AbortSignal; a user's Stop is `stopped`,
// not an error, and a stream that breaks off after some text ends `interrupted`, the text kept.
import type { StoredError, StoredReference } from '../conversations/conversationModel';
import type { ChatEvent } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';
import { isServiceError } from '../http/serviceError';
import { assertNever, type RetryView } from '../../shared/protocol';
import type { ChatBackend } from './chatBackend';
import { noAddressError, refusalError, storedErrorFrom, type AddressSettings } from './askErrors';
import { contextProblem } from './contextLimit';
import { describeImages, type DescriptionCache } from './imageDescriptions';
import { planRequest, type Plan, type PlanInput, type PlanSettings } from './requestPlan';

export type AskEvent =
  /** The vision model starts describing the question's images for `model`, which does not see images. */
  | { readonly type: 'describing'; readonly visionModel: string; readonly model: string }
  /** A description of the question's images, made by `visionModel` for `model`; `made`: now, not kept from before. */
  | { readonly type: 'described'; readonly visionModel: string; readonly model: string; readonly text: string; readonly made: boolean }
  /** The question goes to `to`, the vision model, instead of `from` (maas.images.withTextModel: visionModel). */
  | { readonly type: 'routed'; readonly from: string; readonly to: string }
  /** The answer's text, its usage, a function call, its finish reason, and the addresses tried: as the client has them. */
  | Extract<ChatEvent, { type: 'text' | 'usage' | 'toolCall' | 'finish' | 'failover' | 'connected' }>
  /** The model's reasoning. */
  | { readonly type: 'thinking'; readonly text: string }
  /** The passages a knowledge-base answer cites. */
  | { readonly type: 'citations'; readonly references: readonly StoredReference[] }
  /** An automatic retry waits until `retry.at` (only before any text). */
  | { readonly type: 'retry'; readonly retry: RetryView }
  /** Last: the plan refused the question (images for a model that takes none); nothing was sent. */
  | { readonly type: 'refusal'; readonly error: StoredError }
  /** Last: the question failed; `interrupted` when the stream broke off after text, which stays the answer's. */
  | { readonly type: 'error'; readonly error: StoredError; readonly interrupted: boolean }
  /** Last: the signal stopped it. */
  | { readonly type: 'stopped' }
  /** Last: the answer is whole. */
  | { readonly type: 'done' };

/** The events that end a question: exactly one comes, last. */
export type AskEnd = Extract<AskEvent, { type: 'refusal' | 'error' | 'stopped' | 'done' }>;

export interface Ask {
  readonly input: PlanInput;
  readonly settings: PlanSettings & AddressSettings;
  readonly backend: ChatBackend;
  readonly signal: AbortSignal;
  /** Masks secrets in error text before it is kept or shown. */
  readonly redact: (text: string) => string;
  /** Descriptions made before, kept across the questions of one surface; the new ones are added to it. */
  readonly descriptions?: DescriptionCache;
  /** A request over this many tokens is refused before it is sent. */
  readonly maxInputTokens?: number;
  readonly now?: () => number;
}

export async function* ask(question: Ask): AsyncGenerator<AskEvent, void, undefined> {
  if (question.settings.baseUrl === '') {
    yield { type: 'error', error: noAddressError(question.settings), interrupted: false };
    return;
  }
  let sendable: Extract<Plan, { kind: 'send' }>;
  const made = new Set<string>();
  try {
    const plan = yield* described(question, made);
    if (plan.kind === 'refused') {
      yield { type: 'refusal', error: refusalError(plan.refusal) };
      return;
    }
    sendable = plan;
  } catch (error) {
    yield ending(error, question.redact);
    return;
  }
  const { request, routedFrom } = sendable;
  if (routedFrom !== undefined) yield { type: 'routed', from: routedFrom, to: request.model };
  for (const description of sendable.described)
    yield { type: 'described', visionModel: description.visionModel, model: question.input.model, text: description.text, made: made.has(description.key) };
  const tooLong = question.maxInputTokens === undefined ? undefined : contextProblem(request, question.maxInputTokens);
  if (tooLong !== undefined) {
    yield { type: 'error', error: tooLong, interrupted: false };
    return;
  }
  yield* answer(question, sendable.request);
}

/** The plan once every description it needs is made (from the input, the cache, or the vision model now). */
async function* described(question: Ask, made: Set<string>): AsyncGenerator<AskEvent, Exclude<Plan, { kind: 'describe' }>, undefined> {
  const descriptions = new Map(question.input.descriptions ?? []);
  for (;;) {
    const plan = planRequest({ ...question.input, descriptions }, question.settings);
    if (plan.kind !== 'describe') return plan;
    for (const job of plan.jobs) {
      const cached = question.descriptions?.get(job.key);
      if (cached !== undefined) {
        descriptions.set(job.key, cached);
        continue;
      }
      yield { type: 'describing', visionModel: job.visionModel, model: question.input.model };
      const text = await describeImages(question.backend, job, question.signal);
      question.descriptions?.set(job.key, text);
      descriptions.set(job.key, text);
      made.add(job.key);
    }
  }
}

/** The request run through the backend, its chat events as the question's. */
async function* answer(question: Ask, request: ChatRequest): AsyncGenerator<AskEvent, void, undefined> {
  const now = question.now ?? Date.now;
  try {
    for await (const event of question.backend.streamChat(request, { signal: question.signal })) {
      switch (event.type) {
        case 'reasoning':
          yield { type: 'thinking', text: event.text };
          break;
        case 'retry':
          yield { type: 'retry', retry: { attempt: event.attempt, maxAttempts: event.maxAttempts, at: now() + event.delayMs } };
          break;
        case 'references':
          yield { type: 'citations', references: event.references.map((r) => ({ index: r.index, title: r.title, text: r.text, url: r.url })) };
          break;
        case 'text':
        case 'usage':
        case 'toolCall':
        case 'finish':
        case 'failover':
        case 'connected':
          yield event;
          break;
        default:
          assertNever(event, 'chat event');
      }
    }
    yield { type: 'done' };
  } catch (error) {
    yield ending(error, question.redact);
  }
}

/** How a question that threw ends: the user's cancel, a stream broken off after text, or an error. */
function ending(error: unknown, redact: (text: string) => string): AskEnd {
  if (isServiceError(error) && error.kind === 'cancelled') return { type: 'stopped' };
  return { type: 'error', error: storedErrorFrom(error, redact), interrupted: isServiceError(error) && error.kind === 'interrupted' };
}
