// The settings table of docs/settings.md is made from the manifest by `npm run generate` (scripts/settingsPage.ts): the
// page must hold exactly what the generator writes, so a setting added, removed or reworded without regenerating fails here
// (and so in CI), naming the rows that differ.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pageWithKinds } from '../../../scripts/kindsPage';
import { SETTINGS_END, SETTINGS_PAGE, SETTINGS_START, pageWithSettingsTable, settingsTable } from '../../../scripts/settingsPage';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (name: string): string => readFileSync(path.join(root, name), 'utf8');

describe("the settings page's table", () => {
  it('is the table npm run generate makes from package.json and package.nls.json', () => {
    const page = read(SETTINGS_PAGE);
    const expected = pageWithSettingsTable(page, settingsTable(read('package.json'), read('package.nls.json')));
    if (expected === page) return;
    const actualRows = new Set(page.split('\n'));
    const missing = expected.split('\n').filter((line) => !actualRows.has(line));
    assert.fail(`${SETTINGS_PAGE}'s settings table differs from the manifest; run \`npm run generate\` and commit it.\nRows to write:\n${missing.join('\n')}`);
  });

  it('holds the model families and chat parameters tables npm run generate makes from their tables', () => {
    const page = read(SETTINGS_PAGE);
    assert.equal(
      page,
      pageWithKinds(page),
      `${SETTINGS_PAGE}'s model families or chat parameters table is out of date; run \`npm run generate\` and commit it.`,
    );
  });

  it('has a row for every setting the manifest declares, in the Settings editor order', () => {
    const manifest = JSON.parse(read('package.json')) as { contributes: { configuration: { order: number; properties: Record<string, { order: number }> }[] } };
    const names = [...manifest.contributes.configuration]
      .sort((a, b) => a.order - b.order)
      .flatMap((section) =>
        Object.entries(section.properties)
          .sort(([, a], [, b]) => a.order - b.order)
          .map(([name]) => name),
      );
    const page = read(SETTINGS_PAGE);
    const table = page.slice(page.indexOf(SETTINGS_START), page.indexOf(SETTINGS_END));
    const rows = [...table.matchAll(/^\| `(maas\.[\w.]+)` \|/gm)].map((match) => match[1]);
    assert.deepEqual(rows, names);
  });

  it('writes a table per section under its title: defaults, ranges, allowed values with their descriptions, escaping what would break a table', () => {
    const manifest = JSON.stringify({
      contributes: {
        configuration: [
          { title: '%second%', order: 1, properties: { 'x.d': { type: 'boolean', default: true, markdownDescription: '%d%', order: 0 } } },
          {
            title: '%first%',
            order: 0,
            properties: {
              'x.b': { type: 'integer', default: 1000, minimum: 1, maximum: 20000, markdownDescription: '%b%', order: 1 },
              'x.a': {
                type: 'string',
                enum: ['on', 'off'],
                markdownEnumDescriptions: ['%a.on%', '%a.off%'],
                default: 'on',
                markdownDescription: '%a%',
                order: 0,
              },
              'x.c': { type: 'string', default: '', markdownDescription: '%c%', order: 2 },
            },
          },
        ],
      },
    });
    const texts = {
      first: 'First',
      second: 'Second',
      a: 'A | pipe, see `#x.b#`.',
      'a.on': 'Lit.',
      'a.off': 'Dark.',
      b: 'Count\nof things.',
      c: 'Text.',
      d: 'On.',
    };
    assert.equal(
      settingsTable(manifest, JSON.stringify(texts)),
      [
        '### First',
        '',
        '| Setting | Default | Values | What it does |',
        '|---|---|---|---|',
        '| `x.a` | `"on"` | `on`, `off` | A \\| pipe, see `x.b`. `on`: Lit. `off`: Dark. |',
        '| `x.b` | `1000` | 1 to 20,000 | Count of things. |',
        '| `x.c` | *(empty)* |  | Text. |',
        '',
        '### Second',
        '',
        '| Setting | Default | Values | What it does |',
        '|---|---|---|---|',
        '| `x.d` | `true` |  | On. |',
      ].join('\n'),
    );
    assert.throws(() => settingsTable(manifest, JSON.stringify({ ...texts, 'a.on': undefined })), /package\.nls\.json has no text for %a\.on%/);
  });

  it('goes between the markers, and refuses a page without them', () => {
    const text = `intro\n${SETTINGS_START}\nold table\n${SETTINGS_END}\nafter\n`;
    assert.equal(pageWithSettingsTable(text, '| t |'), `intro\n${SETTINGS_START}\n| t |\n${SETTINGS_END}\nafter\n`);
    assert.throws(() => pageWithSettingsTable('no markers', '| t |'), /docs\/settings\.md needs the lines/);
    assert.throws(() => pageWithSettingsTable(`${SETTINGS_END}\n${SETTINGS_START}`, '| t |'), /in that order/);
  });
});
