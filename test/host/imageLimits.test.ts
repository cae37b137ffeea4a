// Images that declare more pixels than the limit, and files too large to read, refused by the ways an image comes
// into the extension host that a test can drive here: Describe Image, the attachments of @maas (files and pasted
// images) and the chat view's Send. (The provider's image parts go through the same prepareImage, unit-tested: VS
// Code 1.139 scales an image down in the window before a vscode.lm request reaches a provider.) The picture is a whole, valid 8000 × 8000 PNG of a few KB, which a decoder would
// decode (into 256 MB of pixels): each refusal names its size, which only the header check before any decoder gives,
// and nothing reaches the service.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { maxImageFileBytes } from '../../src/shared/imageHeader';
import { CommandId } from '../../src/vscode/commandIds';
import { attachedImages } from '../../src/vscode/languageModels/chatAttachments';
import { pngBomb } from '../fixtures/pixelBomb';
import { CHAT_ROUTE, requestCount } from '../harness/requestLog';
import { freshPrompter, signIn } from './featureHelpers';
import { api, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';
import { DEFAULT_VALUE } from './scriptedPrompter';

const tooManyPixels = (name: string): string =>
  `${name} is 8000 × 8000 pixels, more than the 16 million pixels an image may have. It was not opened: scale it down and try again.`;

describe('images over the limits, wherever they come in', () => {
  let dir = '';
  let bomb: vscode.Uri;
  let prompter: ScriptedPrompter;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'maas-host-image-limits-'));
    const file = path.join(dir, 'bomb.png');
    writeFileSync(file, pngBomb());
    bomb = vscode.Uri.file(file);
    await signIn(false);
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    await api('/_local/reset', {});
  });

  after(async () => {
    (await hook()).setPrompter(undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('Describe Image refuses the picture by its header, and a file above the read cap by its size', async () => {
    // A sparse file just above the cap, starting with a small valid PNG: only its size can refuse it.
    const big = path.join(dir, 'huge.png');
    writeFileSync(big, pngBomb(4, 4));
    truncateSync(big, maxImageFileBytes + 1);
    prompter.script(DEFAULT_VALUE);
    const turnIds = await vscode.commands.executeCommand<string[]>(CommandId.describeImage, bomb, [bomb, vscode.Uri.file(big)]);
    assert.deepEqual(turnIds, []);
    const errors = prompter.messages
      .filter((m) => m.level === 'error')
      .map((m) => m.text)
      .sort();
    assert.deepEqual(errors, [tooManyPixels('bomb.png'), 'huge.png is larger than 64 MB, the largest image file that is read. Nothing was read from it.']);
    assert.equal(await requestCount(service.baseUrl, CHAT_ROUTE), 0, 'nothing was sent');
  });

  it("@maas's attachments: an attached file and a pasted image with too many pixels are refused in those words", async () => {
    const file = { id: 'file', name: 'bomb.png', value: bomb } as vscode.ChatPromptReference;
    await assert.rejects(attachedImages([file], 5_000_000, 'every'), (error: Error) => error.message === tooManyPixels('bomb.png'));
    const pasted = { id: 'pasted', name: 'image', value: { mimeType: 'image/png', data: async () => new Uint8Array(pngBomb()) } } as vscode.ChatPromptReference;
    await assert.rejects(attachedImages([pasted], 5_000_000, 'imagesOnly'), (error: Error) => error.message === tooManyPixels('A pasted image'));
  });

  it("the chat view's Send with such an image is refused in the view's words, and nothing is asked", async () => {
    const h = await hook();
    const base64 = pngBomb().toString('base64');
    await h.chat.fromView({
      type: 'send',
      text: 'What is this?',
      images: [
        {
          name: 'bomb.png',
          mime: 'image/png',
          dataBase64: base64,
          width: 8000,
          height: 8000,
          thumbnail: `data:image/png;base64,${pngBomb(2, 2).toString('base64')}`,
        },
      ],
    });
    assert.ok(h.chat.notices().includes(tooManyPixels('bomb.png')), h.chat.notices().join(' | '));
    assert.equal(await requestCount(service.baseUrl, CHAT_ROUTE), 0, 'nothing was sent');
  });
});
