// The words the host and the chat webview both say, written once: the host calls these with vscode.l10n, the webview
// with @vscode/l10n (configured with the host's bundle), so each sentence has one bundle key and one translation.
import type { Localiser } from './localiser';
import type { WebviewCommand } from './protocol';

/** The title of each action an error offers: the chat view's buttons and @maas's alike. */
export function actionTitles(l10n: Localiser): Readonly<Record<WebviewCommand, string>> {
  return {
    setApiKey: l10n.t('Set API Key'),
    showLogs: l10n.t('Show Logs'),
    openConsole: l10n.t('Open Console'),
    openSettings: l10n.t('Open Settings'),
    newConversation: l10n.t('New conversation'),
  };
}

/** How a knowledge-base answer is labelled: its mode, and that it found nothing (the chat view and @maas /kb). */
export function knowledgeWords(l10n: Localiser): { readonly strict: string; readonly divergent: string; readonly noHits: string } {
  return { strict: l10n.t('Strict'), divergent: l10n.t('Divergent'), noHits: l10n.t('No hits') };
}

/** Why an image cannot go to the vision model, with the figures its sentence gives. */
export type ImageRefusal =
  | { readonly reason: 'unsupported' | 'unreadable' }
  | { readonly reason: 'tooLarge' | 'fileTooLarge'; readonly maxBytes: number }
  | { readonly reason: 'tooManyPixels'; readonly width: number; readonly height: number; readonly maxPixels: number }
  | { readonly reason: 'surplusData'; readonly width: number; readonly height: number }
  | { readonly reason: 'tooManyScans'; readonly scans: number; readonly maxScans: number }
  | { readonly reason: 'timedOut'; readonly seconds: number }
  | { readonly reason: 'outOfMemory'; readonly megabytes: number };

/** The sentence for an image refused, whichever check refused it: the webview's, the core's or a command's. */
export function imageRefusalText(l10n: Localiser, refusal: ImageRefusal, name: string): string {
  switch (refusal.reason) {
    case 'tooLarge':
      return l10n.t('{0} is larger than {1} KB (maas.images.maxBytes) and could not be made smaller.', name, Math.round(refusal.maxBytes / 1024));
    case 'fileTooLarge':
      return l10n.t(
        '{0} is larger than {1} MB, the largest image file that is read. Nothing was read from it.',
        name,
        Math.round(refusal.maxBytes / (1024 * 1024)),
      );
    case 'tooManyPixels':
      return l10n.t(
        '{0} is {1} × {2} pixels, more than the {3} million pixels an image may have. It was not opened: scale it down and try again.',
        name,
        refusal.width,
        refusal.height,
        Math.round(refusal.maxPixels / 1e6),
      );
    case 'surplusData':
      return l10n.t('{0} holds more image data than a picture of {1} × {2} pixels needs. It was not opened.', name, refusal.width, refusal.height);
    case 'tooManyScans':
      return l10n.t('{0} is a JPEG in {1} scans, more than the {2} a real image uses. It was not opened.', name, refusal.scans, refusal.maxScans);
    case 'timedOut':
      return l10n.t('{0} took longer than {1} seconds to open and was stopped.', name, refusal.seconds);
    case 'outOfMemory':
      return l10n.t('{0} needed more than {1} MB of memory to open and was stopped.', name, refusal.megabytes);
    case 'unsupported':
      return l10n.t('{0} is not a PNG, JPEG, GIF, WebP or BMP image.', name);
    case 'unreadable':
      return l10n.t('{0} could not be read as an image.', name);
  }
}
