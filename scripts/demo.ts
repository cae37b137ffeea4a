// `npm run demo`: builds and packages the extension, starts the local service (seeded with a sample knowledge
// base; its system default key and a speech appkey/token pair are created on first run and kept in .demo/, then
// handed to the extension through a bootstrap file), starts code-server with
// the .vsix installed and configured against the service, and prints the one URL to open with the password its
// sign-in page asks for (new at every start, printed only there: any other local user can reach the port, and the
// editor has a terminal running as this user). Ctrl-C (SIGINT) or SIGTERM
// stops all: code-server with every process under it, then the service; a second signal while stopping kills the
// whole tree at once.
// State persists in .demo/ between runs (the service's data and the VS Code profile, so chat history survives).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalService, type LocalService } from '../service/src/localService';
import { SPEECH_CODES_VARIABLE } from '../src/core/speech/speechProblems';
import { startCodeServer, type CodeServer } from '../test/harness/codeServer';
import { freePort } from '../test/harness/freePort';
import { killStartedProcessesSync } from '../test/harness/processTree';
import { ensureSpeechPrograms, ensureTools } from '../test/harness/tools';
import { packageExtension } from './package';

const root = path.resolve(__dirname, '..');
/** The demo's state; MAAS_DEMO_DIR puts it elsewhere (the e2e test of the demo uses a fresh folder). */
const demoDir = process.env.MAAS_DEMO_DIR ?? path.join(root, '.demo');

interface ConsoleKey {
  readonly type: string;
  readonly key: string;
}

async function consoleJson<T>(service: LocalService, route: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${service.baseUrl}/console/api/${route}`, init);
  if (!response.ok) throw new Error(`console ${route}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The credentials the extension will import once into SecretStorage (see src/core/credentials/bootstrapFile.ts). */
async function writeBootstrapFile(service: LocalService): Promise<string> {
  const { keys } = await consoleJson<{ keys: ConsoleKey[] }>(service, 'keys');
  const apiKey = keys.find((key) => key.type === 'default')?.key;
  if (apiKey === undefined) throw new Error('the local service has no system default key');
  type Credentials = { credentials: { appkey: string; token: string }[] };
  let { credentials } = await consoleJson<Credentials>(service, 'speech-credentials');
  if (credentials.length === 0) {
    await consoleJson(service, 'speech-credentials', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    ({ credentials } = await consoleJson<Credentials>(service, 'speech-credentials'));
  }
  const file = path.join(demoDir, 'bootstrap-credentials.json');
  writeFileSync(file, JSON.stringify({ apiKey, speech: credentials[0] }), { mode: 0o600 });
  return file;
}

/** The service's knowledge bases as the `maas.knowledgeBases` setting lists them. */
async function demoKnowledgeBases(service: LocalService): Promise<{ id: number; name: string }[]> {
  const { knowledgeBases } = await consoleJson<{ knowledgeBases: { id: number; name: string }[] }>(service, 'knowledge-bases');
  return knowledgeBases.map(({ id, name }) => ({ id, name }));
}

async function preferredPort(preferred: number): Promise<number> {
  const probe = await import('node:net');
  return new Promise((resolve) => {
    const server = probe.createServer();
    server.once('error', () => void freePort().then(resolve));
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
  });
}

async function main(): Promise<void> {
  mkdirSync(demoDir, { recursive: true });
  ensureSpeechPrograms();
  const tools = ensureTools({ browser: false });
  const vsix = packageExtension({ log: path.join(demoDir, 'demo.log') });
  let service: LocalService | undefined = undefined;
  let server: CodeServer | undefined = undefined;
  let stopping = false;
  const stop = async (): Promise<void> => {
    process.stdout.write('\nStopping the demo…\n');
    try {
      // code-server's stop() ends its whole process tree (extension host, file watcher, terminals).
      await server?.stop();
    } finally {
      await service?.stop();
    }
  };
  const onSignal = (): void => {
    if (stopping) {
      // Impatience: no grace time, and nothing left behind (the exit hook of processTree.ts kills the rest).
      killStartedProcessesSync();
      process.exit(130);
    }
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping the demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal must reach this handler too, or Node's default would end the process at once
  // without the exit hook that kills what is still running.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  service = await startLocalService({
    port: await preferredPort(8787),
    altPort: await preferredPort(8788),
    dataDir: path.join(demoDir, 'service-data'),
    seed: path.join(root, 'demo', 'seed.json'),
    paceMs: 25,
    references: true,
    quiet: true,
  });
  const bootstrap = await writeBootstrapFile(service);
  // 128 random bits in hex: one word to a terminal's double-click.
  const password = randomBytes(16).toString('hex');
  server = await startCodeServer({
    tools,
    runDir: path.join(demoDir, 'code-server'),
    folder: path.join(root, 'demo', 'workspace'),
    vsix,
    port: await preferredPort(8080),
    password,
    settings: {
      'maas.baseUrl': service.baseUrl,
      'maas.altBaseUrl': service.altBaseUrl,
      'maas.consoleUrl': service.consoleUrl,
      'maas.knowledgeBases': await demoKnowledgeBases(service),
      'workbench.colorTheme': 'Default Dark Modern',
    },
    // The local service's speech error codes are named (src/core/speech/speechProblems.ts).
    env: { MAAS_BOOTSTRAP_CREDENTIALS: bootstrap, [SPEECH_CODES_VARIABLE]: 'localService' },
  });
  const url = `${server.url}/?folder=${encodeURIComponent(path.join(root, 'demo', 'workspace'))}`;
  process.stdout.write(
    [
      '',
      'MaaS Assistant demo is running.',
      `  local service:  ${service.baseUrl}  (alternative ${service.altBaseUrl})`,
      `  service console: ${service.consoleUrl}`,
      '',
      `  Open this URL:  ${url}`,
      `  Password:       ${password}`,
      '',
      'The sign-in page asks for the password once per browser; it is new at every start of the demo.',
      'The API key and speech credentials are already in the extension. Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`The demo could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
