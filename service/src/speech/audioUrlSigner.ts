// Signs the `audio_address` of finished long tasks: /audio/<file>?expires=<unix seconds>&sig=<HMAC-SHA256>, so the
// address works without credentials until it expires and cannot be pointed at another file or a later expiry. The
// key is kept in <dataDir>/speech/signing.json so that addresses handed out survive a restart.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import * as z from 'zod';
import { readJsonOrSetAside, writeJsonAtomic } from '../../../packages/files/atomicJsonFile';

export type AudioUrlCheck = 'valid' | 'expired' | 'invalid';

const keyFileSchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/) });

export class AudioUrlSigner {
  private constructor(private readonly key: Buffer) {}

  static open(speechDir: string, log: (line: string) => void): AudioUrlSigner {
    const file = path.join(speechDir, 'signing.json');
    const stored = readJsonOrSetAside(file, (value) => keyFileSchema.parse(value));
    if (stored.kind === 'ok') return new AudioUrlSigner(Buffer.from(stored.value.key, 'hex'));
    if (stored.kind === 'corrupt')
      log(
        `WARNING: signing key file ${file} is corrupt (${stored.reason.replace(/\s+/g, ' ')}); moved it to ${stored.movedTo} and made a new key (audio addresses handed out before no longer work)`,
      );
    const key = randomBytes(32);
    writeJsonAtomic(file, { key: key.toString('hex') });
    return new AudioUrlSigner(key);
  }

  /** The path and query of a signed address for `fileName`, valid until `expiresAt` (unix seconds). */
  sign(fileName: string, expiresAt: number): string {
    return `/audio/${encodeURIComponent(fileName)}?expires=${expiresAt}&sig=${this.signature(fileName, expiresAt)}`;
  }

  check(fileName: string, expires: string | null, sig: string | null, nowSeconds: number): AudioUrlCheck {
    if (expires === null || sig === null || !/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return 'invalid';
    const expected = Buffer.from(this.signature(fileName, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
    return Number(expires) < nowSeconds ? 'expired' : 'valid';
  }

  private signature(fileName: string, expiresAt: number): string {
    return createHmac('sha256', this.key).update(`${fileName}\n${expiresAt}`).digest('hex');
  }
}
