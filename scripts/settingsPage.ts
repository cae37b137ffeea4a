// The settings tables of docs/settings.md, made from the manifest: one per section of package.json's
// contributes.configuration, under the section's English title, each setting in the Settings editor's order with its
// default, its allowed values and its English description (package.nls.json). `npm run generate` (scripts/generateManifest.ts) writes it between the page's two
// settings markers; test/unit/project/settingsPage.test.ts fails when the page's table differs from what this makes.

/** The page that holds the table, from the repository's root. */
export const SETTINGS_PAGE = 'docs/settings.md';
export const SETTINGS_START = '<!-- settings:start (npm run generate writes this table from the manifest) -->';
export const SETTINGS_END = '<!-- settings:end -->';

interface SettingManifest {
  readonly type?: string | readonly string[];
  readonly default?: unknown;
  readonly enum?: readonly (string | number)[];
  readonly enumDescriptions?: readonly string[];
  readonly markdownEnumDescriptions?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly markdownDescription?: string;
  readonly order?: number;
}

interface SectionManifest {
  readonly title: string;
  readonly order?: number;
  readonly properties: Readonly<Record<string, SettingManifest>>;
}

interface Manifest {
  readonly contributes: { readonly configuration: readonly SectionManifest[] };
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');
}

function defaultText(value: unknown): string {
  if (value === '' || value === undefined) return '*(empty)*';
  return `\`${JSON.stringify(value)}\``;
}

function valuesText(setting: SettingManifest): string {
  if (setting.enum !== undefined) return setting.enum.map((value) => `\`${String(value)}\``).join(', ');
  if (setting.minimum !== undefined && setting.maximum !== undefined)
    return `${setting.minimum.toLocaleString('en-US')} to ${setting.maximum.toLocaleString('en-US')}`;
  return '';
}

/** The English text of a `%key%` reference, with the Settings editor's `#setting#` links written as code. */
function describe(reference: string | undefined, nls: Readonly<Record<string, string>>): string {
  const key = /^%(.+)%$/.exec(reference ?? '')?.[1];
  const text = key === undefined ? (reference ?? '') : nls[key];
  if (text === undefined) throw new Error(`package.nls.json has no text for ${reference ?? '(no description)'}`);
  return text.replace(/`?#([\w.]+)#`?/g, '`$1`');
}

/** The setting's description, then each allowed value's own description where the manifest gives one. */
function fullDescription(setting: SettingManifest, nls: Readonly<Record<string, string>>): string {
  const values = (setting.markdownEnumDescriptions ?? setting.enumDescriptions ?? []).map(
    (reference, index) => `\`${String(setting.enum?.[index])}\`: ${describe(reference, nls)}`,
  );
  return [describe(setting.markdownDescription, nls), ...values].join(' ');
}

const byOrder = (a: { readonly order?: number }, b: { readonly order?: number }): number => (a.order ?? 0) - (b.order ?? 0);

/** A heading and a Markdown table for each section the manifest declares, with every setting of the section. */
export function settingsTable(manifestText: string, nlsText: string): string {
  const manifest = JSON.parse(manifestText) as Manifest;
  const nls = JSON.parse(nlsText) as Record<string, string>;
  return [...manifest.contributes.configuration]
    .sort(byOrder)
    .map((section) => {
      const rows = Object.entries(section.properties)
        .sort(([, a], [, b]) => byOrder(a, b))
        .map(([name, setting]) => `| \`${name}\` | ${defaultText(setting.default)} | ${cell(valuesText(setting))} | ${cell(fullDescription(setting, nls))} |`);
      return [`### ${describe(section.title, nls)}`, '', '| Setting | Default | Values | What it does |', '|---|---|---|---|', ...rows].join('\n');
    })
    .join('\n\n');
}

/** The page with `table` between its settings markers; fails when the markers are missing or out of order. */
export function pageWithSettingsTable(page: string, table: string): string {
  const start = page.indexOf(SETTINGS_START);
  const end = page.indexOf(SETTINGS_END);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`${SETTINGS_PAGE} needs the lines ${SETTINGS_START} and ${SETTINGS_END}, in that order, where the settings table goes.`);
  return `${page.slice(0, start + SETTINGS_START.length)}\n${table}\n${page.slice(end)}`;
}
