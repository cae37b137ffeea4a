// POST /maas/v1/chat/completions: the admission checks (chatAdmission.ts), images and knowledge ids, the busy limit,
// then the answer as a stream (the default) or one JSON body. The order of the checks is the precedence documented in service/README.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { admitChatRequest } from './chatAdmission';
import { CHAT_ERRORS, parameterError, sendChatError } from './chatErrors';
import { messageText } from './chatRequestSchema';
import { chatCompletionBody, writeChatStream } from './chatStreamWriter';
import { newAnswerFrame, overrideAnswer, textAnswer, toolCallAnswer } from './localAnswer';
import { decideTools } from './toolResponder';
import { isChinese, respond } from './responder';
import { composeRetrievalAnswer } from './retrieval/retrievalAnswer';
import { countTokens } from './tokenCount';
import { upstreamAnswer } from './upstreamAnswer';
import { describeImage, describeInfoLine, ImageDecodeError } from './vision/imageInfo';
import { completeCode } from './completion/codeCompleter';
import { parseCompletionPrompt } from '../../../packages/completions/completionPrompt';
import { loadImageBytes } from './vision/imageSource';
import { sendJson } from '../http/httpIo';
import type { ReadBody } from '../http/httpIo';
import type { ChatAnswer } from './chatAnswer';
import type { ChatError } from './chatErrors';
import type { ChatRequest } from './chatRequestSchema';
import type { ChatContext } from './chatContext';
import type { Fault } from '../testing/faultInjector';
import type { LoggedRequest } from '../testing/requestLog';

const DEFAULT_MAX_TOKENS = 3000;
/** Prompt tokens counted for each image: the token rule has no meaning for pixels. */
const IMAGE_PROMPT_TOKENS = 256;

export async function handleChat(
  ctx: ChatContext,
  req: IncomingMessage,
  res: ServerResponse,
  read: ReadBody,
  fault: Fault | undefined,
  entry: LoggedRequest,
): Promise<void> {
  const admitted = admitChatRequest(ctx, req.headers.authorization, read);
  if (!admitted.ok) return sendChatError(res, admitted.error);
  const { key, request } = admitted;

  const images = await describeImages(ctx, request);
  if (!images.ok) return sendChatError(res, images.error);
  const knowledge = findKnowledgeBases(ctx, request);
  if (!knowledge.ok) return sendChatError(res, knowledge.error);

  const streaming = request.stream ?? true;
  const release = streaming ? ctx.busy.acquire(key.id) : () => undefined;
  if (!release) return sendChatError(res, CHAT_ERRORS.busy);
  res.on('close', release);
  try {
    const answer = await buildAnswer(ctx, request, images.lines);
    if (!answer.ok) return sendChatError(res, answer.error);
    if (!streaming) return sendJson(res, 200, await chatCompletionBody(answer.answer));
    await writeChatStream(res, answer.answer, {
      paceMs: ctx.paceMs,
      fault,
      onChunks: (sent) => {
        entry.chunksSent = sent;
      },
      onServerDrop: () => ctx.requestLog.markServerDropped(entry),
    });
  } finally {
    if (res.writableEnded || res.destroyed) release();
  }
}

type ImagesResult = { ok: true; lines: string[]; count: number } | { ok: false; error: ChatError };

async function describeImages(ctx: ChatContext, request: ChatRequest): Promise<ImagesResult> {
  const zh = isChinese(lastUserText(request));
  const lines: string[] = [];
  for (const [i, message] of request.messages.entries()) {
    if (message.content === null || typeof message.content === 'string') continue;
    for (const [j, part] of message.content.entries()) {
      if (part.type !== 'image_url') continue;
      const field = `messages[${i}].content[${j}].image_url.url`;
      const loaded = await loadImageBytes(part.image_url.url, field, {
        maxBytes: ctx.maxImageBytes,
        allowRemote: ctx.allowRemoteImages,
        dispatcher: ctx.remoteImageDispatcher,
      });
      if (!loaded.ok) return { ok: false, error: parameterError(loaded.detail) };
      try {
        const info = describeImage(loaded.bytes);
        lines.push(zh ? `图片 ${lines.length + 1}:${describeInfoLine(info, true)}` : `Image ${lines.length + 1}: ${describeInfoLine(info, false)}`);
      } catch (error) {
        if (error instanceof ImageDecodeError) return { ok: false, error: parameterError(`${field} ${error.message}`) };
        throw error;
      }
    }
  }
  return { ok: true, lines, count: lines.length };
}

