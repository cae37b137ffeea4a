// The speech appkey and token live in SecretStorage only (docs/style.md rule 10), as one JSON record so that the pair
// is always read and replaced together.
import type * as vscode from 'vscode';
import * as z from 'zod';
import type { SpeechCredentials } from '../../core/speech/speechClient';
import { SecretEntry } from './secretEntry';

const recordSchema = z.object({ appkey: z.string().trim().min(1), token: z.string().trim().min(1) });

export class SpeechCredentialStore extends SecretEntry {
  constructor(secrets: vscode.SecretStorage) {
    super(secrets, 'maas.speechCredentials');
  }

  async get(): Promise<SpeechCredentials | undefined> {
    const stored = await this.read();
    if (stored === undefined) return undefined;
    try {
      const parsed = recordSchema.safeParse(JSON.parse(stored) as unknown);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores a trimmed, non-blank pair; callers validate first, this refuses a blank value all the same. */
  async set(credentials: SpeechCredentials): Promise<void> {
    const parsed = recordSchema.safeParse(credentials);
    if (!parsed.success) throw new Error('Blank speech credentials cannot be stored.');
    await this.write(JSON.stringify(parsed.data));
  }
}
