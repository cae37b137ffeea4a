// A one-time import of credentials into SecretStorage for `npm run demo`: when the extension host's environment
// names a bootstrap file (MAAS_BOOTSTRAP_CREDENTIALS) and no key is stored yet, the key is moved into secret
// storage. Only whoever starts the extension host can set that variable; the file is read, never written.
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import type { ApiKeyStore } from './apiKeyStore';
import type { Logger } from './logger';

const bootstrapSchema = z.object({ apiKey: z.string().trim().min(1).optional() });

export async function importBootstrapCredentials(keys: ApiKeyStore, logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const file = env.MAAS_BOOTSTRAP_CREDENTIALS;
  if (file === undefined || file === '') return false;
  try {
    const parsed = bootstrapSchema.safeParse(JSON.parse(await readFile(file, 'utf8')) as unknown);
    if (!parsed.success || parsed.data.apiKey === undefined) {
      logger.warn(`The bootstrap credentials file ${file} has no usable apiKey; ignored.`);
      return false;
    }
    logger.rememberSecret(parsed.data.apiKey);
    if ((await keys.get()) !== undefined) return false;
    await keys.set(parsed.data.apiKey);
    logger.info(`Imported the API key from the bootstrap credentials file ${file}.`);
    return true;
  } catch (error) {
    logger.warn(`Could not read the bootstrap credentials file ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
