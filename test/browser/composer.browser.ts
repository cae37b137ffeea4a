// The question box and the panels around it: images (attach, downscale, refuse), context chips, parameters with
// range checks, conversations (rename, delete with confirmation, export), persona, model and font size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import type { ImageUpload } from '../../src/shared/protocol';
import { pngBomb } from '../fixtures/pixelBomb';
import { conversation, snapshot, turn } from './snapshotFixture';
import { deliver, openWebview, posted, settled, waitForPosted } from './webviewHarness';
import { suiteSession } from './suiteSession';

function png(width: number, height: number, noise: boolean): Buffer {
  const image = new PNG({ width, height });
  let seed = 12345;
  for (let i = 0; i < image.data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    image.data[i] = noise ? seed % 256 : i % 4 === 3 ? 255 : (i * 7) % 256;
  }
  return PNG.sync.write(image);
}

async function imageSize(page: Page, dataUrl: string): Promise<[number, number]> {
  return page.evaluate(async (url) => {
    const bytes = Uint8Array.from(atob(url.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes]));
    return [bitmap.width, bitmap.height] as [number, number];
  }, dataUrl);
}

async function sentImages(page: Page): Promise<readonly ImageUpload[]> {
  const send = await waitForPosted(page, 'send');
  return send.images;
}

