// The image worker's bundle built as esbuild.mjs builds it (src/core/images/imageDecodeWorker.ts, Node, CommonJS, the
// WebP decoder's webp.wasm beside it) into a temporary folder before a suite's tests, removed after them: a worker
// thread runs plain JavaScript, so the tests run the program the extension ships. The getter gives the bundle's path.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '..', '..', '..', '..');

export function imageWorkerBundle(): () => string {
  let dir = '';
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'maas-image-worker-'));
    await esbuild.build({
      entryPoints: [path.join(root, 'src', 'core', 'images', 'imageDecodeWorker.ts')],
      outfile: path.join(dir, 'imageDecodeWorker.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20.18',
      logLevel: 'warning',
    });
    copyFileSync(path.join(root, 'node_modules', '@cwasm', 'webp', 'webp.wasm'), path.join(dir, 'webp.wasm'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => path.join(dir, 'imageDecodeWorker.js');
}
