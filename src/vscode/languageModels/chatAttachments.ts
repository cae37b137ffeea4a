// The images attached to a question in VS Code's chat (the paperclip, #file, or a pasted screenshot), as data URLs
// under the size cap (downscaled like the chat view's): files by their Uri (their size asked before they are read),
// pasted images by their bytes; each checked against the pixel limit before it is decoded, and decoded off the
// extension host's thread (src/core/images/imagePreparation.ts). A file that was meant as an image but is not a
// usable one is refused with its reason, never skipped in silence.
import path from 'node:path';
import * as vscode from 'vscode';
import type { ImageDecoder } from '../../core/images/imageDecoder';
import { readImageFile } from '../images/imageFileRead';
import { imageDataUrl } from '../images/imageRefusal';

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|bmp)$/i;

/** A pasted image (VS Code 1.139's ChatReferenceBinaryData), told by shape since the manifest's API predates it. */
function binaryImage(value: unknown): { mimeType: string; data(): Thenable<Uint8Array> } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { mimeType, data } = value as { mimeType?: unknown; data?: unknown };
  return typeof mimeType === 'string' && mimeType.startsWith('image/') && typeof data === 'function'
    ? (value as { mimeType: string; data(): Thenable<Uint8Array> })
    : undefined;
}

/**
 * The images among the attachments. `every`: every attached file is taken as an image (/describe, where a file
 * that is not one is refused); otherwise only image files and pasted images are taken, other attachments left.
 */
export async function attachedImages(
  references: readonly vscode.ChatPromptReference[],
  maxBytes: number,
  which: 'every' | 'imagesOnly',
  decoder: Pick<ImageDecoder, 'decode'>,
): Promise<{ urls: string[]; bytes: Uint8Array[] }> {
  const urls: string[] = [];
  const bytes: Uint8Array[] = [];
  for (const reference of references) {
    const value = reference.value;
    const pasted = binaryImage(value);
    let data: Uint8Array;
    let name: string;
    if (pasted !== undefined) {
      name = vscode.l10n.t('A pasted image');
      data = await pasted.data();
    } else if (value instanceof vscode.Uri && (which === 'every' || IMAGE_FILE.test(value.path))) {
      name = path.posix.basename(value.path);
      const read = await readImageFile(value);
      if (!read.ok) throw new Error(read.refusal);
      data = read.bytes;
    } else continue;
    urls.push(await imageDataUrl(data, maxBytes, name, decoder));
    bytes.push(data);
  }
  return { urls, bytes };
}