describe('composer and panels', () => {
  const session = suiteSession();

  it('an attached image is sent as a valid payload with a thumbnail, and removable before sending', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    await page.getByTestId('image-input').setInputFiles([
      { name: 'small.png', mimeType: 'image/png', buffer: png(640, 320, false) },
      { name: 'other.png', mimeType: 'image/png', buffer: png(10, 10, false) },
    ]);
    await page.getByTestId('attachment').nth(1).waitFor();
    await page.getByTestId('attachment').nth(1).getByRole('button').click();
    assert.equal(await page.getByTestId('attachment').count(), 1);
    await page.getByTestId('chat-input').fill('What is this?');
    await page.getByTestId('send').click();
    const [image, extra] = await sentImages(page);
    assert.equal(extra, undefined);
    assert.ok(image);
    assert.equal(image.name, 'small.png');
    assert.equal(image.mime, 'image/png');
    assert.deepEqual([image.width, image.height], [640, 320]);
    assert.deepEqual(Buffer.from(image.dataBase64, 'base64'), png(640, 320, false));
    assert.match(image.thumbnail, /^data:image\/(png|jpeg);base64,/);
    assert.deepEqual(await imageSize(page, image.thumbnail), [256, 128]);
    assert.equal(await page.getByTestId('attachment').count(), 0);
    await page.close();
  });

  it('images arrive by paste into the question box and by drop onto the composer', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    // The view renders on the next animation frame: the events need their targets in the page first.
    await page.getByTestId('chat-input').waitFor();
    const deliverFile = async (how: 'paste' | 'drop', name: string, bytes: Buffer): Promise<void> => {
      await page.evaluate(
        ({ how, name, base64 }) => {
          const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([data], name, { type: 'image/png' }));
          const target = how === 'paste' ? document.querySelector('[data-testid="chat-input"]') : document.querySelector('footer.composer');
          const event =
            how === 'paste'
              ? new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true })
              : new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
          if (target === null) throw new Error(`no ${how} target in the page`);
          target.dispatchEvent(event);
        },
        { how, name, base64: bytes.toString('base64') },
      );
    };
    await deliverFile('paste', 'pasted.png', png(40, 20, false));
    await page.getByTestId('attachment').first().waitFor();
    await deliverFile('drop', 'dropped.png', png(30, 30, false));
    await page.getByTestId('attachment').nth(1).waitFor();
    await page.getByTestId('chat-input').fill('Compare them');
    await page.getByTestId('chat-input').press('Enter');
    const images = await sentImages(page);
    assert.deepEqual(
      images.map((image) => [image.name, image.width, image.height]),
      [
        ['pasted.png', 40, 20],
        ['dropped.png', 30, 30],
      ],
    );
    await page.close();
  });

  it('an image above the cap is downscaled under it, keeping its aspect ratio', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    const big = png(900, 600, true);
    assert.ok(big.length > 200_000);
    await page.getByTestId('image-input').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: big });
    await page.getByTestId('attachment').waitFor();
    await page.getByTestId('chat-input').press('Enter');
    const [image] = await sentImages(page);
    assert.ok(image);
    const bytes = Buffer.from(image.dataBase64, 'base64');
    assert.ok(bytes.length <= 200_000, `${bytes.length} bytes`);
    assert.ok(image.width < 900);
    assert.ok(Math.abs(image.width / image.height - 1.5) < 0.01);
    assert.deepEqual(await imageSize(page, `data:${image.mime};base64,${image.dataBase64}`), [image.width, image.height]);
    await page.close();
  });

  it('more than eight images: eight are attached and a message says how many were not', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    const tiny = png(4, 4, false);
    await page.getByTestId('image-input').setInputFiles(Array.from({ length: 10 }, (_, i) => ({ name: `img${i}.png`, mimeType: 'image/png', buffer: tiny })));
    await page.getByText('A question takes at most 8 images; 2 more were not attached.').waitFor();
    assert.equal(await page.getByTestId('attachment').count(), 8);
    await page.getByTestId('send').click();
    assert.equal((await sentImages(page)).length, 8, 'the host gets a question it accepts (at most 8 images)');
    await page.close();
  });

  it('a corrupt image is refused with a message and nothing is attached', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    await page.getByTestId('image-input').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png at all') });
    await page.getByText('broken.png could not be read as an image.').waitFor();
    assert.equal(await page.getByTestId('attachment').count(), 0);
    await page.getByTestId('image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('notes.txt is not a PNG, JPEG, GIF, WebP or BMP image.').waitFor();
    await page.close();
  });

  it('an image whose header declares more pixels than the limit is refused before the browser decodes it', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    // Every decode the view asks of the browser is counted: the refusal must come from the header alone.
    await page.evaluate(() => {
      const counted = window as unknown as { __decodes: number };
      counted.__decodes = 0;
      const decode = window.createImageBitmap.bind(window);
      window.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) => {
        counted.__decodes += 1;
        return decode(...args);
      }) as typeof createImageBitmap;
    });
    const decodes = (): Promise<number> => page.evaluate(() => (window as unknown as { __decodes: number }).__decodes);
    await page.getByTestId('image-input').setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: pngBomb() });
    await page
      .getByText('bomb.png is 8000 × 8000 pixels, more than the 16 million pixels an image may have. It was not opened: scale it down and try again.')
      .waitFor();
    assert.equal(await page.getByTestId('attachment').count(), 0);
    assert.equal(await decodes(), 0, 'the browser decoded nothing');
    await page.getByTestId('image-input').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(20, 10, false) });
    await page.getByTestId('attachment').waitFor();
    assert.equal(await decodes(), 1, 'an image within the limit is decoded, once');
    await page.close();
  });

  it('Attach image opens the file picker of the hidden field, and the chosen image is attached', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach image' }).click();
    const picker = await chooser;
    assert.equal(picker.isMultiple(), true);
    await picker.setFiles({ name: 'picked.png', mimeType: 'image/png', buffer: png(20, 10, false) });
    await page.getByTestId('attachment').waitFor();
    assert.equal(await page.getByTestId('attachment').getByRole('img').getAttribute('alt'), 'picked.png');
    // The field is no control of its own: out of the page and of the accessibility tree (the button stands for it).
    assert.equal(await page.getByTestId('image-input').isHidden(), true);
    await page.close();
  });

  it('context chips are removable; add current file asks the host; thumbnails show in the transcript', async () => {
    const page = await openWebview(session());
    const thumb = `data:image/png;base64,${png(8, 8, false).toString('base64')}`;
    await deliver(page, {
      type: 'snapshot',
      snapshot: snapshot({
        pendingContext: [{ id: 'ctx1', kind: 'selection', label: 'example.ts:3-9', languageId: 'typescript', characters: 120 }],
        active: conversation({
          turns: [turn({ id: 'v', images: [{ id: 'i', name: 'cat.png', mime: 'image/png', width: 8, height: 8, bytes: 70, thumbnail: thumb }] })],
        }),
      }),
    });
    const chip = page.getByTestId('context-chip');
    assert.equal((await chip.textContent())?.startsWith('example.ts:3-9'), true);
    await chip.getByRole('button').click();
    assert.deepEqual(await waitForPosted(page, 'removeContext'), { type: 'removeContext', contextId: 'ctx1' });
    await page.getByTestId('add-current-file').click();
    await waitForPosted(page, 'addCurrentFile');
    const loaded = await page.locator('[data-testid="turn"] img.thumbnail').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    assert.equal(loaded, 8);
    await page.close();
  });

  it('parameters: exactly the model’s own, checked against their ranges, only the set ones sent, reset to the service defaults', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ params: { temperature: 0.5 } }) }) });
    await page.getByTestId('params-toggle').click();
    for (const id of ['param-temperature', 'param-topP', 'param-maxTokens']) assert.equal(await page.getByTestId(id).isVisible(), true, id);
    assert.equal(await page.getByTestId('param-repetitionPenalty').count(), 0);
    assert.equal(await page.getByTestId('param-temperature').inputValue(), '0.5');
    await page.getByTestId('param-temperature').fill('0');
    await page.getByTestId('param-temperature').press('Tab');
    await page.getByText('Temperature must be in [0.01, 1.00].').waitFor();
    await page.getByTestId('param-maxTokens').fill('10.5');
    await page.getByTestId('param-maxTokens').press('Tab');
    await page.getByText('Max tokens must be a whole number.').waitFor();
    assert.equal((await posted(page)).filter((m) => m.type === 'setParams').length, 0);
    await page.getByTestId('param-temperature').fill('0.9');
    await page.getByTestId('param-temperature').press('Tab');
    // Only what the user set is sent; the others stay unset, so the service applies its own defaults.
    assert.deepEqual(await waitForPosted(page, 'setParams'), { type: 'setParams', params: { temperature: 0.9 } });
    await page.getByTestId('reset-params').click();
    const all = (await posted(page)).filter((m) => m.type === 'setParams');
    assert.deepEqual(all[all.length - 1], { type: 'setParams', params: {} });
    // The vision model has only its own parameter.
    await page.getByTestId('model-picker').selectOption('svc_vl');
    assert.deepEqual(await waitForPosted(page, 'setModel'), { type: 'setModel', model: 'svc_vl' });
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ model: 'svc_vl' }) }) });
    await page.getByTestId('param-repetitionPenalty').waitFor();
    assert.equal(await page.getByTestId('param-maxTokens').count(), 0);
    await page.getByTestId('param-repetitionPenalty').fill('1.3');
    await page.getByTestId('param-repetitionPenalty').press('Tab');
    await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.filter((m) => m.type === 'setParams').length === 3);
    const last = (await posted(page)).filter((m) => m.type === 'setParams').pop();
    assert.deepEqual(last, { type: 'setParams', params: { repetitionPenalty: 1.3 } }, 'the unset ones are not filled in');
    await page.close();
  });

  it('conversations: new, select, rename inline, delete after confirming, export; persona; font size', async () => {
    const page = await openWebview(session());
    const base = snapshot();
    await deliver(page, {
      type: 'snapshot',
      snapshot: {
        ...base,
        conversations: [...base.conversations, { id: 'c2', title: 'Second', updatedAt: 1_700_000_100_000, turnCount: 4 }],
        settings: { ...base.settings, fontSize: 17 },
      },
    });
    // The list starts closed so the transcript keeps the room; the title bar's history button opens it.
    assert.equal(await page.getByTestId('conversations').isVisible(), false);
    await deliver(page, { type: 'toggleConversations' });
    const second = page.getByTestId('conversation-item').nth(1);
    await second.waitFor();
    assert.match((await second.textContent()) ?? '', /Second.*4 turns/);
    await second.getByTestId('conversation-select').click();
    assert.deepEqual(await waitForPosted(page, 'selectConversation'), { type: 'selectConversation', conversationId: 'c2' });
    // Choosing a conversation closes the list and puts the cursor in the question box.
    await page.getByTestId('conversations').waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'chat-input');
    await deliver(page, { type: 'toggleConversations' });
    await second.hover();
    await second.getByTestId('rename-conversation').click();
    await second.getByTestId('rename-input').fill('Renamed');
    await second.getByTestId('rename-input').press('Enter');
    assert.deepEqual(await waitForPosted(page, 'renameConversation'), { type: 'renameConversation', conversationId: 'c2', title: 'Renamed' });
    await second.getByTestId('delete-conversation').click();
    assert.equal((await posted(page)).filter((m) => m.type === 'deleteConversation').length, 0);
    await second.getByText('Delete "Second"?').waitFor();
    await second.getByTestId('confirm-delete').click();
    assert.deepEqual(await waitForPosted(page, 'deleteConversation'), { type: 'deleteConversation', conversationId: 'c2' });
    await page.getByTestId('conversation-item').first().getByTestId('export-conversation').click();
    assert.deepEqual(await waitForPosted(page, 'exportConversation'), { type: 'exportConversation', conversationId: 'c1' });
    await page.getByTestId('new-conversation').click();
    await waitForPosted(page, 'newConversation');
    await page.getByTestId('params-toggle').click();
    const persona = page.getByTestId('persona');
    assert.equal(await persona.getAttribute('placeholder'), 'Default persona: You are a helpful assistant.');
    await persona.fill('Be terse.');
    await persona.press('Tab');
    assert.deepEqual(await waitForPosted(page, 'setPersona'), { type: 'setPersona', persona: 'Be terse.' });
    assert.equal(await page.getByTestId('transcript').evaluate((el) => getComputedStyle(el).fontSize), '17px');
    await page.close();
  });

  it('a new snapshot keeps the unsent question; notices are dismissable; focusInput focuses the box', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot() });
    await page.getByTestId('chat-input').fill('half-typed');
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ notices: [{ id: 'n1', level: 'info', text: 'Switched to svc_vl to read the images.' }] }) });
    await page.getByTestId('notice').waitFor();
    assert.equal(await page.getByTestId('chat-input').inputValue(), 'half-typed');
    await page.getByTestId('notice').getByRole('button').click();
    assert.deepEqual(await waitForPosted(page, 'dismissNotice'), { type: 'dismissNotice', noticeId: 'n1' });
    await page.getByTestId('params-toggle').focus();
    await deliver(page, { type: 'focusInput' });
    await settled(page);
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'chat-input');
    await page.close();
  });
});
