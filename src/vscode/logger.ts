// The `MaaS Assistant` log output channel. Every line passes through redactSecrets, with the key values the
// extension currently knows, so no line ever carries a key (style.md rule 10).
import type * as vscode from 'vscode';
import { redactSecrets } from '../core/http/redact';

export class Logger {
  private readonly secrets = new Set<string>();

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  /** Registers a secret value (an API key, a token) to be masked wherever it appears. */
  rememberSecret(value: string | undefined): void {
    if (value !== undefined && value.trim() !== '') this.secrets.add(value.trim());
  }

  info(message: string): void {
    this.channel.info(this.redact(message));
  }

  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`;
    this.channel.error(this.redact(`${message}${detail}`));
  }

  show(): void {
    this.channel.show(true);
  }

  /** Masks every known secret and credential pattern in a text meant for a person or a log. */
  redact(text: string): string {
    return redactSecrets(text, [...this.secrets]);
  }
}