type KnowledgeResult = { ok: true } | { ok: false; error: ChatError };

function findKnowledgeBases(ctx: ChatContext, request: ChatRequest): KnowledgeResult {
  for (const [t, tool] of (request.tools ?? []).entries()) {
    if (tool.type !== 'retrieval') continue;
    const missing = tool.retrieval.knowledge_ids.filter((id) => !ctx.store.knowledgeBases().some((kb) => kb.id === id));
    if (missing.length > 0) return { ok: false, error: parameterError(`tools[${t}].retrieval.knowledge_ids 知识库不存在: ${missing.join(', ')}`) };
  }
  return { ok: true };
}

function lastUserText(request: ChatRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  return last ? messageText(last) : '';
}

type AnswerResult = { ok: true; answer: ChatAnswer } | { ok: false; error: ChatError };

async function buildAnswer(ctx: ChatContext, request: ChatRequest, imageLines: readonly string[]): Promise<AnswerResult> {
  const promptTokens = request.messages.reduce((sum, m) => sum + countTokens(messageText(m)), 0) + IMAGE_PROMPT_TOKENS * imageLines.length;
  const frame = newAnswerFrame(request.model, promptTokens);
  const override = ctx.nextAnswers.take();
  if (override) return { ok: true, answer: overrideAnswer(frame, override) };
  const maxTokens = request.max_tokens ?? DEFAULT_MAX_TOKENS;
  const question = lastUserText(request);
  const turn = request.messages.filter((m) => m.role === 'user').length;
  const local = (): string => respond({ question, turn, imageLines });
  const tools = decideTools(request, isChinese(question));
  if (tools?.kind === 'call') return { ok: true, answer: toolCallAnswer(frame, tools.calls) };
  if (tools?.kind === 'answer') return { ok: true, answer: textAnswer(frame, tools.text, maxTokens, ctx.sensitive) };
  const retrieval = request.tools?.find((tool) => tool.type === 'retrieval')?.retrieval;
  if (retrieval) {
    const bases = ctx.store.knowledgeBases().filter((kb) => retrieval.knowledge_ids.includes(kb.id));
    const hits = ctx.knowledgeIndex.search(bases, question, retrieval.text_threshold ?? ctx.defaultTextThreshold);
    const composed = composeRetrievalAnswer(hits, retrieval, isChinese(question), ctx.cornerMark, local);
    return { ok: true, answer: textAnswer(frame, composed.text, maxTokens, ctx.sensitive, ctx.references ? composed.references : undefined) };
  }
  if (ctx.upstream) {
    const messages = request.messages.map((m) => ({ role: m.role, content: messageText(m) }));
    if (imageLines.length > 0) messages.push({ role: 'system', content: `Images attached by the user, as decoded by the service:\n${imageLines.join('\n')}` });
    const result = await upstreamAnswer(ctx.upstream, frame, messages, { temperature: request.temperature, top_p: request.top_p, maxTokens }, ctx.sensitive);
    return result;
  }
  // An inline-completion prompt from the extension is answered with code (with --upstream it went upstream unchanged).
  const completion = parseCompletionPrompt(question);
  if (completion) return { ok: true, answer: textAnswer(frame, completeCode(completion), maxTokens, ctx.sensitive) };
  return { ok: true, answer: textAnswer(frame, local(), maxTokens, ctx.sensitive) };
}
