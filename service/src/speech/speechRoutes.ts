// The local service's speech synthesis routes (docs/service.md and docs/wire.md, Speech): get_speakers, tts, tts-long-commit and
// tts-long-query below /maas/v2/api/, and the signed audio downloads below /audio/. The server hands every such
// request here (see ../speechContract.ts); state lives in <dataDir>/speech/.
import path from 'node:path';
import { AudioUrlSigner } from './audioUrlSigner';
import { handleAudioDownload } from './audioDownload';
import { LongTaskQueue } from './longTaskQueue';
import { handleLongCommit, handleLongQuery } from './longTaskHandlers';
import { handleTts } from './realtimeSynthesis';
import { readRequestFields, requestIdOf } from './requestFields';
import { SPEAKERS } from './speakers';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError, sendSpeechError, sendSpeechJson } from './speechError';
import { requireCredentials } from './speechDeps';
import { resolveSpeechOptions } from './speechOptions';
import { SynthesisSlots } from './synthesisSlots';
import { TaskStore } from './taskStore';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreateSpeechRoutes, SpeechRoutes } from '../speechContract';
import type { RequestFields } from './requestFields';
import type { SpeechDeps } from './speechDeps';

const API_PREFIX = '/maas/v2/api/';

type ApiHandler = (deps: SpeechDeps, fields: RequestFields, requestId: string, res: ServerResponse) => void | Promise<void>;

/**
 * Each route with the methods it takes: the spec's (POST only for tts-long-commit), and POST for get_speakers too, which
 * carries the credentials in a body when the speaker list asks for them (option speakersRequireCredentials).
 */
const API_ROUTES: Readonly<Record<string, { readonly handler: ApiHandler; readonly methods: readonly string[] }>> = {
  get_speakers: { handler: handleSpeakers, methods: ['GET', 'POST'] },
  tts: { handler: handleTts, methods: ['GET', 'POST'] },
  'tts-long-commit': { handler: handleLongCommit, methods: ['POST'] },
  'tts-long-query': { handler: handleLongQuery, methods: ['GET', 'POST'] },
};

export const createSpeechRoutes: CreateSpeechRoutes = async (context) => {
  const options = resolveSpeechOptions(context);
  const speechDir = path.join(context.dataDir, 'speech');
  const audioDir = path.join(speechDir, 'audio');
  const slots = new SynthesisSlots(options.maxSynthesisProcesses);
  const warn = (line: string): void => (context.warn ?? context.log)(line);
  const store = TaskStore.open(path.join(speechDir, 'tasks.json'), warn);
  const queue = new LongTaskQueue(store, audioDir, slots, options, context.log);
  const shutdown = new AbortController();
  const deps: SpeechDeps = { context, options, slots, signer: AudioUrlSigner.open(speechDir, warn), store, queue, audioDir, shutdown: shutdown.signal };
  queue.resume();
  const routes: SpeechRoutes = {
    handle: (req, res, url, body) => dispatch(deps, req, res, url, body),
    async close() {
      shutdown.abort(new Error('the speech service is stopping'));
      await queue.close();
    },
  };
  return Promise.resolve(routes);
};

async function dispatch(deps: SpeechDeps, req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (url.pathname.startsWith('/audio/')) {
    if (method !== 'GET') return sendMethodNotAllowed(res, 'GET');
    handleAudioDownload(deps, url, requestIdOf({}), res);
    return true;
  }
  if (!url.pathname.startsWith(API_PREFIX)) return false;
  const apiRoute = API_ROUTES[url.pathname.slice(API_PREFIX.length).replace(/\/+$/, '')];
  if (apiRoute === undefined) return false;
  const { handler, methods } = apiRoute;
  if (!methods.includes(method)) return sendMethodNotAllowed(res, methods.join(', '));
  let requestId = requestIdOf(Object.fromEntries(url.searchParams));
  try {
    const fields = readRequestFields(req, url, body);
    requestId = requestIdOf(fields);
    await handler(deps, fields, requestId, res);
  } catch (error) {
    if (res.headersSent || res.destroyed) return true; // the client left mid-synthesis: nobody to answer
    const speechError =
      error instanceof SpeechError
        ? error
        : new SpeechError(SpeechErrorCode.synthesisFailed, `synthesis failed: ${error instanceof Error ? error.message : String(error)}`);
    deps.context.log(`speech: ${url.pathname} ${requestId} error ${speechError.code}: ${speechError.message}`);
    sendSpeechError(res, deps.options.errorStatus, requestId, speechError);
  }
  return true;
}

function handleSpeakers(deps: SpeechDeps, fields: RequestFields, requestId: string, res: ServerResponse): void {
  if (deps.options.speakersRequireCredentials) requireCredentials(fields, deps.context);
  const list = SPEAKERS.map((speaker) => ({ id: speaker.id, name: speaker.name }));
  const placed = { speakers: { speakers: list }, data: { data: list }, 'data.list': { data: { list } } }[deps.options.speakersShape];
  sendSpeechJson(res, 200, { request_id: requestId, code: deps.options.successCode, message: 'success', ...placed });
}

function sendMethodNotAllowed(res: ServerResponse, allow: string): true {
  res.setHeader('Allow', allow);
  sendSpeechError(res, 405, requestIdOf({}), new SpeechError(SpeechErrorCode.invalidParameter, `method not allowed; use ${allow}`));
  return true;
}
