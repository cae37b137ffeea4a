// A one-time import of credentials into SecretStorage for `npm run demo`: when the extension host's environment
// names a bootstrap file (MAAS_BOOTSTRAP_CREDENTIALS), the API key and the speech appkey/token pair are moved into
// secret storage, each only when none is stored yet. Only whoever starts the extension host can set that
// variable; the file is read, never written.
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import type { ApiKeyStore } from './apiKeyStore';
import type { Logger } from '../logger';
import type { SpeechCredentialStore } from './speechCredentialStore';

const bootstrapSchema = z.object({
  apiKey: z.string().trim().min(1).optional(),
  speech: z
    .object({ appkey: z.string().trim().min(1), token: z.string().trim().min(1) })
    .optional()
    .catch(undefined),
});

/** Resolves true when anything was imported. */
export async function importBootstrapCredentials(
  keys: ApiKeyStore,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
  speech?: SpeechCredentialStore,
): Promise<boolean> {
  const file = env.MAAS_BOOTSTRAP_CREDENTIALS;
  if (file === undefined || file === '') return false;
  try {
    const parsed = bootstrapSchema.safeParse(JSON.parse(await readFile(file, 'utf8')) as unknown);
    if (!parsed.success || (parsed.data.apiKey === undefined && parsed.data.speech === undefined)) {
      logger.warn(`The bootstrap credentials file ${file} has no usable apiKey or speech pair; ignored.`);
      return false;
    }
    let imported = false;
    const { apiKey, speech: pair } = parsed.data;
    if (apiKey !== undefined) {
      logger.rememberSecret(apiKey);
      if ((await keys.get()) === undefined) {
        await keys.set(apiKey);
        logger.info(`Imported the API key from the bootstrap credentials file ${file}.`);
        imported = true;
      }
    }
    if (pair !== undefined && speech !== undefined) {
      logger.rememberSecret(pair.appkey);
      logger.rememberSecret(pair.token);
      if ((await speech.get()) === undefined) {
        await speech.set(pair);
        logger.info(`Imported the speech credentials from the bootstrap credentials file ${file}.`);
        imported = true;
      }
    }
    return imported;
  } catch (error) {
    logger.warn(`Could not read the bootstrap credentials file ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
