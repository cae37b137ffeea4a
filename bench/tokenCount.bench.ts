// `token count: 10,000 calls on mixed text`: VS Code's chat calls provideTokenCount for every message and tool
// description of every request, so the count must be local and cheap. The provider's counter
// (src/shared/tokenCount.ts, one pass over the characters) is timed against the baseline the local service uses for
// its usage figures: the same rule written as one Unicode regular expression (service/src/chat/tokenCount.ts). The
// counts must agree (the row would be meaningless otherwise); the texts mix Chinese, English, code and Markdown, as
// VS Code's prompts do. Median of ROUNDS rounds, the two alternating.
import { performance } from 'node:perf_hooks';
import { countTokens as serviceCount } from '../service/src/chat/tokenCount';
import { countTokens } from '../src/shared/tokenCount';
import { compared, median, ratioAtMost, type BenchResult } from './benchResult';

const CALLS = 10_000;
const ROUNDS = 15;

const TEXTS = [
  'How do I compute a moving average in TypeScript? Please show code.',
  '如何在 TypeScript 中计算移动平均值？请给出代码，并说明窗口大小的选择。',
  [
    '```ts',
    'export function movingAverage(values: number[], window: number): number[] {',
    '  if (window <= 0) throw new RangeError("window must be positive"); // 窗口必须为正',
    '  return values.map((_, i) => values.slice(Math.max(0, i - window + 1), i + 1).reduce((a, b) => a + b, 0) / Math.min(window, i + 1));',
    '}',
    '```',
  ].join('\n'),
  '## 结论\n\n- Keep functions small; prefer `const` over `let`.\n- 先写测试，再写代码。\n\n> Note: the API key is kept in secret storage.',
  'Tool read_file: Read the contents of a file. Parameters: {"filePath": "absolute path", "startLine": 1, "endLine": 200}',
];

function time(count: (text: string) => number): number {
  const started = performance.now();
  let total = 0;
  for (let i = 0; i < CALLS; i++) total += count(TEXTS[i % TEXTS.length] ?? '');
  const elapsed = performance.now() - started;
  if (total <= 0) throw new Error('nothing counted');
  return elapsed;
}

export default function tokenCountBench(): Promise<BenchResult[]> {
  for (const text of TEXTS) {
    if (countTokens(text) !== serviceCount(text)) throw new Error(`the counts differ on ${JSON.stringify(text.slice(0, 40))}`);
  }
  time(countTokens);
  time(serviceCount);
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(time(countTokens));
    baseline.push(time(serviceCount));
  }
  return Promise.resolve([
    compared(
      `token count: ${CALLS.toLocaleString('en')} calls on mixed Chinese, English and code, vs the local service's regular expression`,
      median(ours),
      median(baseline),
      'ms',
      ratioAtMost(
        1,
        "VS Code's chat counts every message and tool description of every request: the provider's count may be no slower than the one regular expression that states the same rule.",
      ),
    ),
  ]);
}
