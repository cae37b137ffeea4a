// One window polls a long task: a lease held by another window keeps this one off until it expires.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leaseHolder, releaseLease, takeLease } from '../../../../src/core/speech/taskLeases';

describe('task leases', () => {
  it('a free task is taken; another window cannot take it until the lease expires', () => {
    const taken = takeLease({}, 't1', 'window-a', 1_000, 30_000);
    assert.deepEqual(taken, { t1: { owner: 'window-a', expiresAt: 31_000 } });
    assert.equal(takeLease(taken ?? {}, 't1', 'window-b', 30_999, 30_000), undefined);
    assert.equal(leaseHolder(taken ?? {}, 't1', 30_999), 'window-a');
    assert.deepEqual(takeLease(taken ?? {}, 't1', 'window-b', 31_000, 30_000), { t1: { owner: 'window-b', expiresAt: 61_000 } });
  });

  it('the holder renews its own lease', () => {
    const taken = takeLease({}, 't1', 'window-a', 0, 30_000) ?? {};
    assert.deepEqual(takeLease(taken, 't1', 'window-a', 20_000, 30_000), { t1: { owner: 'window-a', expiresAt: 50_000 } });
  });

  it("release drops only the holder's own lease; taking one prunes expired ones", () => {
    const leases = { t1: { owner: 'window-a', expiresAt: 50 }, t2: { owner: 'window-b', expiresAt: 10_000 } };
    assert.deepEqual(releaseLease(leases, 't2', 'window-a'), leases, "not window-a's to release");
    assert.deepEqual(releaseLease(leases, 't2', 'window-b'), { t1: leases.t1 });
    assert.deepEqual(Object.keys(takeLease(leases, 't3', 'window-a', 100, 1_000) ?? {}).sort(), ['t2', 't3']);
  });
});
