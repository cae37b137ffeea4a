// Validation of the chat request body (docs/service.md 4.1, 4.2 and the limits of section 8). Every refusal is a
// 400 `参数错误:<field> <rule>`; the first issue found names the field.
import * as z from 'zod';
import { parameterRanges, RANGED_FIELDS } from './parameterRanges';
import { MODEL_CODES } from '../state/stateSchema';
import type { ParameterRange, RangedField, RangeMode } from './parameterRanges';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
const imagePart = z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string().min(1, { error: '不能为空' }) }) });
export type ContentPart = z.infer<typeof textPart> | z.infer<typeof imagePart>;

const toolCall = z.object({
  id: z.string({ error: '必须是字符串' }).min(1, { error: '不能为空' }),
  type: z.literal('function', { error: '必须是 function' }),
  function: z.object({ name: z.string({ error: '必须是字符串' }).min(1, { error: '不能为空' }), arguments: z.string({ error: '必须是 JSON 字符串' }) }),
});

const message = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool'], { error: '必须是 system、user、assistant 或 tool 之一' }),
  // null: an assistant message that only calls tools (docs/wire.md, "Function tools").
  content: z
    .union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart], { error: 'type 必须是 text 或 image_url' }))], {
      error: '必须是字符串或内容片段列表',
    })
    .nullable(),
  tool_calls: z.array(toolCall, { error: '必须是工具调用列表' }).optional(),
  tool_call_id: z.string({ error: '必须是字符串' }).optional(),
});
export type ChatMessage = z.infer<typeof message>;

const retrieval = z.object({
  knowledge_ids: z.array(z.number().int({ error: '必须是整数' }), { error: '必须是整数列表' }).min(1, { error: '至少包含一个知识库 id' }),
  remove_corner_mark: z.boolean({ error: '必须是布尔值' }).optional(),
  tips_text: z.string({ error: '必须是字符串' }).optional(),
  backup_chat: z.boolean({ error: '必须是布尔值' }).optional(),
  chat_mode: z.union([z.literal(1), z.literal(2)], { error: '必须是 1(发散模式)或 2(严格模式)' }).optional(),
  text_threshold: z.number({ error: '必须是数字' }).min(0, { error: '取值范围为 [0, 1]' }).max(1, { error: '取值范围为 [0, 1]' }).optional(),
});
export type RetrievalOptions = z.infer<typeof retrieval>;

/** OpenAI-style function names (docs/wire.md): letters, digits, `_` and `-`, at most 64. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const functionTool = z.object({
  type: z.literal('function'),
  function: z.object(
    {
      name: z.string({ error: '必须是字符串' }).regex(FUNCTION_NAME, { error: '只能包含字母、数字、_ 和 -,长度 1-64' }),
      description: z.string({ error: '必须是字符串' }).optional(),
      // A JSON Schema object; agent front ends send large ones, which are accepted as they are.
      parameters: z.record(z.string(), z.unknown(), { error: '必须是 JSON Schema 对象' }).optional(),
    },
    { error: '必须是对象' },
  ),
});
const retrievalTool = z.object({ type: z.literal('retrieval'), retrieval });
const tool = z.discriminatedUnion('type', [retrievalTool, functionTool], { error: 'type 必须是 retrieval 或 function' });
export type FunctionTool = z.infer<typeof functionTool>;
/** At most this many tools in one request (agent modes send 20-40). */
export const MAX_TOOLS = 128;
const toolChoice = z.union([z.enum(['auto', 'none', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) })], {
  error: '必须是 auto、none、required 或 {type:"function",function:{name}}',
});

/** The ranges of section 8 are checked here only in `reject` mode; `clamp` applies them after parsing. */
// eslint-disable-next-line @typescript-eslint/explicit-module-boundary-types -- the type is what zod infers from the object below, too long to write out
export function chatRequestSchema(acceptDefaultRepetitionPenalty: boolean, mode: RangeMode = 'reject') {
  const ranges = parameterRanges(acceptDefaultRepetitionPenalty);
  const ranged = <T extends z.ZodNumber>(field: RangedField, base: T) =>
    base.refine((v) => mode !== 'reject' || ranges[field].accepts(v), { error: `取值范围为 ${ranges[field].label}` });
  return z.object({
    model: z
      .string({ error: '必须是字符串' })
      .refine((m) => (MODEL_CODES as readonly string[]).includes(m), { error: `不支持的模型,可用: ${MODEL_CODES.join(', ')}` }),
    messages: z.array(message, { error: '必须是消息列表' }).min(1, { error: '不能为空' }),
    stream: z.boolean({ error: '必须是布尔值' }).optional(),
    temperature: ranged('temperature', z.number({ error: '必须是数字' })).optional(),
    top_p: ranged('top_p', z.number({ error: '必须是数字' })).optional(),
    max_tokens: ranged('max_tokens', z.number({ error: '必须是整数' }).int({ error: '必须是整数' })).optional(),
    repetition_penalty: ranged('repetition_penalty', z.number({ error: '必须是数字' })).optional(),
    tools: z
      .array(tool, { error: '必须是工具列表' })
      .max(MAX_TOOLS, { error: `最多 ${MAX_TOOLS} 个工具` })
      .optional(),
    tool_choice: toolChoice.optional(),
  });
}
export type ChatRequest = z.infer<ReturnType<typeof chatRequestSchema>>;

