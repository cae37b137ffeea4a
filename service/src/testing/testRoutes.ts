// The test-only routes under /_local/ (loopback callers only): faults (added, each looked at and released by its
// id), the request log, answer overrides and reset (which also clears the faults; `?requests=keep` keeps the log).
// Each is one the test harness, the demo or the benchmarks use.
import type { ServerResponse } from 'node:http';
import { parseJsonBody, sendJson, sendRefusal } from '../http/httpIo';
import { faultSpecSchema } from './faultInjector';
import { nextAnswerSchema } from './nextAnswers';
import type { FaultInjector } from './faultInjector';
import type { NextAnswers } from './nextAnswers';
import type { RequestLog } from './requestLog';
import type { StateStore } from '../state/stateStore';

export interface TestRouteContext {
  readonly faults: FaultInjector;
  readonly requestLog: RequestLog;
  readonly nextAnswers: NextAnswers;
  readonly store: StateStore;
}

const faultPath = /^\/_local\/faults\/(fault-[0-9a-f]+)$/;
const faultReleasePath = /^\/_local\/faults\/(fault-[0-9a-f]+)\/release$/;

/** Returns false when no test route matches. */
export function handleTestRoute(ctx: TestRouteContext, method: string, url: URL, body: Buffer, res: ServerResponse): boolean {
  const route = `${method} ${url.pathname}`;
  if (route === 'POST /_local/faults') {
    const parsed = faultSpecSchema.safeParse(parseJsonBody(body));
    if (!parsed.success) sendRefusal(res, 400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    else sendJson(res, 201, { id: ctx.faults.add(parsed.data).id });
  } else if (method === 'GET' && faultPath.test(url.pathname)) {
    const fault = ctx.faults.get(faultPath.exec(url.pathname)?.[1] ?? '');
    if (fault === undefined) sendRefusal(res, 404, `no fault ${url.pathname}`);
    else sendJson(res, 200, fault);
  } else if (method === 'POST' && faultReleasePath.test(url.pathname)) {
    const fault = ctx.faults.get(faultReleasePath.exec(url.pathname)?.[1] ?? '');
    if (fault === undefined) sendRefusal(res, 404, `no fault ${url.pathname}`);
    else {
      fault.gate.release();
      sendJson(res, 200, fault);
    }
  } else if (route === 'GET /_local/requests') {
    sendJson(res, 200, { requests: ctx.requestLog.list() });
  } else if (route === 'POST /_local/next-answer') {
    const parsed = nextAnswerSchema.safeParse(parseJsonBody(body));
    if (!parsed.success) sendRefusal(res, 400, parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    else {
      ctx.nextAnswers.add(parsed.data);
      sendJson(res, 201, { queued: parsed.data.count });
    }
  } else if (route === 'POST /_local/reset') {
    ctx.faults.clear();
    ctx.nextAnswers.clear();
    const keepRequests = url.searchParams.get('requests') === 'keep';
    if (!keepRequests) ctx.requestLog.clear();
    const toSeed = url.searchParams.get('state') === 'seed';
    if (toSeed) ctx.store.resetToSeed();
    sendJson(res, 200, { reset: true, state: toSeed ? 'seed' : 'kept', requests: keepRequests ? 'kept' : 'cleared' });
  } else {
    return false;
  }
  return true;
}
