// Why an image cannot go to the vision model, in the words the chat view shows too (src/shared/chatWords.ts), and the
// `data:` URL of one that can; Describe Image, the native chat's provider and @maas raise the same sentences.
import * as vscode from 'vscode';
import { imageRefusalText } from '../../shared/chatWords';
import type { ImageDecoder } from '../../core/images/imageDecoder';
import { prepareImage, type PreparedImage } from '../../core/images/imagePreparation';
import { dataUrlOf } from '../../shared/imageFormats';

export function imageRefusal(refused: Extract<PreparedImage, { ok: false }>, name: string): string {
  return imageRefusalText(vscode.l10n, refused, name);
}

/** A size in whole kilobytes, as the messages about images give it. */
export function kilobytes(bytes: number): number {
  return Math.round(bytes / 1024);
}

/** Image bytes as the `data:` URL the vision model takes (downscaled above the cap); refused with a reason. */
export async function imageDataUrl(bytes: Uint8Array, maxBytes: number, name: string, decoder: Pick<ImageDecoder, 'decode'>): Promise<string> {
  const prepared = await prepareImage(bytes, maxBytes, decoder);
  if (!prepared.ok) throw new Error(imageRefusal(prepared, name));
  return dataUrlOf(prepared.mime, prepared.bytes.toString('base64'));
}
