// The speech appkey and token live in SecretStorage only (style.md rule 10), as one JSON record so that the pair
// is always read and replaced together.
import * as vscode from 'vscode';
import * as z from 'zod';
import type { SpeechCredentials } from '../core/speechClient';

const SECRET_NAME = 'maas.speechCredentials';
const recordSchema = z.object({ appkey: z.string().trim().min(1), token: z.string().trim().min(1) });

export class SpeechCredentialStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === SECRET_NAME) this.changed.fire();
    });
  }

  async get(): Promise<SpeechCredentials | undefined> {
    const stored = await this.secrets.get(SECRET_NAME);
    if (stored === undefined || stored === '') return undefined;
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
    await this.secrets.store(SECRET_NAME, JSON.stringify(parsed.data));
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_NAME);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
