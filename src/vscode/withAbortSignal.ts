// The one bridge from VS Code's CancellationToken to the AbortSignal the service client takes (docs/style.md rule 7):
// the language-model provider, @maas and the long-text tasks' progress notification all come through here.
import type * as vscode from 'vscode';

/**
 * Runs `work` with a signal that aborts when `token` is cancelled (at once when it already is), and stops listening
 * to the token when the work ends, however it ends. `controller` is the one to abort, when the caller has its own.
 */
export async function withAbortSignal<T>(
  token: vscode.CancellationToken,
  work: (signal: AbortSignal) => Promise<T>,
  controller: AbortController = new AbortController(),
): Promise<T> {
  if (token.isCancellationRequested) controller.abort();
  const listener = token.onCancellationRequested(() => controller.abort());
  try {
    return await work(controller.signal);
  } finally {
    listener.dispose();
  }
}
