// The deterministic responder for function tools (wire-notes, "Function tools"): whether an answer calls a tool,
// with which arguments, and the answer to tool results. The rules, documented in service/README.md:
// - tool_choice "none", or no function tool: no call (the ordinary responder answers);
// - the conversation ends with tool results: the answer quotes each result by its tool's name;
// - tool_choice {type:"function",function:{name}}: that tool is called;
// - otherwise the tool whose name the last user message contains (the longest such name) is called, and with
//   tool_choice "required" the first tool when none is named;
// - arguments: the schema's required properties, each with a value of its type (the first enum value, the
//   minimum or 1 for numbers, false, [] and {}, and for strings the user's message), so calls are reproducible.
import { randomBytes } from 'node:crypto';
import type { ChatRequest, FunctionTool } from './chatRequestSchema';
import { messageText } from './chatRequestSchema';

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as a JSON text. */
  readonly arguments: string;
}

export type ToolDecision = { readonly kind: 'call'; readonly calls: readonly ToolCall[] } | { readonly kind: 'answer'; readonly text: string };

/** How an answer with function tools goes; undefined when the ordinary responder answers. */
export function decideTools(request: ChatRequest, zh: boolean): ToolDecision | undefined {
  const tools = (request.tools ?? []).filter((tool): tool is FunctionTool => tool.type === 'function');
  if (tools.length === 0 || request.tool_choice === 'none') return undefined;
  const messages = request.messages;
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') return { kind: 'answer', text: answerFromResults(request, zh) };
  if (last?.role !== 'user') return undefined;
  const tool = chosenTool(tools, request.tool_choice, messageText(last));
  if (tool === undefined) return undefined;
  return {
    kind: 'call',
    calls: [{ id: `call_${randomBytes(8).toString('hex')}`, name: tool.function.name, arguments: JSON.stringify(argumentsFor(tool, messageText(last))) }],
  };
}

function chosenTool(tools: readonly FunctionTool[], choice: ChatRequest['tool_choice'], question: string): FunctionTool | undefined {
  if (typeof choice === 'object') return tools.find((tool) => tool.function.name === choice.function.name);
  const lower = question.toLowerCase();
  const named = tools.filter((tool) => lower.includes(tool.function.name.toLowerCase())).sort((a, b) => b.function.name.length - a.function.name.length)[0];
  return named ?? (choice === 'required' ? tools[0] : undefined);
}

type Schema = { type?: unknown; enum?: unknown; minimum?: unknown; properties?: unknown; required?: unknown };

function argumentsFor(tool: FunctionTool, question: string): Record<string, unknown> {
  const schema = (tool.function.parameters ?? {}) as Schema;
  const properties = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, Schema>;
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  return Object.fromEntries(required.map((name) => [name, valueFor(properties[name] ?? {}, question)]));
}

function valueFor(schema: Schema, question: string): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return question.trim().slice(0, 200);
  }
}

/** The tool results after the last assistant message, each quoted by its tool's name. */
function answerFromResults(request: ChatRequest, zh: boolean): string {
  const messages = request.messages;
  const names = new Map<string, string>();
  for (const message of messages) for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i--) {
    const message = messages[i];
    if (message === undefined) continue;
    const name = names.get(message.tool_call_id ?? '') ?? 'tool';
    const text = messageText(message).replace(/\s+/g, ' ').trim();
    const shown = text.length > 300 ? `${text.slice(0, 300)}…` : text;
    results.unshift(zh ? `工具 ${name} 返回:${shown}` : `The tool ${name} returned: ${shown}`);
  }
  return [zh ? '根据工具的结果:' : 'From the tool results:', ...results.map((line) => `- ${line}`)].join('\n');
}
