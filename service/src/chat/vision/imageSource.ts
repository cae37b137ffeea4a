// Turns an image_url into bytes: a base64 data URL (the label is ignored; the bytes are sniffed later), or an https
// URL fetched only when remote images are allowed. Every failure is a 参数错误 detail naming the field.
import { request } from 'undici';
import type { Dispatcher } from 'undici';

export type ImageBytes = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly detail: string };

const DATA_URL_RE = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*);base64,(.*)$/is;

export interface ImageLimits {
  readonly maxBytes: number;
  readonly allowRemote: boolean;
  /** Connection settings for https fetches (e.g. an extra trusted CA); absent = undici's global dispatcher. */
  readonly dispatcher?: Dispatcher | undefined;
}

export async function loadImageBytes(url: string, field: string, limits: ImageLimits): Promise<ImageBytes> {
  const { maxBytes } = limits;
  if (url.startsWith('data:')) return decodeDataUrl(url, field, maxBytes);
  if (/^https:\/\//i.test(url)) {
    if (!limits.allowRemote) return { ok: false, detail: `${field} 远程图片未启用,请以 data URL(base64)发送图片` };
    return fetchRemote(url, field, maxBytes, limits.dispatcher);
  }
  return { ok: false, detail: `${field} 必须是 data URL 或 https 地址` };
}

function decodeDataUrl(url: string, field: string, maxBytes: number): ImageBytes {
  const match = DATA_URL_RE.exec(url);
  const payload = match?.[3]?.replace(/\s+/g, '');
  if (payload === undefined) return { ok: false, detail: `${field} data URL 格式错误,应为 data:<mime>;base64,<数据>` };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) return { ok: false, detail: `${field} data URL 的 base64 数据无效` };
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 2) return { ok: false, detail: `${field} 图片超过大小上限 ${maxBytes} 字节` };
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > maxBytes) return { ok: false, detail: `${field} 图片超过大小上限 ${maxBytes} 字节` };
  if (bytes.length === 0) return { ok: false, detail: `${field} 图片数据为空` };
  return { ok: true, bytes };
}

async function fetchRemote(url: string, field: string, maxBytes: number, dispatcher: Dispatcher | undefined): Promise<ImageBytes> {
  try {
    const response = await request(url, { method: 'GET', headersTimeout: 10_000, bodyTimeout: 10_000, ...(dispatcher ? { dispatcher } : {}) });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return { ok: false, detail: `${field} 远程图片获取失败: HTTP ${response.statusCode}` };
    }
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of response.body) {
      size += (part as Buffer).length;
      if (size > maxBytes) {
        response.body.destroy();
        return { ok: false, detail: `${field} 图片超过大小上限 ${maxBytes} 字节` };
      }
      parts.push(part as Buffer);
    }
    return { ok: true, bytes: Buffer.concat(parts) };
  } catch (error) {
    return { ok: false, detail: `${field} 远程图片获取失败: ${error instanceof Error ? error.message : String(error)}` };
  }
}
