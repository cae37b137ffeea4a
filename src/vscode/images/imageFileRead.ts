// Reads an image file for the vision model (Describe Image, @maas and the attachments of VS Code's chat): its size is
// asked of the file system first, and a file above the read cap is refused without a byte of it read.
import path from 'node:path';
import * as vscode from 'vscode';
import { maxImageFileBytes } from '../../shared/imageHeader';
import { imageRefusal } from './imageRefusal';

export type ImageFileRead = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly refusal: string; readonly cause?: unknown };

export async function readImageFile(uri: vscode.Uri): Promise<ImageFileRead> {
  const name = path.posix.basename(uri.path);
  try {
    const { size } = await vscode.workspace.fs.stat(uri);
    if (size > maxImageFileBytes)
      return { ok: false, refusal: imageRefusal({ ok: false, reason: 'fileTooLarge', bytes: size, maxBytes: maxImageFileBytes }, name) };
    return { ok: true, bytes: await vscode.workspace.fs.readFile(uri) };
  } catch (error) {
    return { ok: false, refusal: vscode.l10n.t('{0} could not be read.', name), cause: error };
  }
}
