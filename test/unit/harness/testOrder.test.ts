// npm test's order of test files: a seed from --seed or MAAS_TEST_SEED (else a random one) shuffles them, and the same
// seed gives the same order again, whatever order the files were listed in, so a failing order can be replayed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { orderer, parseSeed, seedFrom, seedLine, shuffled } from '../../harness/testOrder';

const files = Array.from({ length: 12 }, (_, i) => `test/host/file${String(i).padStart(2, '0')}.test.ts`);

describe('test order', () => {
  it('takes the seed from --seed N or --seed=N, before MAAS_TEST_SEED, and leaves the layer names', () => {
    assert.deepEqual(seedFrom(['unit', '--seed', '42', 'host'], {}), { seed: 42, rest: ['unit', 'host'] });
    assert.deepEqual(seedFrom(['--seed=7'], { MAAS_TEST_SEED: '9' }), { seed: 7, rest: [] });
    assert.deepEqual(seedFrom(['browser'], { MAAS_TEST_SEED: '9' }), { seed: 9, rest: ['browser'] });
  });

  it('draws a fresh seed when none is given, and refuses one that is not a whole number below 2^32', () => {
    const drawn = new Set(Array.from({ length: 20 }, () => seedFrom([], {}).seed));
    assert.ok(drawn.size > 1, 'a new seed each run');
    for (const seed of drawn) assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32);
    for (const bad of ['-1', '1.5', 'abc', '', String(2 ** 32)]) assert.throws(() => parseSeed(bad, '--seed'), /whole number/);
    assert.throws(() => seedFrom(['--seed'], {}), /needs a number/);
    assert.throws(() => seedFrom([], { MAAS_TEST_SEED: 'x' }), /MAAS_TEST_SEED/);
  });

  it('gives the same order for the same seed, whatever order the files came in, and other orders for other seeds', () => {
    const once = shuffled(files, 1234);
    assert.deepEqual(shuffled([...files].reverse(), 1234), once);
    assert.deepEqual([...once].sort(), files, 'every file once');
    const orders = new Set(Array.from({ length: 20 }, (_, seed) => shuffled(files, seed).join()));
    assert.ok(orders.size >= 19, `20 seeds gave ${orders.size} orders`);
  });

  it('puts each file first about as often as the others over many seeds', () => {
    const first = new Map<string, number>();
    for (let seed = 0; seed < 2400; seed++) {
      const head = shuffled(files, seed)[0] ?? '';
      first.set(head, (first.get(head) ?? 0) + 1);
    }
    assert.equal(first.size, files.length);
    for (const [file, count] of first) assert.ok(count > 120 && count < 280, `${file} first ${count} times of 2400`);
  });

  it('orders successive lists from one seed the same way on replay (the in-host suite and its tests)', () => {
    const run = (seed: number): string[][] => {
      const order = orderer(seed);
      return [order(files), order(['b', 'a', 'c']), order(files)];
    };
    assert.deepEqual(run(5), run(5));
    assert.notDeepEqual(run(5)[0], run(5)[2], 'the second list of files continues the sequence');
  });

  it('prints the seed with the command that replays it', () => {
    assert.match(seedLine(31), /^seed 31 .*npm test -- --seed 31.*MAAS_TEST_SEED=31/);
  });
});
