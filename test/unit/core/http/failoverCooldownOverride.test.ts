// The failover cool-down the extension host's environment may shorten (the end-to-end scenarios do): only a whole
// number of milliseconds up to the default is taken; anything else is refused with words for the log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETRY_POLICY } from '../../../../src/core/http/backoff';
import { FAILOVER_COOLDOWN_VARIABLE, failoverCooldownOverride } from '../../../../src/core/http/failoverCooldownOverride';

const withValue = (value: string | undefined): NodeJS.ProcessEnv => ({ [FAILOVER_COOLDOWN_VARIABLE]: value });

describe('failoverCooldownOverride', () => {
  it('takes nothing from an environment without the variable, or with it empty', () => {
    assert.deepEqual(failoverCooldownOverride({}), { kind: 'none' });
    assert.deepEqual(failoverCooldownOverride(withValue('  ')), { kind: 'none' });
  });

  it('takes a whole number of milliseconds from 1 to the default cool-down', () => {
    assert.deepEqual(failoverCooldownOverride(withValue('1500')), { kind: 'set', retry: { failoverCooldownMs: 1500 } });
    assert.deepEqual(failoverCooldownOverride(withValue(' 1 ')), { kind: 'set', retry: { failoverCooldownMs: 1 } });
    const max = DEFAULT_RETRY_POLICY.failoverCooldownMs;
    assert.deepEqual(failoverCooldownOverride(withValue(String(max))), { kind: 'set', retry: { failoverCooldownMs: max } });
  });

  for (const value of ['0', '-5', '1.5', '2e3', 'soon', String(DEFAULT_RETRY_POLICY.failoverCooldownMs + 1)]) {
    it(`refuses ${JSON.stringify(value)}, saying what it takes and that the cool-down stays the default`, () => {
      const result = failoverCooldownOverride(withValue(value));
      assert.equal(result.kind, 'invalid');
      assert.equal(
        result.kind === 'invalid' ? result.message : '',
        `${FAILOVER_COOLDOWN_VARIABLE}=${JSON.stringify(value)} is not a whole number of milliseconds from 1 to 30000; the failover cool-down stays 30000 ms.`,
      );
    });
  }
});
