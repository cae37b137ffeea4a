// The libraries loaded on first use live in bundles of their own (esbuild.mjs): the production build keeps them
// out of extension.js, and each lazy bundle, loaded the way extension.js loads it (require), has the names the
// code takes from it. A real dynamic import() of these CommonJS bundles would see only `default`: this caught it.
// The image codecs are in none of them: they run in the image worker, whose production bundle decodes here.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ImageDecoder } from '../../../src/core/images/imageDecoder';
import { prepareImage } from '../../../src/core/images/imagePreparation';
import { jpegImage, webp } from '../../../service/test/testImages';
import { productionBuild } from './productionBuild';

describe('lazily loaded libraries', () => {
  const out = productionBuild('maas-lazy-');

  it('extension.js loads each of them with require() on first use, and holds none of them', () => {
    const extension = readFileSync(path.join(out(), 'extension.js'), 'utf8');
    for (const name of ['undici', 'markdown-it', 'wavefile', 'completions']) assert.ok(extension.includes(`require("./lazy/${name}.js")`), name);
    assert.ok(!extension.includes('EnvHttpProxyAgent('), 'undici is not in extension.js');
    assert.ok(!extension.includes('maxResolutionInMP'), 'no image decoder is in extension.js');
    assert.ok(statSync(path.join(out(), 'extension.js')).size < 400 * 1024, 'extension.js stays small');
  });

  it('each lazy bundle has the names the extension takes from it', () => {
    const requireBundle = createRequire(__filename);
    const load = (name: string): Record<string, unknown> => requireBundle(path.join(out(), 'lazy', `${name}.js`)) as Record<string, unknown>;
    const undici = load('undici');
    for (const name of ['request', 'EnvHttpProxyAgent', 'ProxyAgent']) assert.equal(typeof undici[name], 'function', `undici.${name}`);
    assert.equal(typeof load('markdown-it')['default'], 'function', 'markdown-it default');
    assert.equal(typeof load('wavefile')['WaveFile'], 'function', 'wavefile.WaveFile');
    for (const name of ['CompletionEngine', 'CompletionPrivacy', 'askStreamChat', 'readCompletionWindow'])
      assert.equal(typeof load('completions')[name], 'function', `completions.${name}`);
  });

  it('the image worker decodes from its own bundle, the WebP decoder beside it', async () => {
    const decoder = new ImageDecoder({ workerFile: path.join(out(), 'lazy', 'imageDecodeWorker.js') });
    try {
      for (const [mime, bytes] of [
        ['image/webp', await webp(60, 40, [210, 20, 30], [20, 40, 220])],
        ['image/jpeg', jpegImage(60, 40, [210, 20, 30], [20, 40, 220])],
      ] as const) {
        const prepared = await prepareImage(bytes, 5_000_000, decoder);
        assert.ok(prepared.ok && prepared.width === 60 && prepared.height === 40, mime);
      }
    } finally {
      decoder.dispose();
    }
  });
});
