// The deterministic responder for function tools (docs/wire.md, "Function tools"): whether an answer calls a tool,
// with which arguments, and the answer to tool results. The rules, documented in service/README.md:
// - tool_choice "none", or no function tool: no call (the ordinary responder answers);
// - the conversation ends with tool results: the answer quotes each result by its tool's name;
// - tool_choice {type:"function",function:{name}}: that tool is called;
// - otherwise the tool named by a trigger phrase ("call <name>", "use <name>", "run <name>", "invoke <name>",
//   "调用 <name>", "使用 <name>") in the last 300 characters of the last user message (the one written last,
//   then the longest) is called, else maas_searchKnowledgeBase when the user's words ask about the knowledge base
//   (knowledgeBaseTool.ts), and with tool_choice "required" the first tool when none is named;
// - arguments: the schema's required properties, each with a value of its type (the first enum value, the
//   minimum or 1 for numbers, false, [] and {}, and for strings the last line of the user's message, without
//   markup tags), so calls are reproducible; maas_searchKnowledgeBase gets the user's question and the knowledge
//   base they named;
// - a result that cites its sources (citedResult.ts) is answered with its cited lines and its Sources list.
import { randomBytes } from 'node:crypto';
import type { ChatRequest, FunctionTool } from './chatRequestSchema';
import { messageText } from './chatRequestSchema';
import { citedAnswer, citedResult } from './citedResult';
import { asksKnowledgeBase, KNOWLEDGE_BASE_TOOL, knowledgeBaseArguments } from './knowledgeBaseTool';
import { USER_WORDS, userWordsOf, withoutMarkup } from './userWords';
import { knowledgeIntro } from './retrieval/retrievalAnswer';

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
  // Front ends put their instructions (which name tools too) first and the user's words last: only a trigger
  // phrase in the message's last USER_WORDS characters counts, the one written last winning.
  const words = question.slice(-USER_WORDS).toLowerCase();
  const at = (tool: FunctionTool): number => {
    const name = tool.function.name.toLowerCase();
    return Math.max(...TRIGGERS.map((trigger) => words.lastIndexOf(`${trigger}${name}`)));
  };
  const named = tools.filter((tool) => at(tool) >= 0).sort((a, b) => at(b) - at(a) || b.function.name.length - a.function.name.length)[0];
  const knowledgeBase = tools.find((tool) => tool.function.name === KNOWLEDGE_BASE_TOOL);
  const asked = knowledgeBase !== undefined && asksKnowledgeBase(userWordsOf(question)) ? knowledgeBase : undefined;
  return named ?? asked ?? (choice === 'required' ? tools[0] : undefined);
}

/** A tool is called when one of these comes right before its name: "call get_weather", "调用 get_weather". */
const TRIGGERS = ['call ', 'use ', 'run ', 'invoke ', 'call the ', 'use the ', 'run the ', '调用', '调用 ', '使用', '使用 '];

type Schema = { type?: unknown; enum?: unknown; minimum?: unknown; properties?: unknown; required?: unknown };

function argumentsFor(tool: FunctionTool, question: string): Record<string, unknown> {
  if (tool.function.name === KNOWLEDGE_BASE_TOOL) return knowledgeBaseArguments(tool, userWordsOf(question));
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
      return userWords(question);
  }
}

/** The user's own words for a string argument: the message's last non-empty line, at most 200 characters. */
function userWords(question: string): string {
  const lines = question
    .split('\n')
    .map((line) => withoutMarkup(line).trim())
    .filter((line) => line !== '');
  return (lines[lines.length - 1] ?? '').slice(0, 200);
}

/**
 * The tool results after the last assistant message: those that cite their sources each with their cited lines and
 * sources, the others quoted by their tool's name.
 */
function answerFromResults(request: ChatRequest, zh: boolean): string {
  const messages = request.messages;
  const names = new Map<string, string>();
  for (const message of messages) for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  const quoted: string[] = [];
  const cited: string[] = [];
  let first = messages.length;
  while (first > 0 && messages[first - 1]?.role === 'tool') first--;
  for (const message of messages.slice(first)) {
    const name = names.get(message.tool_call_id ?? '') ?? 'tool';
    const result = citedResult(messageText(message));
    if (result !== undefined) {
      const intro = name === KNOWLEDGE_BASE_TOOL ? knowledgeIntro(zh) : zh ? `根据 ${name}:` : `According to ${name}:`;
      cited.push(citedAnswer(intro, result, zh));
      continue;
    }
    const text = messageText(message).replace(/\s+/g, ' ').trim();
    const shown = text.length > 300 ? `${text.slice(0, 300)}…` : text;
    quoted.push(zh ? `工具 ${name} 返回:${shown}` : `The tool ${name} returned: ${shown}`);
  }
  const plain = quoted.length > 0 ? [[zh ? '根据工具的结果:' : 'From the tool results:', ...quoted.map((line) => `- ${line}`)].join('\n')] : [];
  return [...plain, ...cited].join('\n\n');
}
