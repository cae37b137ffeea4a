// The deterministic local responder: a Markdown answer in the language of the question (Chinese when the question,
// outside what it quotes, contains Han characters), long enough to exercise streaming, with a fenced code block when asked about code and a
// short <think> block when the question says "think"/"思考". `repeat:` and `repeat-base64:` answer with exactly
// the given text (the base64 form lets a test make the answer carry a sensitive word the request does not).
import { withoutQuotedBlocks } from './quotedText';

export interface ResponderInput {
  readonly question: string;
  /** Number of user turns so far, the new one included. */
  readonly turn: number;
  /** One line per image received (svc_vl), already describing the decoded bytes. */
  readonly imageLines: readonly string[];
}

const REPEAT_RE = /^\s*(?:repeat|重复)\s*[:：]\s?([\s\S]*)$/i;
const REPEAT_BASE64_RE = /^\s*repeat-base64\s*[:：]\s*([A-Za-z0-9+/=\s]+)$/i;
const CODE_RE = /code|function|program|script|typescript|javascript|python|代码|函数|程序|脚本/i;
const THINK_RE = /think|思考/i;

/** Whether the user wrote in Chinese: the words outside what the message quotes (a selection may be in any language). */
export function isChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(withoutQuotedBlocks(text));
}

export function respond(input: ResponderInput): string {
  const repeatBase64 = REPEAT_BASE64_RE.exec(input.question);
  if (repeatBase64?.[1]) return Buffer.from(repeatBase64[1].replace(/\s+/g, ''), 'base64').toString('utf8');
  const repeat = REPEAT_RE.exec(input.question);
  if (repeat) return repeat[1] ?? '';
  const zh = isChinese(input.question);
  const think = THINK_RE.test(input.question) ? thinkBlock(zh) : '';
  const body = input.imageLines.length > 0 ? visionAnswer(input, zh) : textAnswer(input, zh);
  return `${think}${body}`;
}

function thinkBlock(zh: boolean): string {
  const reasoning = zh
    ? '先弄清问题的目标,再列出约束条件,最后给出一个简单可行的方案。'
    : 'First pin down the goal, then list the constraints, then pick the simplest plan that works.';
  return `<think>${reasoning}</think>\n\n`;
}

function quote(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function textAnswer(input: ResponderInput, zh: boolean): string {
  const code = CODE_RE.test(input.question);
  return zh ? chineseAnswer(input, code) : englishAnswer(input, code);
}

function englishAnswer(input: ResponderInput, code: boolean): string {
  const parts = [
    `You asked: "${quote(input.question)}" (turn ${input.turn} of this conversation). Here is a structured answer from the local responder, written so that the stream carries a realistic amount of Markdown.`,
    'A good answer starts from the goal, checks the constraints that matter, and then chooses the simplest approach that satisfies them. The points below follow that order, and each one can be checked on its own before moving to the next.',
    [
      'Key points:',
      '',
      '1. **Clarify the goal.** State in one sentence what a finished result looks like, and who will use it.',
      '2. **List the constraints.** Time, memory, compatibility and security limits decide which options are open at all.',
      '3. **Start small.** Build the smallest version that shows the idea works, then grow it in steps that each keep it working.',
      '4. **Verify.** Write a check that would fail if the result were wrong, and run it after every change.',
      '- Keep notes of what you tried, so that the next person does not repeat it.',
      '- Prefer well-kept libraries over hand-written code for common tasks.',
    ].join('\n'),
  ];
  if (code) parts.push(['A small example in TypeScript:', '', '```typescript', ...CODE_SAMPLE, '```'].join('\n'));
  parts.push(
    'In summary: be precise about the goal, honest about the constraints, and quick to test. That combination turns most open questions into a sequence of small, checkable steps.',
  );
  return parts.join('\n\n');
}

function chineseAnswer(input: ResponderInput, code: boolean): string {
  const parts = [
    `您的问题是:“${quote(input.question)}”(本次对话第 ${input.turn} 轮)。下面是本地应答器给出的结构化回答,篇幅足以检验流式输出。`,
    '一个好的回答通常先明确目标,再核对关键的约束条件,最后选择能够满足这些条件的最简单方案。下面的要点按这个顺序展开,每一点都可以单独检验。',
    [
      '要点如下:',
      '',
      '1. **明确目标。** 用一句话说明完成后的结果是什么样子,以及谁会使用它。',
      '2. **列出约束。** 时间、内存、兼容性和安全方面的限制决定了哪些方案可行。',
      '3. **从小处开始。** 先做出能证明思路可行的最小版本,再一步步扩展,每一步都保持可用。',
      '4. **及时验证。** 写一个在结果错误时会失败的检查,并在每次修改后运行它。',
      '- 记录尝试过的做法,避免后来的人重复劳动。',
      '- 常见任务优先使用维护良好的库,而不是手写代码。',
    ].join('\n'),
  ];
  if (code) parts.push(['下面是一个 TypeScript 小例子:', '', '```typescript', ...CODE_SAMPLE, '```'].join('\n'));
  parts.push('总之:目标要清楚,约束要如实,验证要及时。这样,大多数开放的问题都能变成一连串可以检验的小步骤。');
  return parts.join('\n\n');
}

const CODE_SAMPLE = [
  '/** Returns the n-th Fibonacci number, iteratively. */',
  'export function fibonacci(n: number): number {',
  '  let [a, b] = [0, 1];',
  '  for (let i = 0; i < n; i++) [a, b] = [b, a + b];',
  '  return a;',
  '}',
];

function visionAnswer(input: ResponderInput, zh: boolean): string {
  const intro = zh
    ? `您的问题是:“${quote(input.question)}”。我收到了 ${input.imageLines.length} 张图片:`
    : `You asked: "${quote(input.question)}". I received ${input.imageLines.length} image(s):`;
  const list = input.imageLines.map((line) => `- ${line}`).join('\n');
  const outro = zh
    ? '以上属性直接取自收到的图片字节(格式按文件头识别,尺寸和主色调来自解码后的像素),可用来确认图片完整送达。'
    : 'These properties come from the bytes received (format sniffed from the file header, size and dominant colour from the decoded pixels), so they show whether the image arrived intact.';
  return `${intro}\n\n${list}\n\n${outro}`;
}
