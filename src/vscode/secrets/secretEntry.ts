// One named entry in VS Code's SecretStorage with its own change event: the common ground of the API key and the
// speech credentials, which live nowhere else (docs/style.md rule 10).
import * as vscode from 'vscode';

export abstract class SecretEntry implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  /** Fires when this entry changes, in this window or another. */
  readonly onDidChange = this.changed.event;

  protected constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly name: string,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === name) this.changed.fire();
    });
  }

  /** The stored text, or undefined when the entry is absent or empty. */
  protected async read(): Promise<string | undefined> {
    const value = await this.secrets.get(this.name);
    return value === undefined || value === '' ? undefined : value;
  }

  protected async write(value: string): Promise<void> {
    await this.secrets.store(this.name, value);
  }

  async clear(): Promise<void> {
    await this.secrets.delete(this.name);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
