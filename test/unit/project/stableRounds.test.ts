// A benchmark row whose rounds spread widely takes rounds until its verdict is settled, and the page shows the spread:
// the median's interval, the stopping rule at its fewest and at its most rounds, and the row and its text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { atMost, ratioAtMost } from '../../../bench/benchResult';
import { resultTable, spreadText, verdict } from '../../../bench/performancePage';
import { comparedRounds, figureRounds, medianInterval, roundsUntilSettled, settled, untilSettled, type Round } from '../../../bench/stableRounds';

const target = ratioAtMost(1.2, 'Tolerance may cost a fifth.');
const rule = { min: 11, max: 41 };
const round = (ratio: number): Round => ({ value: 10 * ratio, baseline: 10 });

describe('bench rows of rounds: as many rounds as settle the verdict, and their spread on the page', () => {
  it("takes the median's 95% interval from the order statistics around it", () => {
    const values = Array.from({ length: 25 }, (_, i) => 25 - i);
    assert.deepEqual(medianInterval(values), { low: 8, high: 18 });
    assert.deepEqual(medianInterval([3, 1, 2]), { low: 1, high: 3 });
  });

  it('stops at the fewest rounds when every ratio lies on one side of the target', async () => {
    const rounds = await roundsUntilSettled(rule, target, () => round(1.05));
    assert.equal(rounds.length, 11);
    assert.equal(settled([1.3, 1.25, 1.4, 1.3, 1.35, 1.3], target), true, 'a settled miss is settled too');
  });

  it('adds rounds while the ratios straddle the target, up to the most, and says when that did not settle it', async () => {
    const straddling = await roundsUntilSettled(rule, target, (i) => round(i % 2 === 0 ? 1.0 : 1.4));
    assert.equal(straddling.length, 41);
    const row = comparedRounds('client: an answer end to end', straddling, 'ms', target);
    assert.equal(row.spread?.settled, false);
    assert.equal(spreadText(row), '1.00–1.40× in 41 rounds; median within 1.00–1.40×, not settled');

    // Noisy at first, then steady: more rounds than the fewest, fewer than the most.
    const noisy = [1.5, 1.5, 1.5, 1.5, 1.5];
    const steadying = await roundsUntilSettled(rule, target, (i) => round(noisy[i] ?? 1.05));
    assert.ok(steadying.length > 11 && steadying.length < 41, `${steadying.length} rounds`);
    assert.equal(verdict(comparedRounds('r', steadying, 'ms', target)), 'pass');
  });

  it("checks the median of the rounds' ratios, shows the medians of both sides, and prints the spread", () => {
    // Ratios 1.0, 1.1, 1.5: median 1.1; the medians of the sides (20 / 15) would say 1.33.
    const rounds: Round[] = [
      { value: 10, baseline: 10 },
      { value: 22, baseline: 20 },
      { value: 45, baseline: 30 },
    ];
    const row = comparedRounds('language-model provider: first text', rounds, 'ms', target);
    assert.equal(row.value, 22);
    assert.equal(row.baseline, 20);
    assert.equal(row.ratio?.toFixed(2), '1.10');
    assert.equal(verdict(row), 'pass');
    assert.match(resultTable([row]), /\| 1\.10× +\| 1\.00–1\.50× in 3 rounds; median within 1\.00–1\.50×, not settled +\| ≤ 1\.2× +\| — +\| pass +\|/);
  });

  it('takes rounds that feed several rows until every one of their verdicts is settled', async () => {
    const share = atMost(15, 'At most 15 % of the main thread.');
    const frames = atMost(0, 'No long frame.');
    // The share settles below 15 % from the start; the long frames straddle 0 for the first rounds, then stay at 0.
    const measured = [
      { share: 12, frames: 1 },
      { share: 12, frames: 0 },
      { share: 13, frames: 1 },
      { share: 12, frames: 0 },
      { share: 12, frames: 1 },
    ];
    const rounds = await untilSettled<{ share: number; frames: number }>(
      rule,
      (done) =>
        settled(
          done.map((r) => r.share),
          share,
        ) &&
        settled(
          done.map((r) => r.frames),
          frames,
        ),
      (i) => measured[i] ?? { share: 12, frames: 0 },
    );
    assert.ok(rounds.length > 11 && rounds.length < 41, `${rounds.length} rounds`);
    const shareRow = figureRounds(
      'webview: share',
      rounds.map((r) => r.share),
      '%',
      share,
    );
    assert.equal(shareRow.value, 12);
    assert.equal(verdict(shareRow), 'pass');
    assert.match(shareRow.detail ?? '', new RegExp(`^12 % to 13 % in ${rounds.length} rounds; median within 12 % to 12 %$`));
    const frameRow = figureRounds(
      'webview: long frames',
      rounds.map((r) => r.frames),
      'frames',
      frames,
      '3 in all',
    );
    assert.equal(frameRow.value, 0);
    assert.match(frameRow.detail ?? '', /^0 frames to 1 frames in \d+ rounds; median within 0 frames to 0 frames; 3 in all$/);

    // At the most rounds without settling, the row says so.
    const straddling = figureRounds('webview: share', [14, 16, 14, 16, 14, 16], '%', share);
    assert.match(straddling.detail ?? '', /, not settled$/);
  });
});
