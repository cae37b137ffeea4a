// The API key lives in SecretStorage only (style.md rule 10): never in settings, webview messages or logs.
import * as vscode from 'vscode';

const SECRET_NAME = 'maas.apiKey';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === SECRET_NAME) this.changed.fire();
    });
  }

  async get(): Promise<string | undefined> {
    const value = await this.secrets.get(SECRET_NAME);
    return value === undefined || value === '' ? undefined : value;
  }

  /** Stores a trimmed, non-blank key; callers validate first, this refuses a blank one all the same. */
  async set(key: string): Promise<void> {
    const trimmed = key.trim();
    if (trimmed === '') throw new Error('A blank API key cannot be stored.');
    await this.secrets.store(SECRET_NAME, trimmed);
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_NAME);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
