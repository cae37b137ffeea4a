// The images of the view's Send: every upload is checked (imageIntake.ts: it decodes from base64, its real format is
// one the vision model takes, its header's size is within the pixel limit, it fits the size cap) before any is kept,
// and a refusal is worded as the view words the images it refuses itself (src/shared/chatWords.ts). Only then are the
// images written to the history folder.
import { randomUUID } from 'node:crypto';
import type { StoredImage } from '../../conversations/conversationModel';
import type { ConversationStore } from '../../conversations/conversationStore';
import { intakeImage, type ImageIntake } from '../../images/imageIntake';
import { imageRefusalText } from '../../../shared/chatWords';
import type { Localiser } from '../../../shared/localiser';
import type { ImageUpload } from '../../../shared/protocol';

export interface AcceptedUpload {
  readonly upload: ImageUpload;
  readonly intake: Extract<ImageIntake, { ok: true }>;
}

export type CheckedUploads = { readonly ok: true; readonly accepted: readonly AcceptedUpload[] } | { readonly ok: false; readonly refusal: string };

/** Every upload accepted, or the refusal of the first that is not. */
export function checkUploads(uploads: readonly ImageUpload[], maxBytes: number, l10n: Localiser): CheckedUploads {
  const accepted: AcceptedUpload[] = [];
  for (const upload of uploads) {
    const intake = intakeImage(upload, maxBytes);
    if (!intake.ok) return { ok: false, refusal: refusalOf(intake, maxBytes, l10n) };
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

function refusalOf(refused: Extract<ImageIntake, { ok: false }>, maxBytes: number, l10n: Localiser): string {
  if (refused.reason === 'tooManyPixels') return imageRefusalText(l10n, refused, refused.name);
  if (refused.reason === 'tooLarge') return imageRefusalText(l10n, { reason: 'tooLarge', maxBytes }, refused.name);
  return imageRefusalText(l10n, { reason: refused.reason }, refused.name);
}
