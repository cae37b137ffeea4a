// The bootstrap credentials file of `npm run demo`: when the extension host's environment names one
// (MAAS_BOOTSTRAP_CREDENTIALS), its API key and speech appkey/token pair are imported into secret storage, each only
// when none is stored yet. Only whoever starts the extension host can set that variable; the file is read, never
// written.
import { readFile } from 'node:fs/promises';
import * as z from '../../shared/zod';
import type { SpeechCredentials } from '../speech/speechClient';

const BOOTSTRAP_VARIABLE = 'MAAS_BOOTSTRAP_CREDENTIALS';

const bootstrapSchema = z.object({
  apiKey: z.optional(z.string().check(z.trim(), z.minLength(1))),
  speech: z.catch(z.optional(z.object({ appkey: z.string().check(z.trim(), z.minLength(1)), token: z.string().check(z.trim(), z.minLength(1)) })), undefined),
});

export interface BootstrapCredentials {
  readonly file: string;
  readonly apiKey?: string;
  readonly speech?: SpeechCredentials;
}

/**
 * The credentials of the file the environment names: undefined when none is named; an error (with words for the log)
 * when the file cannot be read or holds nothing usable.
 */
export async function readBootstrapFile(env: NodeJS.ProcessEnv): Promise<BootstrapCredentials | undefined> {
  const file = env[BOOTSTRAP_VARIABLE];
  if (file === undefined || file === '') return undefined;
  let parsed: ReturnType<typeof bootstrapSchema.safeParse>;
  try {
    parsed = bootstrapSchema.safeParse(JSON.parse(await readFile(file, 'utf8')) as unknown);
  } catch (error) {
    throw new Error(`Could not read the bootstrap credentials file ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!parsed.success || (parsed.data.apiKey === undefined && parsed.data.speech === undefined)) {
    throw new Error(`The bootstrap credentials file ${file} has no usable apiKey or speech pair; ignored.`);
  }
  return { file, apiKey: parsed.data.apiKey, speech: parsed.data.speech };
}
