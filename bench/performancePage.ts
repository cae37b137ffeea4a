// What `npm run bench` makes of its rows: each row checked against the target its benchmark declares (pass or miss),
// the table printed at the end of every run, the exit status, and docs/performance.md, written from a full run with
// the run's date and machine at its top. Pure functions of the rows and the run, so a unit test checks them
// (test/unit/project/performancePage.test.ts).
import { formatNumber, type BenchResult, type Target } from './benchResult';

/** The run the page reports, as scripts/bench.ts found it. */
export interface RunInfo {
  /** When the run started, ISO 8601. */
  readonly started: string;
  readonly seconds: number;
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
  readonly chromium: string;
  /** The 1, 5 and 15 minute load averages at the start and at the end of the run. */
  readonly loadAtStart: readonly number[];
  readonly loadAtEnd: readonly number[];
  /** The commit checked out when the run started, and whether the working tree then differed from it. */
  readonly commit: string;
}

/** One benchmark file's rows, with what it measures (its leading comment). */
export interface BenchFile {
  readonly file: string;
  readonly about: string;
  readonly rows: readonly BenchResult[];
}

export type Verdict = 'pass' | 'miss';

/** Rows read back from a benchmark's process: each must be a row with a target, or the run is an error. */
export function checkedRows(file: string, rows: unknown): BenchResult[] {
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`${file} returned no rows.`);
  return rows.map((row: unknown, index) => {
    const r = row as Partial<BenchResult> | null;
    const name = typeof r?.name === 'string' ? r.name : `row ${index + 1}`;
    if (r === null || typeof r.name !== 'string' || typeof r.value !== 'number' || typeof r.unit !== 'string')
      throw new Error(`${file}: ${name} is not a row (a name, a value and a unit).`);
    const target = r.target as Partial<Target> | undefined;
    if (target === undefined || target === null) throw new Error(`${file}: "${name}" declares no target; every row says what it must meet, and why.`);
    if (
      (target.of !== 'value' && target.of !== 'ratio') ||
      (target.comparison !== '<=' && target.comparison !== '>=') ||
      typeof target.limit !== 'number' ||
      !Number.isFinite(target.limit) ||
      typeof target.reason !== 'string' ||
      target.reason.trim() === ''
    )
      throw new Error(`${file}: "${name}" has a malformed target (of value or ratio, <= or >=, a finite limit and a reason).`);
    if (target.of === 'ratio' && (typeof r.baseline !== 'number' || typeof r.ratio !== 'number'))
      throw new Error(`${file}: "${name}" has a target on its ratio but no baseline.`);
    return r as BenchResult;
  });
}

/** Whether the row meets its target; a figure that is not a number misses. */
export function verdict(row: BenchResult): Verdict {
  const { target } = row;
  const figure = target.of === 'ratio' ? row.ratio : row.value;
  if (figure === undefined || !Number.isFinite(figure)) return 'miss';
  const met = target.comparison === '<=' ? figure <= target.limit : figure >= target.limit;
  return met ? 'pass' : 'miss';
}

export function misses(rows: readonly BenchResult[]): BenchResult[] {
  return rows.filter((row) => verdict(row) === 'miss');
}

/**
 * The outcome of a run: the exit status and the lines that end its output. A miss fails a full or a filtered run;
 * a `--quick` run (every size at its smallest, figures not meant for the targets) reports its misses and passes.
 */
export function outcome(rows: readonly BenchResult[], quick: boolean): { readonly status: number; readonly lines: readonly string[] } {
  const missed = misses(rows);
  const summary = `${rows.length} rows: ${rows.length - missed.length} pass, ${missed.length} miss`;
  if (missed.length === 0) return { status: 0, lines: [summary] };
  const list = missed.map((row) => `  miss: ${row.name}: ${figureOf(row)} against ${targetText(row.target, row.unit)}`);
  if (quick) return { status: 0, lines: [`${summary} (--quick: sizes at their smallest, targets reported, not enforced)`, ...list] };
  return { status: 1, lines: [`${summary}; these rows missed their targets:`, ...list] };
}

