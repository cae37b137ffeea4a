// Starts the local service programmatically: two ports (base and alternative) serving the same routes, state in a
// data folder, the speech routes (service/src/speech/) behind the same request log and fault injection. The options
// and the returned handle are the shared contract documented in service/README.md.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent } from 'undici';
import { BusyLimiter } from './chat/busyLimiter';
import { KnowledgeIndex } from './chat/retrieval/knowledgeIndex';
import { SensitiveWords } from './chat/sensitiveWords';
import { isHostName } from './http/browserGuard';
import { MAX_BODY_BYTES } from './http/httpIo';
import { createRouter } from './http/serviceRouter';
import { readKnowledgeFolder } from './state/kbDirLoader';
import { seedFileSchema } from './state/stateSchema';
import { StateStore } from './state/stateStore';
import { FaultInjector } from './testing/faultInjector';
import { NextAnswers } from './testing/nextAnswers';
import { RequestLog } from './testing/requestLog';
import { createSpeechRoutes } from './speech/speechRoutes';
import type { SeedFile } from './state/stateSchema';
import type { RangeMode } from './chat/parameterRanges';
import type { Port } from './testing/faultInjector';
import type { RouterContext } from './http/serviceRouter';
import type { SpeakersShape, SpeechContextWithOptions, SpeechOptions, TimestampMode } from './speech/speechOptions';

export type { SeedFile } from './state/stateSchema';

export interface LocalServiceOptions {
  port?: number;
  altPort?: number;
  dataDir?: string;
  seed?: string | SeedFile;
  paceMs?: number;
  upstream?: string;
  allowRemoteImages?: boolean;
  references?: boolean;
  cornerMark?: string;
  maxStreamsPerKey?: number;
  kbDir?: string;
  quiet?: boolean;
  // Additions beyond the shared contract (all optional, documented in service/README.md):
  /** Model name sent to the upstream server; absent = the requested model code. */
  upstreamModel?: string;
  /** Sensitive-word list file; absent = service/config/sensitive-words.txt. */
  sensitiveWordsFile?: string;
  /** Cap on one decoded image, in bytes; default 10 MB. */
  maxImageBytes?: number;
  /** text_threshold used when a retrieval request omits it; default 0.2 (a cosine similarity: see knowledgeIndex.ts). */
  defaultTextThreshold?: number;
  /** Accept repetition_penalty exactly 1.0 (the spec's default, outside its open range); default true. */
  acceptDefaultRepetitionPenalty?: boolean;
  /** PEM certificate(s) trusted, besides Node's roots, when fetching https images (tests; the CLI honours NODE_EXTRA_CA_CERTS). */
  remoteImageCa?: string;
  /** What an out-of-range chat parameter gets ([choice], default 'reject'; 'clamp' or 'accept'). */
  ranges?: RangeMode;
  /** Cap on a request body in bytes; default 64 MiB. */
  maxBodyBytes?: number;
  /** HTTP status of speech error bodies ([choice], default 200). */
  speechErrorStatus?: number;
  /** `code` of successful speech JSON answers ([choice], default 0). */
  speechSuccessCode?: number;
  /** Where get_speakers puts its list ([choice], default 'speakers'). */
  speakersShape?: SpeakersShape;
  /** What tts with enable_ts answers ([choice], default 'json'; 'none' = plain audio). */
  ttsTimestamps?: TimestampMode;
  /**
   * Host names the service answers to besides 127.0.0.1 and localhost (with the port of the request), for a client
   * that reaches it under another name, such as through a proxy that resolves a company name to it. Default none:
   * any other `Host` is refused (service/README.md, "Web pages and the service").
   */
  allowedHosts?: readonly string[];
}

