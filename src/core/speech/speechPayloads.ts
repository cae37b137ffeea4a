// Speech synthesis requests (spec 4.5-4.7, ranges of section 8) as a zod schema, and the types of what the speech
// routes answer: speakers (read by speakerList.ts), long tasks (read here, any state word kept), timestamps (read
// by timedAudio.ts), all tolerantly (docs/client.md, "What speech services send").
import * as z from '../../shared/zod';

const intIn = (min: number, max: number) =>
  z
    .int({ error: `must be an integer in [${min}, ${max}]` })
    .check(z.gte(min, { error: `must be in [${min}, ${max}]` }), z.lte(max, { error: `must be in [${min}, ${max}]` }));

const SAMPLE_RATES = [8000, 16000, 24000] as const;

export const synthesisRequestSchema = z.object({
  text: z.string().check(z.refine((s) => s.trim() !== '', { error: 'must not be empty' })),
  voice: z.optional(z.string().check(z.minLength(1, { error: 'must name a speaker id' }))),
  // Webviews play mp3 and wav, not AAC or Opus (docs/wire.md).
  format: z.optional(z.enum(['wav', 'mp3'], { error: 'must be "wav" or "mp3"' })),
  sample_rate: z.optional(
    z.union(
      SAMPLE_RATES.map((rate) => z.literal(rate)),
      { error: `must be one of ${SAMPLE_RATES.join(', ')}` },
    ),
  ),
  volumn: z.optional(intIn(0, 100)),
  speed: z.optional(intIn(-500, 500)),
  pitch: z.optional(intIn(-500, 500)),
  enable_ts: z.optional(z.boolean({ error: 'must be true or false' })),
  request_id: z.optional(z.string()),
});
/** Spec field names, `volumn` spelled as the service spells it. */
export type SynthesisRequest = z.input<typeof synthesisRequestSchema>;

export interface Speaker {
  readonly id: string;
  readonly name: string;
}

/** The spec's states (3.2, 4.6), and 'unknown' for any other word a service uses (a queued state): polling goes on. */
const TASK_STATUSES = ['created', 'running', 'complete', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number] | 'unknown';

const taskAnswerSchema = z.object({
  task_id: z.pipe(z.union([z.string().check(z.minLength(1)), z.number()]), z.transform(String)),
  task_status: z.union([z.string().check(z.trim(), z.minLength(1)), z.pipe(z.number(), z.transform(String))]),
  audio_address: z.nullish(z.string()),
  message: z.nullish(z.string()),
});

export interface LongTask {
  readonly taskId: string;
  readonly status: TaskStatus;
  /** The state as the service wrote it (what the user is shown for an 'unknown' one). */
  readonly serviceStatus: string;
  /** Non-empty once complete. */
  readonly audioAddress: string;
  readonly message: string;
}

/** The task of a submit or query answer (spec 4.6-4.7); the spec's states in any letter case. */
export function longTaskOf(answer: unknown): LongTask | undefined {
  const parsed = taskAnswerSchema.safeParse(answer);
  if (!parsed.success) return undefined;
  const { task_id, task_status, audio_address, message } = parsed.data;
  const known = TASK_STATUSES.find((status) => status === task_status.toLowerCase());
  return { taskId: task_id, status: known ?? 'unknown', serviceStatus: task_status, audioAddress: audio_address ?? '', message: message ?? '' };
}

export interface Timestamp {
  readonly text: string;
  readonly beginMs: number;
  readonly endMs: number;
}