export type Validated = { readonly ok: true; readonly request: ChatRequest } | { readonly ok: false; readonly detail: string };

export function validateChatRequest(body: unknown, acceptDefaultRepetitionPenalty = true, mode: RangeMode = 'reject'): Validated {
  if (body === undefined) return { ok: false, detail: 'body 不是合法的 JSON' };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, detail: 'body 必须是 JSON 对象' };
  const parsed = chatRequestSchema(acceptDefaultRepetitionPenalty, mode).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) return { ok: false, detail: 'body 无效' };
    const { path, found } = deepestIssue(issue);
    // zod leaves `input` out of issues unless asked, so whether the field is absent is read from the body itself.
    const rule = found.code === 'invalid_type' && valueAt(body, path) === undefined ? '缺失' : found.message;
    return { ok: false, detail: `${formatPath(path) || 'body'} ${rule}` };
  }
  const checked = checkConversation(parsed.data);
  return checked.ok && mode === 'clamp' ? { ok: true, request: clampRanges(checked.request, parameterRanges(acceptDefaultRepetitionPenalty)) } : checked;
}

function clampRanges(request: ChatRequest, ranges: Record<RangedField, ParameterRange>): ChatRequest {
  const clamped = { ...request };
  for (const field of RANGED_FIELDS) {
    const value = clamped[field];
    if (value !== undefined && !ranges[field].accepts(value)) clamped[field] = ranges[field].clamp(value);
  }
  return clamped;
}

function checkConversation(request: ChatRequest): Validated {
  const last = request.messages[request.messages.length - 1];
  if (last && last.role !== 'user' && last.role !== 'tool') {
    return { ok: false, detail: `messages[${request.messages.length - 1}].role 最后一条消息必须是 user` };
  }
  const tools = request.tools ?? [];
  const names = new Set<string>();
  for (const [i, t] of tools.entries()) {
    if (t.type !== 'function') continue;
    if (names.has(t.function.name)) return { ok: false, detail: `tools[${i}].function.name 重复: ${t.function.name}` };
    names.add(t.function.name);
  }
  const choice = request.tool_choice;
  if (typeof choice === 'object' && !names.has(choice.function.name))
    return { ok: false, detail: `tool_choice.function.name 不是已声明的工具: ${choice.function.name}` };
  const called = new Set<string>();
  for (const [i, m] of request.messages.entries()) {
    if (m.tool_calls !== undefined && m.role !== 'assistant') return { ok: false, detail: `messages[${i}].tool_calls 只有 assistant 消息可以调用工具` };
    for (const call of m.tool_calls ?? []) called.add(call.id);
    // A tool message without an id is the spec's own shape (2.2); one with an id must answer a call made before.
    if (m.role === 'tool' && m.tool_call_id !== undefined && !called.has(m.tool_call_id))
      return { ok: false, detail: `messages[${i}].tool_call_id 没有对应的工具调用: ${m.tool_call_id}` };
    if (m.content === null) {
      if (m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0) continue;
      return { ok: false, detail: `messages[${i}].content 不能为空` };
    }
    if (typeof m.content === 'string') continue;
    if (m.content.length === 0) return { ok: false, detail: `messages[${i}].content 不能为空列表` };
    const imageAt = m.content.findIndex((p) => p.type === 'image_url');
    if (imageAt >= 0 && request.model !== 'svc_vl') {
      return { ok: false, detail: `messages[${i}].content[${imageAt}] 模型 ${request.model} 不接受图片,请使用 svc_vl` };
    }
    if (imageAt >= 0 && m.role !== 'user') return { ok: false, detail: `messages[${i}].content[${imageAt}] 只有 user 消息可以包含图片` };
  }
  if (request.tools && request.tools.length > 0 && request.model !== 'svc_llm') {
    return { ok: false, detail: `tools 仅支持模型 svc_llm` };
  }
  return { ok: true, request };
}

/**
 * A union's own message ("string or list of parts") hides what is wrong inside the branch the caller evidently
 * meant; the branch whose issue lies deepest names the field more precisely.
 */
function deepestIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; found: z.core.$ZodIssue } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, found: issue };
  let best: { path: PropertyKey[]; found: z.core.$ZodIssue } | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const inner = deepestIssue(first);
    if (!best || inner.path.length > best.path.length) best = inner;
  }
  if (!best || best.path.length === 0) return { path: issue.path, found: issue };
  return { path: [...issue.path, ...best.path], found: best.found };
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}

export function messageText(m: ChatMessage): string {
  if (m.content === null) return '';
  return typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
}
