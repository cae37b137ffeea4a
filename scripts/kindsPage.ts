// The model families and chat parameters tables of docs/settings.md, made from their declarations
// (src/shared/modelFamilies.ts, src/shared/chatParams.ts): what each family takes and does, and each parameter's wire
// name, range and default per family. `npm run generate` writes each between its markers;
// test/unit/project/kindsPage.test.ts fails when the page differs from what this makes.
import { chatParamNames, chatParamSpec, rangeText } from '../src/shared/chatParams';
import { familyOf, modelFamilyNames } from '../src/shared/modelFamilies';

export interface Marked {
  readonly start: string;
  readonly end: string;
}

export const FAMILIES_MARKERS: Marked = {
  start: '<!-- model-families:start (npm run generate writes this table from src/shared/modelFamilies.ts) -->',
  end: '<!-- model-families:end -->',
};
export const PARAMS_MARKERS: Marked = {
  start: '<!-- chat-params:start (npm run generate writes this table from src/shared/chatParams.ts) -->',
  end: '<!-- chat-params:end -->',
};

const yes = (value: boolean): string => (value ? 'yes' : 'no');

/** Each family and what it takes and does. */
export function familiesTable(): string {
  const rows = modelFamilyNames().map((name) => {
    const family = familyOf(name);
    return `| \`${name}\` | ${yes(family.images)} | ${yes(family.tools)} | ${yes(family.reasoning)} | ${yes(family.retrieval)} |`;
  });
  return ['| Family | Sees images | Function tools | Reasoning | Knowledge bases |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Each chat parameter: its name on the wire, its range, and its default per family (a family without one does not take it). */
export function chatParamsTable(): string {
  const families = modelFamilyNames();
  const rows = chatParamNames().map((name) => {
    const spec = chatParamSpec(name);
    const defaults = families.map((family) => {
      const value = spec.defaults[family];
      return value === undefined ? '—' : `\`${value}\``;
    });
    return `| \`${spec.wireName}\` | \`${rangeText(spec)}\`${spec.integer ? ', whole' : ''} | ${defaults.join(' | ')} |`;
  });
  const header = `| Parameter | Range | ${families.map((family) => `Default: \`${family}\``).join(' | ')} |`;
  return [header, `|---|---|${families.map(() => '---|').join('')}`, ...rows].join('\n');
}

/** The page with `table` between the markers; fails when they are missing or out of order. */
export function pageWithTable(page: string, markers: Marked, table: string): string {
  const start = page.indexOf(markers.start);
  const end = page.indexOf(markers.end);
  if (start === -1 || end === -1 || end < start) throw new Error(`docs/settings.md needs the lines ${markers.start} and ${markers.end}, in that order.`);
  return `${page.slice(0, start + markers.start.length)}\n${table}\n${page.slice(end)}`;
}

/** The page with both tables written. */
export function pageWithKinds(page: string): string {
  return pageWithTable(pageWithTable(page, FAMILIES_MARKERS, familiesTable()), PARAMS_MARKERS, chatParamsTable());
}