const arrow = { '<=': '≤', '>=': '≥' } as const;

function withUnit(value: number, unit: string): string {
  return unit === '×' || unit === 'x' ? `${formatNumber(value)}×` : `${formatNumber(value)} ${unit}`;
}

/** A target as written: `≤ 1.2×`, `≥ 20,000 chunks/s`, `≤ 15 %` (a limit is shown as declared, not rounded). */
export function targetText(target: Target, unit: string): string {
  const limit = target.limit.toLocaleString('en', { maximumFractionDigits: 6 });
  if (target.of === 'ratio' || unit === '×' || unit === 'x') return `${arrow[target.comparison]} ${limit}×`;
  return `${arrow[target.comparison]} ${limit} ${unit}`;
}

/** What the target is checked on: the ratio for a ratio target, the figure otherwise. */
function figureOf(row: BenchResult): string {
  return row.target.of === 'ratio' ? `${(row.ratio ?? Number.NaN).toFixed(2)}×` : withUnit(row.value, row.unit);
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function tableOf(header: readonly string[], rows: readonly (readonly string[])[], pad: boolean): string {
  const widths = header.map((h, i) => (pad ? Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)) : 3));
  const line = (cells: readonly string[]): string => `| ${cells.map((c, i) => (pad ? c.padEnd(widths[i] ?? 0) : c)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** What a row's name says of the service it was measured against, when that is not the real one. */
const AGAINST = { 'espeak-ng': "measured against the local service's espeak-ng, not the real service's voices" } as const;

/** The columns every table has; a target is on the ratio or on the figure, each in its own column. */
const HEADER = ['Benchmark', 'Figure', 'Baseline (same run)', 'Ratio', 'Spread of the ratio', 'Target on the ratio', 'Target on the figure'] as const;

/** A row of rounds' spread: its rounds' ratios lowest to highest, and where their median lies (95%). */
export function spreadText(row: BenchResult): string {
  const spread = row.spread;
  if (spread === undefined) return '—';
  const x = (value: number): string => value.toFixed(2);
  const interval = `median within ${x(spread.low)}–${x(spread.high)}×${spread.settled ? '' : ', not settled'}`;
  return `${x(spread.min)}–${x(spread.max)}× in ${spread.rounds} rounds; ${interval}`;
}

function columns(row: BenchResult): string[] {
  const target = targetText(row.target, row.unit);
  return [
    cell(row.against === undefined ? row.name : `${row.name} (${AGAINST[row.against]})`),
    cell(withUnit(row.value, row.unit)),
    row.baseline === undefined ? '—' : cell(withUnit(row.baseline, row.unit)),
    row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)}×`,
    spreadText(row),
    row.target.of === 'ratio' ? target : '—',
    row.target.of === 'value' ? target : '—',
  ];
}

/** The table printed at the end of a run: one row per figure, with its target and pass or miss. */
export function resultTable(rows: readonly BenchResult[]): string {
  const header = [...HEADER, 'Result'];
  return tableOf(
    header,
    rows.map((row) => [...columns(row), verdict(row)]),
    true,
  );
}

const round = (value: number): string => value.toFixed(2);

