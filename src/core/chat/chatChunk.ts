// zod schemas of what the chat route sends: stream chunks and the non-stream completion. Tolerant by design
// (nullish fields, unknown fields ignored): the service's exact shape is known only from one example
// (docs/wire.md). Plain (stripping) objects, not loose ones: a loose object also walks and copies every key it does
// not declare, and this schema runs once per chunk (bench/client.bench.ts measures the cost per chunk).
import * as z from '../../shared/zod';
import type { Reference, Usage } from './chatEvents';

// Read leniently: gateways send token counts as numeric strings, usage on the choice, and
// content as an array of text parts; none of that may cost the text.
const count = z.nullish(z.union([z.number(), z.pipe(z.string().check(z.regex(/^\s*\d+\s*$/)), z.transform(Number))]));
const usageSchema = z.object({ prompt_tokens: count, completion_tokens: count, total_tokens: count });
const content = z.nullish(
  z.union([
    z.string(),
    z.pipe(
      z.array(z.looseObject({ text: z.nullish(z.string()) })),
      z.transform((parts) => parts.map((part) => part.text ?? '').join('')),
    ),
  ]),
);
/** A fragment of a function call (docs/wire.md, "Function tools"): the first names it, later ones add arguments. */
const toolCallFragment = z.object({
  index: z.nullish(z.number()),
  id: z.nullish(z.string()),
  function: z.nullish(z.object({ name: z.nullish(z.string()), arguments: z.nullish(z.string()) })),
});
export type ToolCallFragment = z.infer<typeof toolCallFragment>;
const deltaSchema = z.nullish(z.object({ content, reasoning_content: content, tool_calls: z.nullish(z.array(toolCallFragment)) }));

const referencesSchema = z.array(z.record(z.string(), z.unknown()));

// Only the fields the client reads. A references array is rare and parsed apart (referencesOf): in this schema it
// would make every chunk's parse slower, for the few chunks that carry one.
export const chatChunkSchema = z.object({
  choices: z.nullish(
    z.array(
      z.object({
        delta: deltaSchema,
        message: deltaSchema,
        finish_reason: z.nullish(z.string()),
        usage: z.nullish(usageSchema),
      }),
    ),
  ),
  usage: z.nullish(usageSchema),
});
export type ChatChunk = z.infer<typeof chatChunkSchema>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOptString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const isOptNumber = (v: unknown): boolean => v === undefined || v === null || typeof v === 'number';

/**
 * The documented chunk shape, recognised without copying: zod's object parsing allocates a copy of every
 * chunk, more than the budget of bench/client.bench.ts over a raw reader allows. Whatever this guard accepts, chatChunkSchema accepts with the same
 * fields (asserted by test/unit/core/chat/chatChunk.test.ts); everything else goes through zod.
 */
function documentedChunk(value: unknown): ChatChunk | undefined {
  if (!isObject(value)) return undefined;
  const { choices, usage } = value;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const choice: unknown = choices[0];
  if (!isObject(choice) || !isOptString(choice['finish_reason']) || choice['message'] !== undefined) return undefined;
  const delta = choice['delta'];
  if (!isObject(delta) || !isOptString(delta['content']) || !isOptString(delta['reasoning_content'])) return undefined;
  // Function-call fragments are rare and nested: zod reads them.
  if (delta['tool_calls'] !== undefined && delta['tool_calls'] !== null) return undefined;
  if (usage !== undefined && usage !== null) {
    if (!isObject(usage) || !isOptNumber(usage['prompt_tokens']) || !isOptNumber(usage['completion_tokens']) || !isOptNumber(usage['total_tokens']))
      return undefined;
  }
  return value as ChatChunk;
}

/** A chunk validated against chatChunkSchema, or undefined when it does not conform. */
export function parseChunk(value: unknown): ChatChunk | undefined {
  const fast = documentedChunk(value);
  if (fast) return fast;
  const parsed = chatChunkSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The usage of a chunk, or undefined when it is absent or all zeros (early chunks carry zeros). */
export function usageOf(chunk: ChatChunk): Usage | undefined {
  const u = chunk.usage ?? chunk.choices?.[0]?.usage;
  if (!u || (!u.prompt_tokens && !u.completion_tokens && !u.total_tokens)) return undefined;
  return { promptTokens: u.prompt_tokens ?? 0, completionTokens: u.completion_tokens ?? 0, totalTokens: u.total_tokens ?? 0 };
}

function stringField(item: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = item[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** The references-like array of a chunk (top level, on the choice or in the delta), normalised. */
export function referencesOf(raw: unknown): readonly Reference[] | undefined {
  // `raw` is the chunk as received (zod's copy strips unknown keys): plain property reads, since this runs once
  // per chunk and references are rare.
  if (typeof raw !== 'object' || raw === null) return undefined;
  type WithReferences = { references?: unknown; choices?: { references?: unknown; delta?: { references?: unknown } | null }[] | null };
  const chunk = raw as WithReferences;
  const choice = chunk.choices?.[0];
  const candidate = chunk.references ?? choice?.references ?? choice?.delta?.references;
  if (candidate === undefined) return undefined;
  const parsed = referencesSchema.safeParse(candidate);
  if (!parsed.success || parsed.data.length === 0) return undefined;
  return parsed.data.map((item, i) => {
    const n = item['index'] ?? item['id'] ?? item['number'];
    return {
      index: typeof n === 'number' ? n : i + 1,
      title: stringField(item, 'title', 'doc_name', 'document', 'name', 'file_name'),
      text: stringField(item, 'text', 'content', 'snippet', 'chunk'),
      url: stringField(item, 'url', 'link', 'source'),
      raw: item,
    };
  });
}