export interface LocalService {
  readonly baseUrl: string;
  readonly altBaseUrl: string;
  readonly consoleUrl: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

function readSeed(seed: string | SeedFile | undefined): SeedFile | undefined {
  if (seed === undefined) return undefined;
  return seedFileSchema.parse(typeof seed === 'string' ? (JSON.parse(readFileSync(seed, 'utf8')) as unknown) : seed);
}

export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const badHost = options.allowedHosts?.find((name) => !isHostName(name));
  if (badHost !== undefined) throw new Error(`allowedHosts: "${badHost}" is not a host name (give the name alone, without scheme, port or path)`);
  const temporaryDir = options.dataDir === undefined ? mkdtempSync(path.join(tmpdir(), 'maas-local-')) : undefined;
  const dataDir = options.dataDir ?? temporaryDir ?? '';
  mkdirSync(dataDir, { recursive: true });
  const log = (line: string): void => {
    if (!options.quiet) process.stderr.write(`[local-service] ${line}\n`);
  };
  // A corrupt state file is never passed over in silence, even when quiet.
  const warn = (line: string): void => {
    process.stderr.write(`[local-service] ${line}\n`);
  };
  const store = StateStore.inDataDir(dataDir, readSeed(options.seed));
  if (store.corruptReport) warn(`WARNING: ${store.corruptReport}`);
  if (store.seedIgnored && typeof options.seed === 'string') log(`notice: --seed ${options.seed} ignored: ${store.seedIgnored}`);
  else if (store.seedIgnored) log(`notice: the seed was ignored: ${store.seedIgnored}`);
  if (options.kbDir) {
    const folder = readKnowledgeFolder(options.kbDir);
    const kb = store.upsertKnowledgeBase(folder.name, folder.documents);
    log(`knowledge base ${kb.id} "${kb.name}" loaded from ${options.kbDir} (${kb.documents.length} documents)`);
  }
  let baseUrl = '';
  // Only the switches given here: the others still come from the environment (speechOptions.ts).
  const speechOptions: Partial<SpeechOptions> = {
    ...(options.speechErrorStatus !== undefined ? { errorStatus: options.speechErrorStatus } : {}),
    ...(options.speechSuccessCode !== undefined ? { successCode: options.speechSuccessCode } : {}),
    ...(options.speakersShape !== undefined ? { speakersShape: options.speakersShape } : {}),
    ...(options.ttsTimestamps !== undefined ? { timestamps: options.ttsTimestamps } : {}),
  };
  const speechContext: SpeechContextWithOptions = {
    dataDir,
    publicBaseUrl: () => baseUrl,
    credentialsValid: (appkey, token) => store.speechCredentials().some((c) => c.appkey === appkey && c.token === token),
    appkeyKnown: (appkey) => store.speechCredentials().some((c) => c.appkey === appkey),
    log,
    warn,
    ...(Object.keys(speechOptions).length > 0 ? { speechOptions } : {}),
  };
  const speech = await createSpeechRoutes(speechContext);
  const requestLog = new RequestLog();
  const ctx: RouterContext = {
    store,
    sensitive: SensitiveWords.fromFile(options.sensitiveWordsFile),
    knowledgeIndex: new KnowledgeIndex(),
    nextAnswers: new NextAnswers(),
    requestLog,
    busy: new BusyLimiter(options.maxStreamsPerKey ?? 4),
    paceMs: options.paceMs ?? 0,
    upstream: options.upstream ? { baseUrl: options.upstream, model: options.upstreamModel, apiKey: process.env['MAAS_UPSTREAM_KEY'] } : undefined,
    allowRemoteImages: options.allowRemoteImages ?? false,
    remoteImageDispatcher: options.remoteImageCa ? new Agent({ connect: { ca: [...rootCertificates, options.remoteImageCa] } }) : undefined,
    references: options.references ?? false,
    cornerMark: options.cornerMark ?? '^[n]^',
    maxImageBytes: options.maxImageBytes ?? 10 * 1024 * 1024,
    defaultTextThreshold: options.defaultTextThreshold ?? 0.2,
    acceptDefaultRepetitionPenalty: options.acceptDefaultRepetitionPenalty ?? true,
    ranges: options.ranges ?? 'reject',
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    faults: new FaultInjector(),
    speech,
    log,
    allowedHosts: options.allowedHosts ?? [],
  };
  const primary = await listen(ctx, 'primary', options.port ?? 0).catch(async (error: unknown) => {
    await speech.close();
    throw error;
  });
  const alt = await listen(ctx, 'alt', options.altPort ?? 0).catch(async (error: unknown) => {
    await Promise.all([primary.close(), speech.close()]);
    throw error;
  });
  baseUrl = `http://127.0.0.1:${primary.port}`;
  let stopped = false;
  return {
    baseUrl,
    altBaseUrl: `http://127.0.0.1:${alt.port}`,
    consoleUrl: `${baseUrl}/console/`,
    dataDir,
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      await Promise.all([primary.close(), alt.close()]);
      await speech.close();
      await ctx.remoteImageDispatcher?.close();
      if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true });
    },
  };
}

interface Listening {
  readonly port: number;
  close(): Promise<void>;
}

function listen(ctx: RouterContext, which: Port, port: number): Promise<Listening> {
  const server: Server = createServer({ keepAliveTimeout: 5000 }, createRouter(ctx, which));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}
