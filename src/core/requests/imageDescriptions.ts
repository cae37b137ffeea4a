// The descriptions a request plan asks for (requestPlan.ts: images asked about with a model that does not see them):
// the vision model describes them, and a cache shared by the requests of one surface keeps each, so it is made once.
import type { ChatRequest } from '../chat/chatRequest';
import type { ChatBackend } from './chatBackend';
import { imagePart, type DescribeJob } from './requestPlan';

const HAN = /\p{Script=Han}/u;

/** The request that asks the vision model for a description a text model can answer from (in the question's language). */
function describeRequest(job: Pick<DescribeJob, 'visionModel' | 'question' | 'imageUrls'>): ChatRequest {
  const many = job.imageUrls.length > 1;
  const ask = HAN.test(job.question)
    ? `请为一个看不到图片的模型详细描述${many ? '这些图片' : '这张图片'}，使它能回答下面的问题。图片中的文字、代码和数字请逐字转写。\n\n问题：${job.question}`
    : `Describe ${many ? 'these images' : 'this image'} in detail for a model that cannot see ${many ? 'them' : 'it'}, so that it can answer the question below. Transcribe any text, code and numbers exactly.\n\nQuestion: ${job.question}`;
  return {
    model: job.visionModel,
    messages: [{ role: 'user', content: [{ type: 'text', text: ask }, ...job.imageUrls.map(imagePart)] }],
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
