// --allow-remote-images: svc_vl fetches an https image from a real TLS server started here with a self-signed
// certificate made for this run (openssl), and describes the bytes it received; TLS is verified, http is refused.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:https';
import { chat, startTestService } from './serviceHarness';
import { png } from './testImages';
import type { LocalService } from '../src/localService';

const GREEN = [30, 170, 60] as const;
const RED = [200, 30, 40] as const;
const certDir = mkdtempSync(path.join(tmpdir(), 'maas-remote-images-'));
let cert = '';
let server: Server;
let origin = '';
let trusting: LocalService;
let untrusting: LocalService;
let disallowing: LocalService;

function makeCertificate(): { cert: string; key: string } {
  const keyFile = path.join(certDir, 'key.pem');
  const certFile = path.join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

before(async () => {
  const pair = makeCertificate();
  cert = pair.cert;
  server = createServer(pair, (req, res) => {
    if (req.url === '/green.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png(48, 20, GREEN, RED));
    } else if (req.url === '/big.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(300_000, 7));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  trusting = await startTestService({ allowRemoteImages: true, remoteImageCa: cert, maxImageBytes: 200_000 });
  untrusting = await startTestService({ allowRemoteImages: true });
  disallowing = await startTestService({ remoteImageCa: cert });
});
after(async () => {
  await Promise.all([trusting, untrusting, disallowing].map((s) => s?.stop()));
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  rmSync(certDir, { recursive: true, force: true });
});

function askAbout(url: string): Record<string, unknown> {
  return {
    model: 'svc_vl',
    stream: false,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
  };
}

async function errorOf(service: LocalService, url: string): Promise<string> {
  const reply = await chat(service.baseUrl, askAbout(url));
  assert.equal(reply.status, 400, reply.text);
  return reply.json<{ error: { message: string } }>().error.message;
}

describe('remote images (--allow-remote-images)', () => {
  it('fetches an https image and describes the bytes it received', async () => {
    const reply = await chat(trusting.baseUrl, askAbout(`${origin}/green.png`));
    assert.equal(reply.status, 200, reply.text);
    const content = reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '';
    assert.match(content, /Image 1: PNG, 48×20 pixels, dominant colour #1eaa3c \(green\)/);
  });

  it('verifies the certificate: a server the service does not trust is a 400, not an answer', async () => {
    assert.match(await errorOf(untrusting, `${origin}/green.png`), /^参数错误:messages\[0\]\.content\[1\]\.image_url\.url 远程图片获取失败: /);
  });

  it('is off without the switch, and never fetches plain http', async () => {
    assert.match(await errorOf(disallowing, `${origin}/green.png`), /远程图片未启用/);
    assert.match(await errorOf(trusting, `http://127.0.0.1:${(server.address() as AddressInfo).port}/green.png`), /必须是 data URL 或 https 地址/);
  });

  it('a missing remote image and one above the size cap are 400s naming the cause', async () => {
    assert.match(await errorOf(trusting, `${origin}/missing.png`), /远程图片获取失败: HTTP 404/);
    assert.match(await errorOf(trusting, `${origin}/big.png`), /图片超过大小上限 200000 字节/);
  });
});
