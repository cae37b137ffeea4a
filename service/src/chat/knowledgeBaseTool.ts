// The extension's knowledge-base tool in the deterministic responder ([choice], service/README.md): a request that
// offers the function tool maas_searchKnowledgeBase, and whose user asks about the knowledge base in their own words
// (KNOWLEDGE_BASE_WORDS), is answered with a call of that tool. Its arguments: `question`, the user's question without
// those words and without markup; the knowledge base by name only when the user named one that the tool lists.
import type { FunctionTool } from './chatRequestSchema';

export const KNOWLEDGE_BASE_TOOL = 'maas_searchKnowledgeBase';

/**
 * The words that say the user asks about the knowledge base: "#kb"; "knowledge base" (not "a knowledge base", which
 * asks what one is); "our docs", "according to the documents"; 知识库; 文档 where it is the source of an answer
 * (根据文档, 我们的文档, 文档里), not the subject of a request (写文档).
 */
const KNOWLEDGE_BASE_WORDS: readonly RegExp[] = [
  /#kb\b/i,
  /(?<!\b(?:a|an)\s)\bknowledge[ -]?base\b/i,
  /\bour (?:docs|documents|documentation)\b/i,
  /\baccording to the (?:docs|documents|documentation)\b/i,
  /知识库/,
  /(?:我们的|根据|按照|依据|基于|在|从|查|查一下|搜索|检索)文档|文档(?:里|中|上|说)/,
];

/** Whether the user's words ask about the knowledge base: they say so, and ask something besides ("#kb" alone asks nothing). */
export function asksKnowledgeBase(userWords: string): boolean {
  return KNOWLEDGE_BASE_WORDS.some((words) => words.test(userWords)) && questionOf(userWords, []) !== '';
}

type Schema = { type?: unknown; enum?: unknown; description?: unknown; properties?: unknown; required?: unknown };

/** The call's arguments: the question, and the knowledge base the user named when the tool lists it. */
export function knowledgeBaseArguments(tool: FunctionTool, userWords: string): Record<string, unknown> {
  const schema = (tool.function.parameters ?? {}) as Schema;
  const properties = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, Schema>;
  const baseProperty = Object.keys(properties).find((name) => name !== 'question' && /knowledge|base|kb/i.test(name));
  const listed = baseProperty === undefined ? [] : baseNames(properties[baseProperty] ?? {}, tool.function.description);
  const named = listed.filter((name) => mentions(userWords, name)).sort((a, b) => b.length - a.length)[0];
  const args: Record<string, unknown> = { question: questionOf(userWords, listed) };
  if (baseProperty !== undefined && named !== undefined) args[baseProperty] = named;
  return args;
}

/** The names a tool lists: its property's enum, else the names quoted in its property's and its own description. */
function baseNames(property: Schema, toolDescription: string | undefined): string[] {
  if (Array.isArray(property.enum)) return property.enum.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
  const described = [property.description, toolDescription].filter((text): text is string => typeof text === 'string').join('\n');
  return [...described.matchAll(/["“「『`]([^"”」』`\n]{1,64})["”」』`]/g)].map((match) => match[1]?.trim() ?? '').filter((name) => name !== '');
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `text` names `name`, not as part of a longer Latin word (Chinese has no spaces to tell words apart). */
function mentions(text: string, name: string): boolean {
  return new RegExp(`(?<![A-Za-z\\d_])${escaped(name)}(?![A-Za-z\\d_])`, 'iu').test(text);
}

/**
 * The user's question: their words without the words that ask for the knowledge base or name the tool (with the
 * words that lead to them: "according to our docs,", "search the Handbook knowledge base:", "use
 * maas_searchKnowledgeBase for", "根据知识库，", "在手册知识库里查一下"), the last line that asks something (else the
 * last line), beginning with a capital.
 */
function questionOf(userWords: string, names: readonly string[]): string {
  // A name the tool lists, where the words may carry one (the pattern of no name matches nothing).
  const name = names.length > 0 ? `(?:${names.map(escaped).join('|')})` : '(?!)';
  const leadIn = String.raw`(?:(?:please\s+)?(?:what\s+(?:do|does)|according\s+to|based\s+on|search|check|consult|ask|look\s+(?:it\s+)?up\s+in|from|in|using|use|with|per)\s+)?`;
  const base = String.raw`(?:(?:the|our|my)\s+(?:["“]?${name}["”]?\s+|["“]?[\p{L}\d][\p{L}\d_-]*["”]?\s+)?)?knowledge[ -]?bases?(?:\s+${name})?`;
  const toolName = String.raw`(?:(?:please\s+)?(?:call|use|run|invoke)\s+(?:the\s+)?|调用|使用)?\s*${KNOWLEDGE_BASE_TOOL}(?:\s+tool)?(?:\s+(?:for|about|to\s+answer))?`;
  const english = new RegExp(
    String.raw`${toolName}|#kb\b|${leadIn}(?:${base}|our\s+(?:docs|documents|documentation))(?:\s+(?:says?|said)(?:\s+about)?|\s+for|\s+about)?|according\s+to\s+the\s+(?:docs|documents|documentation)`,
    'giu',
  );
  const chinese = new RegExp(
    `请?(?:根据|按照|依据|基于|在|从|查一下|查查|查询|搜索|检索|看看)?(?:我们的)?(?:${name})?(?:知识库|文档)(?:${name})?(?:里面|里|中|上)?(?:的内容)?(?:回答|说|查一下|查找|搜索|查)?`,
    'giu',
  );
  const lines = userWords
    .replace(english, '')
    .replace(chinese, '')
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+/g, ' ')
        .replace(/^[\s,，:：;；.。]+/, '')
        .replace(/[\s,，:：;；]+(?=[?？.。!！]|$)/g, '')
        .trim(),
    )
    .filter((line) => line !== '');
  const question = [...lines].reverse().find((line) => /[?？]/.test(line)) ?? lines[lines.length - 1] ?? '';
  return question.charAt(0).toUpperCase() + question.slice(1);
}
