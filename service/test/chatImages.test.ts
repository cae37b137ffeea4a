// svc_vl: images made here with the encoding libraries come back described with their real format, size and
// dominant colour; the data URL's label is not trusted; corrupt or oversized images are a 400.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chat, streamedContent, useService } from './serviceHarness';
import { bmp, dataUrl, gif, jpegImage, png, webp } from './testImages';

const service = useService({ maxImageBytes: 200_000 });
const RED = [200, 30, 40] as const;
const BLUE = [20, 60, 210] as const;

function askAbout(url: string, question = 'What is in this image?'): Record<string, unknown> {
  return {
    model: 'svc_vl',
    stream: false,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: question },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
  };
}

async function describe_(url: string, question?: string): Promise<string> {
  const reply = await chat(service().baseUrl, askAbout(url, question));
  assert.equal(reply.status, 200, reply.text);
  return reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '';
}

describe('image descriptions', () => {
  it('PNG: format, size and exact dominant colour', async () => {
    const content = await describe_(dataUrl('image/png', png(40, 30, RED, BLUE)));
    assert.match(content, /PNG, 40×30 pixels, dominant colour #c81e28 \(red\)/);
  });

  it('JPEG (lossy): format, size and dominant colour name', async () => {
    const content = await describe_(dataUrl('image/jpeg', jpegImage(64, 48, BLUE, RED)));
    assert.match(content, /JPEG, 64×48 pixels, dominant colour #[0-9a-f]{6} \(blue\)/);
  });

  it('GIF: format, size and exact dominant colour', async () => {
    const content = await describe_(dataUrl('image/gif', gif(25, 10, BLUE, RED)));
    assert.match(content, /GIF, 25×10 pixels, dominant colour #143cd2 \(blue\)/);
  });

  it('WebP: format, size and exact dominant colour', async () => {
    const content = await describe_(dataUrl('image/webp', await webp(33, 17, RED, BLUE)));
    assert.match(content, /WEBP, 33×17 pixels, dominant colour #c81e28 \(red\)/);
  });

  it('BMP: format, size and exact dominant colour', async () => {
    const content = await describe_(dataUrl('image/bmp', bmp(12, 9, BLUE, RED)));
    assert.match(content, /BMP, 12×9 pixels, dominant colour #143cd2 \(blue\)/);
  });

  it('PNG bytes labelled image/jpeg are still described as PNG', async () => {
    const content = await describe_(dataUrl('image/jpeg', png(8, 8, RED, RED)));
    assert.match(content, /PNG, 8×8 pixels/);
  });

  it('answers in Chinese for a Chinese question, one line per image', async () => {
    const reply = await chat(service().baseUrl, {
      model: 'svc_vl',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '这两张图片是什么?' },
            { type: 'image_url', image_url: { url: dataUrl('image/png', png(4, 4, RED, RED)) } },
            { type: 'image_url', image_url: { url: dataUrl('image/gif', gif(6, 5, BLUE, BLUE)) } },
          ],
        },
      ],
    });
    const content = streamedContent(reply.text);
    assert.match(content, /图片 1:PNG,4×4 像素,主色调 #c81e28\(红色\)/);
    assert.match(content, /图片 2:GIF,6×5 像素,主色调 #143cd2\(蓝色\)/);
  });
});

describe('image refusals', () => {
  it('a corrupt PNG is a 400 naming the field', async () => {
    const broken = png(20, 20, RED, BLUE).subarray(0, 60);
    const reply = await chat(service().baseUrl, askAbout(dataUrl('image/png', broken)));
    assert.equal(reply.status, 400);
    assert.match(reply.json<{ error: { message: string } }>().error.message, /^参数错误:messages\[0\]\.content\[1\]\.image_url\.url png/);
  });

  it('bytes that are no image format are a 400', async () => {
    const reply = await chat(service().baseUrl, askAbout(dataUrl('image/png', Buffer.from('hello, not an image'))));
    assert.equal(reply.status, 400);
  });

  it('an image above the configured cap is a 400', async () => {
    const reply = await chat(service().baseUrl, askAbout(dataUrl('image/bmp', bmp(300, 300, RED, BLUE))));
    assert.equal(reply.status, 400);
    assert.match(reply.json<{ error: { message: string } }>().error.message, /大小上限 200000/);
  });

  it('an https URL is refused unless remote images are allowed', async () => {
    const reply = await chat(service().baseUrl, askAbout('https://example.invalid/cat.png'));
    assert.equal(reply.status, 400);
    assert.match(reply.json<{ error: { message: string } }>().error.message, /远程图片未启用/);
  });
});
