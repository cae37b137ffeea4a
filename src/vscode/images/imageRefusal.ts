// Why an image cannot go to the vision model, in the words the chat view shows too (imageRefusalWords.ts), and the
// `data:` URL of one that can; Describe Image, the native chat's provider and @maas raise the same sentences.
import * as vscode from 'vscode';
import { formatString } from '../../shared/formatString';
import { dataUrlOf } from '../../shared/imageFormats';
import { prepareImage, type PreparedImage } from './imageFiles';
import { imageRefusalWords } from './imageRefusalWords';

export function imageRefusal(refused: Extract<PreparedImage, { ok: false }>, name: string): string {
  const template = imageRefusalWords(vscode.l10n)[refused.reason];
  switch (refused.reason) {
    case 'tooLarge':
      return formatString(template, name, kilobytes(refused.maxBytes));
    case 'fileTooLarge':
      return formatString(template, name, megabytes(refused.maxBytes));
    case 'tooManyPixels':
      return formatString(template, name, refused.width, refused.height, megapixels(refused.maxPixels));
    default:
      return formatString(template, name);
  }
}

/** A size in whole kilobytes, as the messages about images give it. */
export function kilobytes(bytes: number): number {
  return Math.round(bytes / 1024);
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

function megapixels(pixels: number): number {
  return Math.round(pixels / 1e6);
}

/** Image bytes as the `data:` URL the vision model takes (downscaled above the cap); refused with a reason. */
export async function imageDataUrl(bytes: Uint8Array, maxBytes: number, name: string): Promise<string> {
  const prepared = await prepareImage(bytes, maxBytes);
  if (!prepared.ok) throw new Error(imageRefusal(prepared, name));
  return dataUrlOf(prepared.mime, prepared.bytes.toString('base64'));
}
