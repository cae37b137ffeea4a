// The `MaaS Assistant` log output channel. Every line passes through redactSecrets, with the key values the
// extension currently knows, so no line ever carries a key (docs/style.md rule 10). The logger owns the channel: once the
// window closes (the extension is disposed), lines written by work still ending are dropped, as there is no log to
// write them to; VS Code's channel would throw "Channel has been closed" into the Extension Host log instead.
import type * as vscode from 'vscode';
import { redactSecrets } from '../core/http/redact';

export class Logger implements vscode.Disposable {
  private readonly secrets = new Set<string>();
  private closed = false;

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  /** Registers a secret value (an API key, a token) to be masked wherever it appears. */
  rememberSecret(value: string | undefined): void {
    if (value !== undefined && value.trim() !== '') this.secrets.add(value.trim());
  }

  info(message: string): void {
    if (!this.closed) this.channel.info(this.redact(message));
  }

  warn(message: string): void {
    if (!this.closed) this.channel.warn(this.redact(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`;
    if (!this.closed) this.channel.error(this.redact(`${message}${detail}`));
  }

  show(): void {
    if (!this.closed) this.channel.show(true);
  }

  dispose(): void {
    this.closed = true;
    this.channel.dispose();
  }

  /** Masks every known secret and credential pattern in a text meant for a person or a log. */
  redact(text: string): string {
    return redactSecrets(text, [...this.secrets]);
  }
}
