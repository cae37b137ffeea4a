// The installed extension's details page, as a user finds it: the Extensions view, the installed MaaS Assistant,
// its page with the README. The icon shows, the README is there with an element for each of its images (they ship in
// the package, their links kept relative), and the page names no placeholder address. Whether each image loaded
// (naturalWidth > 0) is the last test, marked todo: VS Code's details page (1.139) shows README images from https
// addresses only (its CSP is `img-src https: data:` and its sanitiser drops every other image source, relative paths
// included), and the project has no public https address for them (docs/features.md, The package and its details
// page). A failure leaves a screenshot and the logs in .test-results/.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { readmeImages } from '../../scripts/package';
import { repoRoot } from '../harness/tools';
import { waitFor } from '../harness/waitFor';
import type { Frame } from 'playwright-core';
import { openDetailsPage } from './detailsPage';
import { openScenario, type Scenario } from './scenario';

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { displayName: string };

interface ImageState {
  readonly src: string;
  readonly alt: string;
  readonly complete: boolean;
  readonly naturalWidth: number;
}

describe("the installed extension's details page in code-server", () => {
  let scenario: Scenario;
  let readme: Frame | undefined;
  const expected = readmeImages(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'));

  before(async () => {
    scenario = await openScenario('details-page', {});
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  const openReadme = (): Promise<Frame> => openDetailsPage(scenario.page, manifest.displayName);

  /** Each <img> of the README once it has settled (loaded, or complete without a picture). */
  async function imageStates(frame: Frame): Promise<ImageState[]> {
    return waitFor(
      async () => {
        const all = (await frame.locator('img').evaluateAll((nodes) =>
          nodes.map((node) => {
            const img = node as unknown as { currentSrc: string; src: string; alt: string; complete: boolean; naturalWidth: number };
            return { src: img.currentSrc || img.src, alt: img.alt, complete: img.complete, naturalWidth: img.naturalWidth };
          }),
        )) as ImageState[];
        return all.length >= expected.length && all.every((image) => image.complete) ? all : undefined;
      },
      { what: `the ${expected.length} images of the README to settle`, timeoutMs: 60_000, intervalMs: 250 },
    );
  }

  it('opens from the Extensions view with its 128-pixel icon and the whole README, an element for each image, no placeholder address', async () => {
    readme = await openReadme();
    const icon = scenario.page.locator('.extension-editor .header .icon').first();
    await waitFor(() => icon.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth === 128), {
      what: 'the extension icon, 128 pixels wide, on its details page',
      timeoutMs: 30_000,
    });
    assert.ok(expected.length >= 4, `the README's images: ${expected.join(', ')}`);
    const states = await imageStates(readme);
    assert.equal(states.length, expected.length, 'an image element for each image of the README');
    assert.ok(
      states.every((state) => state.alt.length > 0),
      'each with its description',
    );
    const text = (await readme.locator('body').textContent()) ?? '';
    assert.match(text, /Troubleshooting/);
    assert.doesNotMatch(text, /example\.invalid/);
  });

  it(
    'shows every image of the README loaded (naturalWidth > 0)',
    { todo: "VS Code's details page loads README images from https addresses only; the project has no public one yet" },
    async () => {
      readme ??= await openReadme();
      const states = await imageStates(readme);
      const broken = states.filter((image) => image.naturalWidth === 0).map((image) => `${image.alt}: ${image.src || '(no source left)'}`);
      assert.deepEqual(broken, [], 'images that did not load');
    },
  );
});
