// Routes every request of both ports: the browser guard first (Host, Origin, Content-Type; never logged), test routes
// (never logged), then the request log and fault injection, then chat, speech (handed to the speech routes), the
// console API and the console page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { handleChat } from '../chat/chatHandler';
import { CHAT_ERRORS, chatErrorBody, defaultErrorForStatus, sendChatError } from '../chat/chatErrors';
import { handleConsoleApi } from '../console/consoleApi';
import { serveConsoleFile } from '../console/consoleStatic';
import { handleTestRoute } from '../testing/testRoutes';
import { browserGuardRefusal, isConsoleOrTestRoute } from './browserGuard';
import { isLoopback, readBody, sendJson, sendRefusal } from './httpIo';
import { SpeechErrorCode } from '../speech/speechCodes';
import type { ChatContext } from '../chat/chatContext';
import type { Fault, FaultInjector, Port } from '../testing/faultInjector';
import type { SpeechRoutes } from '../speechContract';

export const CHAT_PATH = '/maas/v1/chat/completions';

export interface RouterContext extends ChatContext {
  readonly faults: FaultInjector;
  readonly speech: SpeechRoutes;
  readonly log: (line: string) => void;
  /** Host names answered besides 127.0.0.1 and localhost (see browserGuard.ts). */
  readonly allowedHosts: readonly string[];
}

export function createRouter(ctx: RouterContext, port: Port): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(ctx, port, req, res).catch((error: unknown) => {
      ctx.log(`internal error on ${req.method ?? ''} ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, chatErrorBody(CHAT_ERRORS.system));
      else res.destroy();
    });
  };
}

async function route(ctx: RouterContext, port: Port, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const refusal = browserGuardRefusal(req, url.pathname, ctx.allowedHosts);
  if (refusal) return sendRefusal(res, refusal.status, refusal.message);
  if (isConsoleOrTestRoute(url.pathname) && !isLoopback(req)) return sendRefusal(res, 403, 'this route answers loopback callers only');
  const read = await readBody(req, ctx.maxBodyBytes);
  const { body } = read;
  const tooLarge = `request body exceeds ${ctx.maxBodyBytes} bytes`;
  if (url.pathname.startsWith('/_local/')) {
    if (read.oversized) return sendRefusal(res, 413, tooLarge);
    if (!handleTestRoute(ctx, method, url, body, res)) sendRefusal(res, 404, `no test route ${method} ${url.pathname}`);
    return;
  }
  const entry = ctx.requestLog.start(req, res, port, url);
  ctx.requestLog.setBody(entry, body, req.headers['content-type']);
  const fault = ctx.faults.take(url.pathname, port);
  if (fault && (await applyFault(fault, res, () => ctx.requestLog.markServerDropped(entry)))) return;

  if (url.pathname === CHAT_PATH) {
    // The route's method comes first: no credential makes a GET a chat request.
    if (method !== 'POST') return sendChatError(res, { status: 405, message: `参数错误:${CHAT_PATH} 只接受 POST` }, { Allow: 'POST' });
    return handleChat(ctx, req, res, read, fault, entry);
  }
  // Speech credentials travel in the body, so for the other routes the size is the first thing to refuse.
  if (read.oversized) {
    if (url.pathname.startsWith('/console/')) return sendRefusal(res, 413, tooLarge);
    return sendJson(res, 413, { request_id: '', code: SpeechErrorCode.textTooLong, message: tooLarge });
  }
  if (url.pathname.startsWith('/maas/v2/api/') || url.pathname.startsWith('/audio/')) {
    if (await ctx.speech.handle(req, res, url, body)) return;
    return sendJson(res, 404, { request_id: '', code: 40400, message: `no speech route ${url.pathname}` });
  }
  if (url.pathname.startsWith('/console/api/')) {
    if (!handleConsoleApi(ctx.store, method, url.pathname, body, res)) sendRefusal(res, 404, `no console route ${method} ${url.pathname}`);
    return;
  }
  if (method === 'GET' && (await serveConsoleFile(url.pathname, res))) return;
  sendRefusal(res, 404, `no route ${method} ${url.pathname}`);
}

/** Applies the fault's behaviour that happens before the route runs; true when the response is already settled. */
async function applyFault(fault: Fault, res: ServerResponse, onServerDrop: () => void): Promise<boolean> {
  if (fault.status !== undefined) {
    const headers = fault.headers ?? {};
    if (typeof fault.body === 'string') {
      res.writeHead(fault.status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      res.end(fault.body);
    } else {
      sendJson(res, fault.status, fault.body ?? chatErrorBody(defaultErrorForStatus(fault.status)), headers);
    }
    return true;
  }
  if (fault.stallMs !== undefined && fault.stallAfterChunks === undefined) {
    const closed = new AbortController();
    res.on('close', () => closed.abort());
    await delay(fault.stallMs, undefined, { signal: closed.signal }).catch(() => undefined);
    return closed.signal.aborted;
  }
  const chatRoute = res.req.url?.split('?')[0] === CHAT_PATH;
  if (fault.holdAfterChunks !== undefined && (fault.holdAfterChunks === 0 || !chatRoute)) {
    const closed = new AbortController();
    res.on('close', () => closed.abort());
    await fault.gate.pass(closed.signal);
    return closed.signal.aborted;
  }
  if (fault.dropAfterChunks !== undefined && !chatRoute) {
    onServerDrop();
    res.destroy();
    return true;
  }
  return false;
}
