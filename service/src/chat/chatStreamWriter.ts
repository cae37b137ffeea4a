// Writes a chat answer as the service's event stream, byte for byte as docs/wire.md shows it. The JSON around a
// delta is serialised once per stream (prefix/suffix), so each chunk costs one JSON.stringify of its content;
// without pacing, chunks are batched into larger writes (bench/service.bench.ts measures the rate).
import type { ServerResponse } from 'node:http';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { usageOf } from './chatAnswer';
import type { ChatAnswer } from './chatAnswer';
import type { Fault } from '../testing/faultInjector';

export interface StreamOptions {
  readonly paceMs: number;
  readonly fault: Fault | undefined;
  /** Called with the number of data chunks sent so far (request log). */
  readonly onChunks: (sent: number) => void;
  /** Called when an injected fault closes the socket on purpose. */
  readonly onServerDrop: () => void;
}

const BATCH_CHARS = 16 * 1024;
const ZERO_USAGE = '"usage":{"prompt_tokens":0,"total_tokens":0,"completion_tokens":0}';

export async function writeChatStream(res: ServerResponse, answer: ChatAnswer, options: StreamOptions): Promise<void> {
  const head = `data: {"id":${JSON.stringify(answer.id)},"object":"chat.completion.chunk","created":${answer.created},"model":${JSON.stringify(answer.model)},"choices":[{"index":0,"delta":{"role":`;
  const deltaPrefix = `${head}"","content":`;
  const deltaSuffix = `},"finish_reason":""}],${ZERO_USAGE}}\n\n`;
  const { fault, paceMs } = options;
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });

  let buffer = '';
  let sent = 0;
  const flush = async (): Promise<void> => {
    if (buffer.length === 0 || abort.signal.aborted) return;
    const ok = res.write(buffer);
    buffer = '';
    if (!ok && !abort.signal.aborted) await once(res, 'drain', { signal: abort.signal }).catch(() => undefined);
  };
  const sleep = (ms: number): Promise<void> => delay(ms, undefined, { signal: abort.signal }).catch(() => undefined);
  /** Sends one event; returns false when the stream must stop (client gone or socket dropped by a fault). */
  const emit = async (event: string): Promise<boolean> => {
    buffer += event;
    sent++;
    options.onChunks(sent);
    if (paceMs > 0 || buffer.length >= BATCH_CHARS) await flush();
    if (fault) {
      if (fault.dropAfterChunks === sent) return drop();
      if (fault.stallMs !== undefined && fault.stallAfterChunks === sent) {
        await flush();
        await sleep(fault.stallMs);
      }
      if (fault.malformedChunk !== undefined && (fault.afterChunks ?? 0) === sent) buffer += `data: ${fault.malformedChunk}\n\n`;
      if (fault.holdAfterChunks === sent) {
        await flush();
        await fault.gate.pass(abort.signal);
      }
    }
    if (paceMs > 0) await sleep(paceMs);
    return !abort.signal.aborted;
  };
  const drop = async (): Promise<boolean> => {
    await flush();
    options.onServerDrop();
    // destroy() would discard chunks still queued in the socket; destroySoon() closes once they are written, without
    // the chunked terminator, so the client sees the connection cut after exactly K chunks.
    if (res.socket) res.socket.destroySoon();
    else res.destroy();
    return false;
  };

  if (fault?.dropAfterChunks === 0) {
    await drop();
    return;
  }
  if (fault?.malformedChunk !== undefined && (fault.afterChunks ?? 0) === 0) buffer += `data: ${fault.malformedChunk}\n\n`;
  if (!(await emit(`${head}"assistant","content":""},"finish_reason":""}],${ZERO_USAGE}}\n\n`))) return;
  for await (const piece of answer.pieces) {
    if (!(await emit(deltaPrefix + JSON.stringify(piece) + deltaSuffix))) return;
  }
  // Function calls as OpenAI-compatible gateways stream them: the first fragment names the call, the arguments
  // follow in pieces split anywhere, told apart by index.
  for (const [index, call] of (answer.toolCalls ?? []).entries()) {
    const first = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
    if (!(await emit(`${head}"","content":null,"tool_calls":${JSON.stringify([first])}},"finish_reason":""}],${ZERO_USAGE}}\n\n`))) return;
    for (const piece of argumentPieces(call.arguments)) {
      const fragment = { index, function: { arguments: piece } };
      if (!(await emit(`${head}"","content":null,"tool_calls":${JSON.stringify([fragment])}},"finish_reason":""}],${ZERO_USAGE}}\n\n`))) return;
    }
  }
  const references = answer.references ? `,"references":${JSON.stringify(answer.references)}` : '';
  const finish = `${head}"","content":""},"finish_reason":"${answer.finishReason()}"}],"usage":${JSON.stringify(usageOf(answer))}${references}}\n\n`;
  if (!(await emit(finish))) return;
  buffer += 'data: [DONE]\n\n';
  await flush();
  if (!abort.signal.aborted) res.end();
}

/** A JSON text in three pieces cut at arbitrary places (a client must join them before parsing). */
function argumentPieces(text: string): string[] {
  if (text.length < 3) return [text];
  const a = Math.floor(text.length / 3);
  const b = Math.floor((2 * text.length) / 3);
  return [text.slice(0, a), text.slice(a, b), text.slice(b)];
}

export async function chatCompletionBody(answer: ChatAnswer): Promise<Record<string, unknown>> {
  let content = '';
  for await (const piece of answer.pieces) content += piece;
  const calls = answer.toolCalls ?? [];
  const message =
    calls.length === 0
      ? { role: 'assistant', content }
      : {
          role: 'assistant',
          content: content === '' ? null : content,
          tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
        };
  return {
    id: answer.id,
    object: 'chat.completion',
    created: answer.created,
    model: answer.model,
    choices: [{ index: 0, message, finish_reason: answer.finishReason() }],
    usage: usageOf(answer),
    ...(answer.references ? { references: answer.references } : {}),
  };
}
