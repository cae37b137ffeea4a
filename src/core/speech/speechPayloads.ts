// Speech synthesis requests (spec 4.5-4.7, ranges of section 8) and the JSON answers of the speech routes,
// as zod schemas. Answers are read tolerantly: the speaker list's shape and what enable_ts returns are not
// documented (wire-notes), numbers may come as strings.
import * as z from 'zod';

const intIn = (min: number, max: number) =>
  z
    .int({ error: `must be an integer in [${min}, ${max}]` })
    .min(min, { error: `must be in [${min}, ${max}]` })
    .max(max, { error: `must be in [${min}, ${max}]` });

export const SAMPLE_RATES = [8000, 16000, 24000] as const;

export const synthesisRequestSchema = z.object({
  text: z.string().refine((s) => s.trim() !== '', { error: 'must not be empty' }),
  voice: z.string().min(1, { error: 'must name a speaker id' }).optional(),
  // Webviews play mp3 and wav, not AAC or Opus (wire-notes).
  format: z.enum(['wav', 'mp3'], { error: 'must be "wav" or "mp3"' }).optional(),
  sample_rate: z
    .union(
      SAMPLE_RATES.map((rate) => z.literal(rate)),
      { error: `must be one of ${SAMPLE_RATES.join(', ')}` },
    )
    .optional(),
  volumn: intIn(0, 100).optional(),
  speed: intIn(-500, 500).optional(),
  pitch: intIn(-500, 500).optional(),
  enable_ts: z.boolean({ error: 'must be true or false' }).optional(),
  request_id: z.string().optional(),
});
/** Spec field names, `volumn` spelled as the service spells it. */
export type SynthesisRequest = z.input<typeof synthesisRequestSchema>;

const code = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

export const speechEnvelopeSchema = z.object({
  request_id: z.string().nullish(),
  code: code.nullish(),
  message: z.string().nullish(),
});

const speakerSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().nullish(),
});
const speakerList = z.array(speakerSchema);

export const speakersAnswerSchema = z.object({
  speakers: speakerList.nullish(),
  data: z.union([speakerList, z.object({ list: speakerList.nullish() })]).nullish(),
});

export interface Speaker {
  readonly id: string;
  readonly name: string;
}

export function speakersOf(answer: z.infer<typeof speakersAnswerSchema>): Speaker[] | undefined {
  const data = answer.data;
  const list = answer.speakers ?? (Array.isArray(data) ? data : data?.list);
  return list?.map((s) => ({ id: s.id, name: s.name ?? s.id }));
}

export const TASK_STATUSES = ['created', 'running', 'complete', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const longTaskAnswerSchema = z.object({
  task_id: z.union([z.string(), z.number()]).transform(String),
  task_status: z.enum(TASK_STATUSES),
  audio_address: z.string().nullish(),
  message: z.string().nullish(),
});

export interface LongTask {
  readonly taskId: string;
  readonly status: TaskStatus;
  /** Non-empty once complete. */
  readonly audioAddress: string;
  readonly message: string;
}

export const timestampedAudioSchema = z.object({
  audio: z.string(),
  format: z.string().nullish(),
  sample_rate: z.union([z.number(), z.string()]).nullish(),
  timestamps: z.array(z.object({ text: z.string(), begin_ms: z.number(), end_ms: z.number() })).nullish(),
});

export interface Timestamp {
  readonly text: string;
  readonly beginMs: number;
  readonly endMs: number;
}
