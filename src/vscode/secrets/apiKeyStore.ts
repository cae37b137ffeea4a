// The API key lives in SecretStorage only (docs/style.md rule 10): never in settings, webview messages or logs.
import type * as vscode from 'vscode';
import { SecretEntry } from './secretEntry';

export class ApiKeyStore extends SecretEntry {
  constructor(secrets: vscode.SecretStorage) {
    super(secrets, 'maas.apiKey');
  }

  get(): Promise<string | undefined> {
    return this.read();
  }

  /** Stores a trimmed, non-blank key; callers validate first, this refuses a blank one all the same. */
  async set(key: string): Promise<void> {
    const trimmed = key.trim();
    if (trimmed === '') throw new Error('A blank API key cannot be stored.');
    await this.write(trimmed);
  }
}
