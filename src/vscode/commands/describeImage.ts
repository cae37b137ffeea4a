// MaaS: Describe Image — from the Explorer (one or several image files: one turn each), the image preview's title
// bar (the previewed file) or the palette (a file picker). Each image goes to the vision model with an optional
// question; the answer streams into the chat as an `image` turn showing the image.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as vscode from 'vscode';
import type { StoredImage } from '../../core/conversations/conversationModel';
import { prepareImage } from '../../core/images/imagePreparation';
import { revealChatView } from '../chat/revealChat';
import type { FeatureDependencies } from './featureDependencies';
import { askImageQuestion } from '../images/imageQuestion';
import { imageRefusal, kilobytes } from '../images/imageRefusal';
import { readImageFile } from '../images/imageFileRead';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];

export function describeImageCommand(deps: FeatureDependencies): (uri?: unknown, uris?: unknown) => Promise<string[]> {
  return async (uri, uris) => {
    const targets = await targetsOf(deps, uri, uris);
    if (targets.length === 0) return [];
    const question = await askImageQuestion(deps.prompter);
    if (question === undefined) return [];
    // The images are read and prepared together; each one's failure is reported under its own name and never
    // keeps the others from being described.
    const loaded = await Promise.allSettled(targets.map((target) => loadImage(deps, target)));
    const images = loaded.flatMap((result, index) => {
      if (result.status === 'fulfilled') return result.value === undefined ? [] : [result.value];
      const name = path.posix.basename(targets[index]?.path ?? '');
      deps.logger.warn(`Preparing ${name} failed: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
      void deps.prompter.showErrorMessage(imageRefusal({ ok: false, reason: 'unreadable' }, name));
      return [];
    });
    if (images.length === 0) return [];
    await revealChatView();
    const turnIds: string[] = [];
    for (const image of images)
      turnIds.push(await deps.chat().startTurn({ kind: 'image', question, images: [image], model: deps.settings.settings.visionModel }));
    return turnIds;
  };
}

async function targetsOf(deps: FeatureDependencies, uri: unknown, uris: unknown): Promise<vscode.Uri[]> {
  if (Array.isArray(uris) && uris.length > 0 && uris.every((u) => u instanceof vscode.Uri)) return uris as vscode.Uri[];
  if (uri instanceof vscode.Uri) return [uri];
  const previewed = activePreviewUri();
  if (previewed !== undefined) return [previewed];
  const picked = await deps.prompter.showOpenDialog({
    title: vscode.l10n.t('Describe image'),
    canSelectMany: true,
    openLabel: vscode.l10n.t('Describe'),
    filters: { [vscode.l10n.t('Images')]: IMAGE_EXTENSIONS },
  });
  return picked ?? [];
}

/** The file shown by the built-in image preview, when it is the active editor. */
function activePreviewUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputCustom && input.viewType === 'imagePreview.previewEditor') return input.uri;
  return undefined;
}

async function loadImage(deps: FeatureDependencies, uri: vscode.Uri): Promise<StoredImage | undefined> {
  const name = path.posix.basename(uri.path);
  const read = await readImageFile(uri);
  if (!read.ok) {
    if (read.cause !== undefined)
      deps.logger.warn(`Reading ${uri.toString()} failed: ${read.cause instanceof Error ? read.cause.message : String(read.cause)}`);
    void deps.prompter.showErrorMessage(read.refusal);
    return undefined;
  }
  const maxBytes = deps.settings.settings.imageMaxBytes;
  const prepared = await prepareImage(read.bytes, maxBytes, deps.images);
  if (!prepared.ok) {
    void deps.prompter.showErrorMessage(imageRefusal(prepared, name));
    return undefined;
  }
  if (prepared.downscaledFrom !== undefined) {
    deps
      .chat()
      .notify(
        'image',
        'info',
        vscode.l10n.t(
          '{0} was downscaled from {1} KB to {2} KB to fit maas.images.maxBytes.',
          name,
          kilobytes(prepared.downscaledFrom),
          kilobytes(prepared.bytes.length),
        ),
      );
  }
  const file = await deps.store.saveImage(prepared.mime, prepared.bytes);
  return {
    id: randomUUID(),
    name,
    mime: prepared.mime,
    width: prepared.width,
    height: prepared.height,
    bytes: prepared.bytes.length,
    thumbnail: prepared.thumbnail,
    file,
  };
}
