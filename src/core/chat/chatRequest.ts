// The chat request: its typed form, the spec's ranges (section 4.1, 4.2 and 8) as zod schemas, and the wire body.
import * as z from '../../shared/zod';
import { chatParamNames, chatParamSpec, rangeText, type ChatParamSpec, type ChatParamWireName, type WireParams } from '../../shared/chatParams';
import { parseOrThrow, validationError } from '../http/parseOrThrow';

const inClosed = (min: number, max: number, text: string) =>
  z.number().check(z.gte(min, { error: `must be in ${text}` }), z.lte(max, { error: `must be in ${text}` }));

/** A chat parameter's schema from the one definition of its range (src/shared/chatParams.ts). */
function paramSchema(spec: ChatParamSpec): z.ZodMiniNumber<number> {
  const error = `must be in ${rangeText(spec)}`;
  const base = spec.integer ? z.int({ error: `must be an integer in ${rangeText(spec)}` }) : z.number();
  const low = spec.minExclusive ? z.gt(spec.min, { error }) : z.gte(spec.min, { error });
  const high = spec.maxExclusive ? z.lt(spec.max, { error }) : z.lte(spec.max, { error });
  return base.check(low, high);
}

/** Every chat parameter's field, by its name on the wire. */
function paramFields(): { [K in ChatParamWireName]: z.ZodMiniOptional<z.ZodMiniNumber<number>> } {
  return Object.fromEntries(chatParamNames().map((name) => [chatParamSpec(name).wireName, z.optional(paramSchema(chatParamSpec(name)))])) as {
    [K in ChatParamWireName]: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
  };
}

const textPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const imagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().check(z.regex(/^(https:\/\/|data:image\/)/, { error: 'must be an https URL or a data:image/ URL' })) }),
});
const contentPartSchema = z.discriminatedUnion('type', [textPartSchema, imagePartSchema]);
export type ContentPart = z.infer<typeof contentPartSchema>;

/** A function call an assistant message made (docs/wire.md, "Function tools"): `arguments` is a JSON text. */
const toolCallSchema = z.object({
  id: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  type: z.literal('function'),
  function: z.object({ name: z.string().check(z.minLength(1, { error: 'must not be empty' })), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

const chatMessageSchema = z
  .object({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.union([z.string(), z.array(contentPartSchema).check(z.minLength(1, { error: 'must hold at least one part' }))]),
    /** An assistant message's function calls; its content may then be empty. */
    tool_calls: z.optional(z.array(toolCallSchema).check(z.minLength(1, { error: 'must hold at least one call' }))),
    /** A tool message: the call it answers (spec 2.2 shows a tool message without it, so it is optional). */
    tool_call_id: z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }))),
  })
  .check(
    z.superRefine((message, context) => {
      if (typeof message.content === 'string' && message.content.trim() === '' && message.tool_calls === undefined)
        context.addIssue({ code: 'custom', path: ['content'], message: 'must not be empty' });
      if (message.tool_calls !== undefined && message.role !== 'assistant')
        context.addIssue({ code: 'custom', path: ['tool_calls'], message: 'only an assistant message calls tools' });
    }),
  );
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const retrievalOptionsSchema = z.object({
  knowledge_ids: z
    .array(z.int({ error: 'must be an integer' }).check(z.positive({ error: 'must be a positive integer' })))
    .check(z.minLength(1, { error: 'must list at least one knowledge base id' })),
  chat_mode: z.optional(z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (divergent) or 2 (strict)' })),
  text_threshold: z.optional(inClosed(0, 1, '[0, 1]')),
  remove_corner_mark: z.optional(z.boolean({ error: 'must be true or false' })),
  backup_chat: z.optional(z.boolean({ error: 'must be true or false' })),
  tips_text: z.optional(z.string({ error: 'must be a string' })),
});
export type RetrievalOptions = z.infer<typeof retrievalOptionsSchema>;

/** Function names the service takes (OpenAI-compatible): 1-64 letters, digits, `_` or `-`. */
export const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const functionToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().check(z.regex(FUNCTION_NAME, { error: 'must be 1-64 letters, digits, _ or -' })),
    description: z.optional(z.string()),
    parameters: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type FunctionTool = z.infer<typeof functionToolSchema>;

const chatRequestSchema = z.object({
  model: z.string().check(z.minLength(1, { error: 'must name a model, e.g. svc_llm or svc_vl' })),
  messages: z.array(chatMessageSchema).check(z.minLength(1, { error: 'must hold at least one message' })),
  ...paramFields(),
  retrieval: z.optional(retrievalOptionsSchema),
  /** Function tools the model may call (sent next to the retrieval tool). */
  tools: z.optional(z.array(functionToolSchema).check(z.maxLength(128, { error: 'must list at most 128 tools' }))),
  tool_choice: z.optional(z.union([z.enum(['auto', 'none', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) })])),
});
/** What callers pass: spec field names, plus `retrieval` for the knowledge-base tool. */
export type ChatRequest = z.input<typeof chatRequestSchema>;

export interface ChatWireBody extends WireParams {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly stream: boolean;
  readonly tools?: readonly ({ readonly type: 'retrieval'; readonly retrieval: RetrievalOptions } | FunctionTool)[];
  readonly tool_choice?: ChatRequestParsed['tool_choice'];
}
type ChatRequestParsed = z.output<typeof chatRequestSchema>;

type Role = ChatMessage['role'];

/** Which roles may follow each role: after an assistant that called a tool, the results (`tool`), then its answer. */
const NEXT: Readonly<Record<Role | 'start', readonly Role[]>> = {
  start: ['user'],
  system: ['user'],
  user: ['assistant'],
  assistant: ['user', 'tool'],
  tool: ['tool', 'assistant'],
};

/**
 * Section 4.1's conversation rules: optional system first, then user/assistant alternating, ending with user; a
 * tool result (spec 2.2) may follow an assistant turn, and a request may end with one (the model answers it).
 */
function checkOrder(messages: readonly ChatMessage[]): void {
  let previous: Role | 'start' = 'start';
  messages.forEach((message, i) => {
    const field = `messages[${i}].role`;
    if (message.role === 'system' && i !== 0) throw validationError(field, message.role, 'a system message may only come first');
    const allowed = i === 0 ? ['system', 'user'] : NEXT[previous];
    if (!allowed.includes(message.role)) {
      throw validationError(
        field,
        message.role,
        `expected ${allowed.join(' or ')}: turns alternate user/assistant, starting with user; tool results follow an assistant turn`,
      );
    }
    if (typeof message.content !== 'string' && message.role !== 'user')
      throw validationError(`messages[${i}].content`, '[parts]', 'only user messages may carry content parts');
    previous = message.role;
  });
  const last = messages[messages.length - 1];
  if (last?.role !== 'user' && last?.role !== 'tool')
    throw validationError(`messages[${messages.length - 1}].role`, last?.role, 'the last message must be from the user (or a tool result)');
}

/** Validates a chat request against the spec's ranges and rules and returns the body to send; throws before sending. */
export function buildChatBody(request: ChatRequest, stream: boolean): ChatWireBody {
  const parsed = parseOrThrow(chatRequestSchema, request);
  checkOrder(parsed.messages);
  const { retrieval, tools: functions, ...rest } = parsed;
  const tools = [...(retrieval ? [{ type: 'retrieval' as const, retrieval }] : []), ...(functions ?? [])];
  // `stream` defaults to true on the service: always sent explicitly (docs/wire.md).
  return { ...rest, stream, ...(tools.length > 0 ? { tools } : {}) };
}
