// The image limits the docs give (docs/security.md, docs/features.md) are the constants the code enforces: the
// security page names each constant beside its figure, and every statement of a limit on either page has the
// constant's figure, so a limit changed in the code and not in the docs fails here, naming the page and the phrase.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { imageDecodeDeadlineMs, imageWorkerHeapMb } from '../../../src/core/images/imageDecoder';
import { maxJpegScans } from '../../../src/core/images/jpegScans';
import { maxImageFileBytes, maxImagePixels } from '../../../src/shared/imageHeader';

const root = path.resolve(__dirname, '..', '..', '..');
/** The page's text with its line breaks as spaces, as a reader reads it. */
const read = (name: string): string => readFileSync(path.join(root, 'docs', name), 'utf8').replace(/\s+/g, ' ');

interface Limit {
  readonly name: string;
  /** The figure the docs give, with its unit. */
  readonly figure: string;
  /** Every statement of the limit, its figure captured. */
  readonly statements: RegExp;
}

const limits: readonly Limit[] = [
  { name: 'maxImageFileBytes', figure: `${maxImageFileBytes / (1024 * 1024)} MB`, statements: /(?:file above|read above|pixels or) (\d+ MB)/g },
  { name: 'maxImagePixels', figure: `${maxImagePixels / 1_000_000} million pixels`, statements: /(\d+ million pixels)/g },
  { name: 'maxJpegScans', figure: `${maxJpegScans} scans`, statements: /more than (\d+ scans)/g },
  {
    name: 'imageWorkerHeapMb',
    figure: `${imageWorkerHeapMb} MB`,
    statements: /(?:capped at|more than) (\d+ MB)(?: \(`imageWorkerHeapMb`\)| of the worker's memory)/g,
  },
  {
    name: 'imageDecodeDeadlineMs',
    figure: `${imageDecodeDeadlineMs / 1000} seconds`,
    statements: /(\d+ seconds|\w+ minutes?)(?: \(`imageDecodeDeadlineMs`\) to decode|, or more than \d+ MB of the worker)/g,
  },
];

describe('the image limits in the docs', () => {
  it("docs/security.md gives each limit's figure beside the constant that holds it", () => {
    const page = read('security.md');
    for (const { name, figure } of limits) assert.ok(page.includes(`${figure} (\`${name}\`)`), `security.md: "${figure} (\`${name}\`)"`);
  });

  for (const doc of ['security.md', 'features.md']) {
    it(`every statement of a limit in docs/${doc} has the constant's figure`, () => {
      const page = read(doc);
      for (const { name, figure, statements } of limits) {
        const stated = [...page.matchAll(statements)].map((match) => match[1]);
        assert.ok(stated.length > 0, `${doc} states ${name}`);
        for (const each of stated) assert.equal(each, figure, `${doc}: ${name}`);
      }
    });
  }
});
