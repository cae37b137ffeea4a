// The images of the view's Send: every upload is checked (imageIntake.ts: it decodes from base64, its real format is
// one the vision model takes, its header's size is within the pixel limit, it fits the size cap) before any is kept, and a refusal is worded as the view words the
// images it refuses itself. Only then are the images written to the history folder.
import { randomUUID } from 'node:crypto';
import type { StoredImage } from '../conversations/conversationModel';
import type { ConversationStore } from '../conversations/conversationStore';
import { intakeImage, type ImageIntake } from '../images/imageIntake';
import { formatString } from '../../shared/formatString';
import type { ImageUpload, WebviewStrings } from '../../shared/protocol';

export interface AcceptedUpload {
  readonly upload: ImageUpload;
  readonly intake: Extract<ImageIntake, { ok: true }>;
}

export type CheckedUploads = { readonly ok: true; readonly accepted: readonly AcceptedUpload[] } | { readonly ok: false; readonly refusal: string };

/** Every upload accepted, or the refusal of the first that is not. */
export function checkUploads(uploads: readonly ImageUpload[], maxBytes: number, strings: WebviewStrings): CheckedUploads {
  const accepted: AcceptedUpload[] = [];
  for (const upload of uploads) {
    const intake = intakeImage(upload, maxBytes);
    if (!intake.ok) return { ok: false, refusal: refusalOf(intake, maxBytes, strings) };
    accepted.push({ upload, intake });
  }
  return { ok: true, accepted };
}

/** Writes the accepted images beside the conversations; the turn records them by file. */
export async function keepUploads(accepted: readonly AcceptedUpload[], store: Pick<ConversationStore, 'saveImage'>): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  for (const { upload, intake } of accepted) {
    const file = await store.saveImage(intake.mime, intake.bytes);
    images.push({
      id: randomUUID(),
      name: upload.name,
      mime: intake.mime,
      width: upload.width,
      height: upload.height,
      bytes: intake.bytes.length,
      thumbnail: intake.thumbnail,
      file,
    });
  }
  return images;
}

function refusalOf(refused: Extract<ImageIntake, { ok: false }>, maxBytes: number, strings: WebviewStrings): string {
  switch (refused.reason) {
    case 'unreadable':
      return formatString(strings.imageUnreadable, refused.name);
    case 'unsupported':
      return formatString(strings.imageUnsupported, refused.name);
    case 'tooLarge':
      return formatString(strings.imageTooLarge, refused.name, Math.round(maxBytes / 1024));
    case 'tooManyPixels':
      return formatString(strings.imageTooManyPixels, refused.name, refused.width, refused.height, Math.round(refused.maxPixels / 1e6));
  }
}
