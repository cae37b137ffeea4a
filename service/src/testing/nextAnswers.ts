// Answer overrides (POST /_local/next-answer): the next `count` chat answers are exactly this text, or `chunks`
// chunks of `chunkText`, for benchmarks and parser tests.
import * as z from 'zod';

export const nextAnswerSchema = z
  .object({
    text: z.string().optional(),
    chunks: z.number().int().min(1).max(10_000_000).optional(),
    chunkText: z.string().optional(),
    count: z.number().int().min(1).default(1),
  })
  .refine((a) => (a.text === undefined) !== (a.chunks === undefined), { message: 'give either text or chunks' });
export type NextAnswerSpec = z.infer<typeof nextAnswerSchema>;

/** An override answer: either pieces to send one per chunk, or `repeat` copies of one piece. */
export type OverrideAnswer = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'repeat'; readonly piece: string; readonly times: number };

export class NextAnswers {
  private queue: { answer: OverrideAnswer; remaining: number }[] = [];

  add(spec: NextAnswerSpec): void {
    const answer: OverrideAnswer =
      spec.text !== undefined ? { kind: 'text', text: spec.text } : { kind: 'repeat', piece: spec.chunkText ?? 'x', times: spec.chunks ?? 1 };
    this.queue.push({ answer, remaining: spec.count });
  }

  take(): OverrideAnswer | undefined {
    const head = this.queue[0];
    if (!head) return undefined;
    head.remaining--;
    if (head.remaining <= 0) this.queue.shift();
    return head.answer;
  }

  clear(): void {
    this.queue = [];
  }
}
