// The window's one image decoder (src/core/images/imageDecoder.ts): its worker is the bundle dist/lazy/
// imageDecodeWorker.js (esbuild.mjs), started on the first image, not at activation. A worker let go past its deadline
// or its memory, or failed, is noted in the log; the refusal itself reaches the user through the image's own error.
import * as vscode from 'vscode';
import { ImageDecoder } from '../../core/images/imageDecoder';
import type { Logger } from '../logger';

/** The decoder, and its log subscription, both owned by `subscriptions`. */
export function createImageDecoder(extensionUri: vscode.Uri, logger: Pick<Logger, 'warn'>, subscriptions: vscode.Disposable[]): ImageDecoder {
  const decoder = new ImageDecoder({ workerFile: vscode.Uri.joinPath(extensionUri, 'dist', 'lazy', 'imageDecodeWorker.js').fsPath });
  subscriptions.push(
    decoder,
    decoder.onDidStopWorker((why) => {
      if (why !== 'idle') logger.warn(`The image worker was stopped (${why}).`);
    }),
  );
  return decoder;
}
