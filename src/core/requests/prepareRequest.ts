// Runs a request plan to its end (requestPlan.ts): the descriptions it asks for are made by the vision model (each
// once: a cache shared by the requests of one surface keeps them), then the request to send, or the refusal.
import type { ChatEvent } from '../chat/chatEvents';
import type { ChatRequest } from '../chat/chatRequest';
import { planRequest, type DescribeJob, type Plan, type PlanInput, type PlanSettings } from './requestPlan';

/** What runs a chat request: the service client (MaasClient) or a test double. */
export interface ChatBackend {
  streamChat(request: ChatRequest, options: { readonly signal?: AbortSignal }): AsyncIterable<ChatEvent>;
}

const HAN = /\p{Script=Han}/u;

/** The request that asks the vision model for a description a text model can answer from (in the question's language). */
function describeRequest(job: Pick<DescribeJob, 'visionModel' | 'question' | 'imageUrls'>): ChatRequest {
  const many = job.imageUrls.length > 1;
  const ask = HAN.test(job.question)
    ? `请为一个看不到图片的模型详细描述${many ? '这些图片' : '这张图片'}，使它能回答下面的问题。图片中的文字、代码和数字请逐字转写。\n\n问题：${job.question}`
    : `Describe ${many ? 'these images' : 'this image'} in detail for a model that cannot see ${many ? 'them' : 'it'}, so that it can answer the question below. Transcribe any text, code and numbers exactly.\n\nQuestion: ${job.question}`;
  return {
    model: job.visionModel,
    messages: [{ role: 'user', content: [{ type: 'text', text: ask }, ...job.imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url } }))] }],
  };
}

/** Asks the vision model for a description; its answer text, whole ('…' when it said nothing). */
export async function describeImages(
  backend: ChatBackend,
  job: Pick<DescribeJob, 'visionModel' | 'question' | 'imageUrls'>,
  signal?: AbortSignal,
): Promise<string> {
  let text = '';
  for await (const event of backend.streamChat(describeRequest(job), { signal })) if (event.type === 'text') text += event.text;
  return text.trim() === '' ? '…' : text.trim();
}

/**
 * Descriptions already made, by their key: VS Code's chat sends the whole conversation again with every question,
 * and an image described once is not described again. The oldest go first past `capacity`.
 */
export class DescriptionCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = 64) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: string): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export interface Preparation {
  readonly settings: PlanSettings;
  readonly backend: ChatBackend;
  /** Descriptions made before (kept across requests by the surface); the new ones are added to it. */
  readonly cache?: DescriptionCache;
  readonly signal?: AbortSignal;
  /** Called as a description starts (a surface shows that it is waiting for the vision model). */
  readonly onDescribing?: (job: DescribeJob) => void;
}

export type PreparedRequest = Exclude<Plan, { kind: 'describe' }> & {
  /** The descriptions made for this request (not taken from the cache). */
  readonly made: readonly { readonly key: string; readonly visionModel: string; readonly text: string }[];
};

/** The plan of `input` once every description it needs is made: the request to send, or the refusal. */
export async function prepareRequest(input: PlanInput, preparation: Preparation): Promise<PreparedRequest> {
  const descriptions = new Map(input.descriptions ?? []);
  const made: { key: string; visionModel: string; text: string }[] = [];
  const cache = preparation.cache;
  for (;;) {
    const plan = planRequest({ ...input, descriptions }, preparation.settings);
    if (plan.kind !== 'describe') return { ...plan, made };
    for (const job of plan.jobs) {
      const cached = cache?.get(job.key);
      if (cached !== undefined) {
        descriptions.set(job.key, cached);
        continue;
      }
      preparation.onDescribing?.(job);
      const text = await describeImages(preparation.backend, job, preparation.signal);
      cache?.set(job.key, text);
      descriptions.set(job.key, text);
      made.push({ key: job.key, visionModel: job.visionModel, text });
    }
  }
}
