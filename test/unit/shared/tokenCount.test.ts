// The local token count against the local service's own usage rule, on mixed Chinese, English and code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTokens } from '../../../src/shared/tokenCount';
import { countTokens as serviceCount } from '../../../service/src/chat/tokenCount';

const mixed = [
  'How do I compute a moving average? 如何计算移动平均值？',
  'export function movingAverage(values: number[], window: number): number[] {\n  if (window <= 0) throw new RangeError("window");\n  return values.map((v, i) => v / (i + 1)); // 平均\n}',
  '## 结论\n\n- 先写测试，再写代码。\n- Keep functions small; prefer `const` over `let`.\n\n```py\nprint(sum(x * 2 for x in range(10)))\n```',
  'Ünïcödé café — résumé; Привет мир; こんにちは世界; 안녕하세요 🙂 𠀀𠀁 ١٢٣',
  '',
  '   \n\t ',
];

describe('the local token count', () => {
  it("matches the local service's usage count on mixed Chinese, English and code (within 15 %, here exactly)", () => {
    for (const text of mixed) {
      const expected = serviceCount(text);
      const got = countTokens(text);
      assert.ok(Math.abs(got - expected) <= Math.ceil(expected * 0.15), `${got} vs ${expected} for ${JSON.stringify(text.slice(0, 40))}`);
      assert.equal(got, expected, JSON.stringify(text.slice(0, 40)));
    }
  });

  it('counts a long mixed text the same way, token for token', () => {
    const long = mixed.join('\n').repeat(200);
    assert.equal(countTokens(long), serviceCount(long));
  });
});
