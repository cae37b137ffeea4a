// Why an image cannot go to the vision model, in the words Describe Image shows, and the `data:` URL of one that
// can; the native chat's provider and @maas raise the same sentences.
import * as vscode from 'vscode';
import { dataUrlOf } from '../../shared/imageFormats';
import { prepareImage, type PreparedImage } from './imageFiles';

export function imageRefusal(refused: Extract<PreparedImage, { ok: false }>, name: string): string {
  switch (refused.reason) {
    case 'notImage':
      return vscode.l10n.t('{0} is not a PNG, JPEG, GIF, WebP or BMP image.', name);
    case 'unreadable':
      return vscode.l10n.t('{0} could not be read as an image.', name);
    case 'tooLarge':
      return vscode.l10n.t(
        '{0} is {1} KB, larger than the limit of {2} KB (maas.images.maxBytes), and could not be made smaller.',
        name,
        kb(refused.bytes),
        kb(refused.maxBytes),
      );
  }
}

export function kb(bytes: number): number {
  return Math.round(bytes / 1024);
}

/** Image bytes as the `data:` URL the vision model takes (downscaled above the cap); refused with a reason. */
export async function imageDataUrl(bytes: Uint8Array, maxBytes: number, name: string): Promise<string> {
  const prepared = await prepareImage(bytes, maxBytes);
  if (!prepared.ok) throw new Error(imageRefusal(prepared, name));
  return dataUrlOf(prepared.mime, prepared.bytes.toString('base64'));
}
