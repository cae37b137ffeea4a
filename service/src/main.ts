// `npm run service -- [flags]`: starts the local service from the command line (flags in service/README.md),
// prints its addresses, optionally writes them to --ready-file, and stops cleanly on SIGINT/SIGTERM.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startLocalService } from './localService';
import { RANGE_MODES } from './chat/parameterRanges';
import type { RangeMode } from './chat/parameterRanges';
import type { LocalServiceOptions } from './localService';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'alt-port': { type: 'string' },
    data: { type: 'string' },
    seed: { type: 'string' },
    'kb-dir': { type: 'string' },
    pace: { type: 'string' },
    upstream: { type: 'string' },
    'upstream-model': { type: 'string' },
    'allow-remote-images': { type: 'boolean' },
    references: { type: 'boolean' },
    'corner-mark': { type: 'string' },
    'max-streams-per-key': { type: 'string' },
    'ready-file': { type: 'string' },
    'sensitive-words': { type: 'string' },
    'max-image-bytes': { type: 'string' },
    'text-threshold': { type: 'string' },
    'strict-repetition-penalty': { type: 'boolean' },
    ranges: { type: 'string' },
    'max-body-bytes': { type: 'string' },
    'speech-error-status': { type: 'string' },
    'allow-host': { type: 'string', multiple: true },
    quiet: { type: 'boolean' },
  },
  strict: true,
});

function numberFlag(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number, got "${raw}"`);
  return value;
}

function rangeModeFlag(raw: string | undefined): RangeMode | undefined {
  if (raw === undefined) return undefined;
  const mode = RANGE_MODES.find((m) => m === raw);
  if (!mode) throw new Error(`--ranges must be one of ${RANGE_MODES.join(', ')}, got "${raw}"`);
  return mode;
}

async function main(): Promise<void> {
  const options: LocalServiceOptions = {
    port: numberFlag('port', values.port),
    altPort: numberFlag('alt-port', values['alt-port']),
    dataDir: values.data ?? 'service/.data',
    seed: values.seed,
    kbDir: values['kb-dir'],
    paceMs: numberFlag('pace', values.pace) ?? 25,
    upstream: values.upstream,
    upstreamModel: values['upstream-model'],
    allowRemoteImages: values['allow-remote-images'] ?? false,
    references: values.references ?? false,
    cornerMark: values['corner-mark'],
    maxStreamsPerKey: numberFlag('max-streams-per-key', values['max-streams-per-key']),
    sensitiveWordsFile: values['sensitive-words'],
    maxImageBytes: numberFlag('max-image-bytes', values['max-image-bytes']),
    defaultTextThreshold: numberFlag('text-threshold', values['text-threshold']),
    acceptDefaultRepetitionPenalty: !(values['strict-repetition-penalty'] ?? false),
    ranges: rangeModeFlag(values.ranges),
    maxBodyBytes: numberFlag('max-body-bytes', values['max-body-bytes']),
    speechErrorStatus: numberFlag('speech-error-status', values['speech-error-status']),
    allowedHosts: values['allow-host'] ?? [],
    quiet: values.quiet ?? false,
  };
  const service = await startLocalService(options);
  // The ready file first: a script that waits for the printed addresses may read it at once.
  if (values['ready-file']) {
    writeFileSync(
      values['ready-file'],
      `${JSON.stringify({ baseUrl: service.baseUrl, altBaseUrl: service.altBaseUrl, consoleUrl: service.consoleUrl, pid: process.pid })}\n`,
    );
  }
  process.stdout.write(
    `base URL:        ${service.baseUrl}\nalt base URL:    ${service.altBaseUrl}\nconsole:         ${service.consoleUrl}\ndata folder:     ${service.dataDir}\n`,
  );
  const shutdown = (signal: string): void => {
    process.stderr.write(`[local-service] ${signal}: stopping\n`);
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`[local-service] stop failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`[local-service] failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