/** docs/performance.md: the run, then each benchmark file with what it measures and its rows. */
export function performancePage(run: RunInfo, files: readonly BenchFile[]): string {
  const rows = files.flatMap((file) => file.rows);
  const missed = misses(rows);
  const load = (values: readonly number[]): string => values.map(round).join(', ');
  const lines = [
    '# Performance',
    '',
    '<!-- Generated by `npm run bench` (scripts/bench.ts, bench/performancePage.ts). Do not edit: run it again. -->',
    '',
    'This page is written by `npm run bench` from the run it just made: every figure, baseline and ratio below was',
    'measured in that run, and every target is declared, with its reason, in the benchmark file that measures the row.',
    '`npm run bench` exits non-zero when a row misses its target. Run it again to bring the page up to date.',
    '',
    'A row is added by one file: `bench/<name>.bench.ts`, whose leading comment says what it measures and whose default',
    'export returns its rows, each built with `figure()` or `compared()` of `bench/benchResult.ts` with its target and',
    'the reason for it. `npm run bench` runs every such file and `npm run bench -- <name>` that one alone.',
    'A row whose rounds spread widely is built with `comparedRounds()` of `bench/stableRounds.ts`: its ratio is the median',
    "of its rounds' ratios, rounds are added until that median's 95% interval lies on one side of the target, and its",
    "spread shows the rounds' lowest and highest ratio and that interval. A row of one figure per round (no baseline) is",
    "built with `figureRounds()`: its figure is the median of the rounds', and its detail gives their spread the same way.",
    '',
    '| Run | |',
    '|---|---|',
    `| Date | ${run.started} |`,
    `| Machine | ${cell(run.cpu)}, ${run.cores} cores, ${run.memoryGiB.toFixed(1)} GiB; ${cell(run.os)} |`,
    `| Load average (1, 5, 15 min) | at the start ${load(run.loadAtStart)}; at the end ${load(run.loadAtEnd)} |`,
    `| Node, Chromium | ${cell(run.node)}, ${cell(run.chromium)} |`,
    `| Code, when the run started | ${cell(run.commit)} |`,
    `| Duration | ${Math.round(run.seconds)} s |`,
    '',
    missed.length === 0
      ? `**${rows.length} rows, every one meets its target.**`
      : `**${rows.length} rows: ${rows.length - missed.length} meet their targets, ${missed.length} miss:** ${missed.map((row) => cell(row.name)).join('; ')}.`,
    '',
  ];
  for (const file of files) {
    lines.push(`## \`bench/${file.file}\``, '', file.about, '');
    lines.push(
      tableOf(
        [...HEADER, 'Result', 'Why this target'],
        file.rows.map((row) => {
          const [name = '', value = '', ...rest] = columns(row);
          const shown = row.detail === undefined ? value : `${value} (${cell(row.detail)})`;
          return [name, shown, ...rest, verdict(row) === 'pass' ? 'pass' : '**miss**', cell(row.target.reason)];
        }),
        false,
      ),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The leading `//` comment of a benchmark file, as Markdown: its lines joined into paragraphs (a blank comment line
 * ends one), each line that starts with `- ` an item of a list, and each name of a constant declared with a number
 * (`const ROUNDS = sized(21, 1)`: a full run's value) written as that number: the file's own constants first, then
 * those of the modules it imports them from (`imported`, their sources).
 */
export function leadingComment(source: string, imported: readonly string[] = []): string {
  const values = new Map(
    [...imported, source].flatMap((text) =>
      [...text.matchAll(/^(?:export )?const ([A-Z][A-Z0-9_]*) = (?:sized\(\s*)?(-?[\d_]+(?:\.\d+)?)\b/gm)].map(
        (match) => [match[1] ?? '', Number((match[2] ?? '').replaceAll('_', '')).toLocaleString('en')] as const,
      ),
    ),
  );
  const text = commentText(source);
  return values.size === 0 ? text : text.replace(new RegExp(`\\b(${[...values.keys()].join('|')})\\b`, 'g'), (name) => values.get(name) ?? name);
}

function commentText(source: string): string {
  const blocks: string[] = [];
  let fresh = true;
  for (const line of source.split('\n')) {
    const match = /^\/\/(.*)$/.exec(line);
    if (match === null) break;
    const text = (match[1] ?? '').trim();
    if (text === '') fresh = true;
    else if (fresh || text.startsWith('- ')) blocks.push(text);
    else blocks[blocks.length - 1] = `${blocks[blocks.length - 1] ?? ''} ${text}`;
    if (text !== '') fresh = false;
  }
  const item = (block: string | undefined): boolean => block?.startsWith('- ') === true;
  return blocks.map((block, i) => (i === 0 ? block : `${item(block) && item(blocks[i - 1]) ? '\n' : '\n\n'}${block}`)).join('');
}
