// Images asked about with a text model (maas.images.withTextModel): by default the vision model describes them first,
// and the description, marked as such, goes with the question to the text model, which keeps its tools and its
// conversation. The other choices send the question to the vision model instead, or refuse the images.
import { createHash } from 'node:crypto';
import type { ChatRequest } from '../chat/chatRequest';
import type { ChatEvent } from '../chat/chatEvents';

export type TextModelImages = 'describe' | 'visionModel' | 'refuse';

export interface DescribeInput {
  readonly visionModel: string;
  /** The user's question, so the description covers what it asks about. */
  readonly question: string;
  /** data: or https: URLs of the images. */
  readonly imageUrls: readonly string[];
}

const HAN = /\p{Script=Han}/u;

/** The request that asks the vision model for a description a text model can answer from. */
export function describeRequest(input: DescribeInput): ChatRequest {
  const chinese = HAN.test(input.question);
  const ask = chinese
    ? `请为一个看不到图片的模型详细描述${input.imageUrls.length > 1 ? '这些图片' : '这张图片'}，使它能回答下面的问题。图片中的文字、代码和数字请逐字转写。\n\n问题：${input.question}`
    : `Describe ${input.imageUrls.length > 1 ? 'these images' : 'this image'} in detail for a model that cannot see ${input.imageUrls.length > 1 ? 'them' : 'it'}, so that it can answer the question below. Transcribe any text, code and numbers exactly.\n\nQuestion: ${input.question}`;
  return {
    model: input.visionModel,
    messages: [{ role: 'user', content: [{ type: 'text', text: ask }, ...input.imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url } }))] }],
  };
}

/** The question as the text model gets it: the description follows it, marked as the vision model's. */
export function questionWithDescription(question: string, description: string, visionModel: string): string {
  return `${question}\n\n[Description of the attached image(s) by ${visionModel}, for a model that cannot see images]\n${description.trim()}`;
}

/** Asks the vision model for the description; its answer text, whole. */
export async function describeImages(
  backend: { streamChat(request: ChatRequest, options: { readonly signal?: AbortSignal }): AsyncIterable<ChatEvent> },
  input: DescribeInput,
  signal?: AbortSignal,
): Promise<string> {
  let text = '';
  for await (const event of backend.streamChat(describeRequest(input), { signal })) if (event.type === 'text') text += event.text;
  return text.trim();
}

/**
 * Descriptions already made, by the images' bytes: VS Code's chat sends the whole conversation again with every
 * question, and an image described once is not described again.
 */
export class DescriptionCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = 64) {}

  static keyOf(visionModel: string, images: readonly Uint8Array[]): string {
    const hash = createHash('sha256').update(visionModel);
    for (const image of images) hash.update(image);
    return hash.digest('hex');
  }

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
