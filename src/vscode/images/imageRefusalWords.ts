// The words for an image that cannot go to the vision model, one sentence per reason: the chat view fills them in
// itself (they reach it as templates, webviewStrings.ts), the commands and VS Code's chat through imageRefusal.ts.
// Free of the VS Code API, so the tests read the same words the host sends.
import type { Localiser } from '../../core/localiser';

/** Why an image was refused, in the words of the core's and the webview's checks alike. */
export type ImageRefusalReason = 'unsupported' | 'unreadable' | 'tooLarge' | 'fileTooLarge' | 'tooManyPixels';

/**
 * Each reason's sentence as a template: {0} is the image's name; for one too large, {1} is the limit in KB; for a
 * file too large to read, {1} is the limit in MB; for one with too many pixels, {1} × {2} is its size and {3} the
 * limit in millions of pixels.
 */
export function imageRefusalWords(l10n: Localiser): Readonly<Record<ImageRefusalReason, string>> {
  return {
    unsupported: l10n.t('{0} is not a PNG, JPEG, GIF, WebP or BMP image.'),
    unreadable: l10n.t('{0} could not be read as an image.'),
    tooLarge: l10n.t('{0} is larger than {1} KB (maas.images.maxBytes) and could not be made smaller.'),
    fileTooLarge: l10n.t('{0} is larger than {1} MB, the largest image file that is read. Nothing was read from it.'),
    tooManyPixels: l10n.t('{0} is {1} × {2} pixels, more than the {3} million pixels an image may have. It was not opened: scale it down and try again.'),
  };
}
