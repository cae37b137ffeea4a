// CHANGELOG.md is written for the extension's users in the Keep a Changelog shape: each version a heading with its
// date, the package's own version among them, only the section kinds that format names, and nothing about how the
// project is built or tested (that is the git history's).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

const SECTION_KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
/** Words that belong to the project's workings, not to what a user of the package meets. */
const PROJECT_WORDS = /\b(npm (test|run)|test layers?|unit tests?|e2e|benchmarks?|bench\/|\.ci\/|CI\b|refactor)/i;

/** The version headings: `## [x.y.z] - YYYY-MM-DD` or `## [Unreleased]`; anything else at that level is returned as-is. */
function versionHeadings(text: string): { heading: string; version?: string; date?: string }[] {
  return [...text.matchAll(/^## (.*)$/gm)].map(([, heading = '']) => {
    const released = /^\[(\d+\.\d+\.\d+(?:-[\w.]+)?)\] - (\d{4}-\d{2}-\d{2})$/.exec(heading);
    if (released) return { heading, version: released[1], date: released[2] };
    return heading === '[Unreleased]' ? { heading, version: 'Unreleased' } : { heading };
  });
}

describe('CHANGELOG.md', () => {
  it('reads version headings and tells malformed ones apart', () => {
    assert.deepEqual(versionHeadings('## [1.2.3] - 2026-01-02\n## [Unreleased]\n## 1.2.4\n'), [
      { heading: '[1.2.3] - 2026-01-02', version: '1.2.3', date: '2026-01-02' },
      { heading: '[Unreleased]', version: 'Unreleased' },
      { heading: '1.2.4' },
    ]);
    assert.ok(PROJECT_WORDS.test('The e2e layer runs in CI.'));
    assert.ok(!PROJECT_WORDS.test('Describe Image decodes WebP files too.'));
  });

  it('has a dated heading per version, newest first, and one for the version in package.json', () => {
    const headings = versionHeadings(changelog);
    assert.ok(headings.length > 0, 'no version heading');
    for (const heading of headings) assert.ok(heading.version, `not a Keep a Changelog version heading: ## ${heading.heading}`);
    const dates = headings.flatMap((heading) => (heading.date ? [heading.date] : []));
    assert.deepEqual(dates, [...dates].sort().reverse(), 'versions newest first');
    for (const date of dates) assert.ok(!Number.isNaN(Date.parse(date)) && date <= new Date().toISOString().slice(0, 10), `a real, past date: ${date}`);
    assert.ok(
      headings.some((heading) => heading.version === manifest.version),
      `a heading for ${manifest.version}`,
    );
  });

  it('groups changes under the kinds Keep a Changelog names', () => {
    const kinds = [...changelog.matchAll(/^### (.*)$/gm)].map(([, kind]) => kind);
    assert.ok(kinds.length > 0);
    for (const kind of kinds) assert.ok(SECTION_KINDS.includes(kind ?? ''), `### ${kind} is not one of ${SECTION_KINDS.join(', ')}`);
  });

  it('speaks of what a user of the package meets, not of how the project is built and tested', () => {
    const lines = changelog.split('\n').filter((line) => PROJECT_WORDS.test(line));
    assert.deepEqual(lines, []);
  });
});
