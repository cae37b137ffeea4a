// Images that declare more pixels than the limit, and files too large to read, refused by the ways an image comes
// into the extension host that a test can drive here: Describe Image, the attachments of @maas (files and pasted
// images) and the chat view's Send. (The provider's image parts go through the same prepareImage, unit-tested: VS
// Code 1.139 scales an image down in the window before a vscode.lm request reaches a provider.) The picture is a
// whole, valid 8000 × 8000 PNG of a few KB, which a decoder would decode (into 256 MB of pixels): each refusal names
// its size, which only the header check before any decoder gives, and nothing reaches the service. Then the files
// within the pixel limit that cost a decoder far more than their picture (test/fixtures/hostileImages.ts), refused by
// the extension's own image worker, each by name, while the other images of the same command are described.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { maxImageFileBytes } from '../../src/shared/imageHeader';
import { CommandId } from '../../src/vscode/commandIds';
import { attachedImages } from '../../src/vscode/languageModels/chatAttachments';
import { ImageDecoder } from '../../src/core/images/imageDecoder';
import { png } from '../../service/test/testImages';
import { interlacedPngBomb, progressiveJpegBomb } from '../fixtures/hostileImages';
import { pngBomb } from '../fixtures/pixelBomb';
import { CHAT_ROUTE, chatRequests, requestCount } from '../harness/requestLog';
import { freshPrompter, recordingChatStream, signIn } from './featureHelpers';
import { api, finished, hook, service, shownNotices } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';
import { DEFAULT_VALUE } from './scriptedPrompter';

const tooManyPixels = (name: string): string =>
  `${name} is 8000 × 8000 pixels, more than the 16 million pixels an image may have. It was not opened: scale it down and try again.`;

describe('images over the limits, wherever they come in', () => {
  let dir = '';
  let bomb: vscode.Uri;
  let prompter: ScriptedPrompter;
  let decoder: ImageDecoder;
  const file = (name: string, bytes: Buffer): vscode.Uri => {
    writeFileSync(path.join(dir, name), bytes);
    return vscode.Uri.file(path.join(dir, name));
  };

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'maas-host-image-limits-'));
    bomb = file('bomb.png', pngBomb());
    const extension = vscode.extensions.getExtension('maas-assistant.maas-assistant');
    assert.ok(extension);
    decoder = new ImageDecoder({ workerFile: vscode.Uri.joinPath(extension.extensionUri, 'dist', 'lazy', 'imageDecodeWorker.js').fsPath });
    await signIn(false);
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    await api('/_local/reset', {});
  });

  after(async () => {
    decoder.dispose();
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
    // Each request's model and last message, so that one sent names where it came from.
    const sent = (await chatRequests(service.baseUrl)).map((r) => `${r.body.model}: ${JSON.stringify(r.body.messages.at(-1)).slice(0, 200)}`);
    assert.deepEqual(sent, [], 'nothing was sent');
  });

  it("@maas's attachments: an attached file and a pasted image with too many pixels are refused in those words", async () => {
    const attached = { id: 'file', name: 'bomb.png', value: bomb } as vscode.ChatPromptReference;
    await assert.rejects(attachedImages([attached], 5_000_000, 'every', decoder), (error: Error) => error.message === tooManyPixels('bomb.png'));
    const pasted = { id: 'pasted', name: 'image', value: { mimeType: 'image/png', data: async () => new Uint8Array(pngBomb()) } } as vscode.ChatPromptReference;
    await assert.rejects(attachedImages([pasted], 5_000_000, 'imagesOnly', decoder), (error: Error) => error.message === tooManyPixels('A pasted image'));
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
    assert.ok(shownNotices(h).includes(tooManyPixels('bomb.png')), shownNotices(h).join(' | '));
    assert.equal(await requestCount(service.baseUrl, CHAT_ROUTE), 0, 'nothing was sent');
  });

  it('Describe Image refuses a PNG whose data outgrows its header and a JPEG of 2000 scans, each by name, and describes the other image', async () => {
    const inflates = file('inflates.png', interlacedPngBomb().bytes);
    const scans = file('scans.jpg', progressiveJpegBomb());
    const good = file('good.png', png(120, 80, [210, 20, 30], [20, 40, 220]));
    prompter.script(DEFAULT_VALUE);
    const turnIds = await vscode.commands.executeCommand<string[]>(CommandId.describeImage, inflates, [inflates, scans, good]);
    assert.equal(turnIds.length, 1, 'the good image went to the vision model');
    // The answer is awaited: a request still on its way when the test ends would reach the next test's service log.
    const described = await finished(await hook(), turnIds[0] ?? '');
    assert.equal(described.images[0]?.name, 'good.png');
    assert.match(described.answer, /received 1 image\(s\)[^]*120×80/, 'the good image was described');
    const errors = prompter.messages
      .filter((m) => m.level === 'error')
      .map((m) => m.text)
      .sort();
    assert.deepEqual(errors, [
      'inflates.png holds more image data than a picture of 1024 × 1024 pixels needs. It was not opened.',
      'scans.jpg is a JPEG in 2000 scans, more than the 100 a real image uses. It was not opened.',
    ]);
  });

  it('@maas /describe with such an attachment answers with the refusal that names it, and asks nothing', async () => {
    const handler = (await hook()).participantHandler();
    assert.ok(handler, '@maas is registered');
    const { stream, pieces } = recordingChatStream();
    const references = [{ id: 'file', name: 'scans.jpg', value: file('scans.jpg', progressiveJpegBomb()) }];
    const request = { prompt: 'What is this?', command: 'describe', references, toolReferences: [], model: { vendor: 'maas', id: 'svc_vl' } };
    const result = await handler(request as unknown as vscode.ChatRequest, { history: [] }, stream, new vscode.CancellationTokenSource().token);
    assert.deepEqual(result?.metadata, { command: 'describe', answered: false });
    assert.match(pieces.join(''), /scans\.jpg is a JPEG in 2000 scans, more than the 100 a real image uses\. It was not opened\./);
    assert.equal(await requestCount(service.baseUrl, CHAT_ROUTE), 0, 'nothing was sent');
  });
});
