// Parameter checks against the model's ranges, and the placeholders of localised strings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamRangeView } from '../../../src/shared/protocol';
import { formatString } from '../../../src/webview/formatString';
import { checkParam, describeRange } from '../../../src/webview/paramValidation';

const temperature: ParamRangeView = { min: 0, max: 2, minExclusive: true, maxExclusive: false, step: 0.1, defaultValue: 0.7, integer: false };
const maxTokens: ParamRangeView = { min: 1, max: 8192, minExclusive: false, maxExclusive: true, step: 1, defaultValue: 2048, integer: true };

describe('checkParam', () => {
  it('honours exclusive and inclusive bounds', () => {
    assert.deepEqual(checkParam('0', temperature), { ok: false, reason: 'outOfRange' });
    assert.deepEqual(checkParam('0.01', temperature), { ok: true, value: 0.01 });
    assert.deepEqual(checkParam('2', temperature), { ok: true, value: 2 });
    assert.deepEqual(checkParam('1', maxTokens), { ok: true, value: 1 });
    assert.deepEqual(checkParam('8192', maxTokens), { ok: false, reason: 'outOfRange' });
  });

  it('refuses non-numbers and non-integers where an integer is required', () => {
    assert.deepEqual(checkParam('', temperature), { ok: false, reason: 'notANumber' });
    assert.deepEqual(checkParam('abc', temperature), { ok: false, reason: 'notANumber' });
    assert.deepEqual(checkParam('Infinity', temperature), { ok: false, reason: 'notANumber' });
    assert.deepEqual(checkParam('10.5', maxTokens), { ok: false, reason: 'notAnInteger' });
  });

  it('describes ranges in notation that needs no translation', () => {
    assert.equal(describeRange(temperature), '(0, 2]');
    assert.equal(describeRange(maxTokens), '[1, 8192)');
  });
});

describe('formatString', () => {
  it('fills numbered placeholders and leaves unknown ones', () => {
    assert.equal(formatString('Retrying in {0} s (attempt {1} of {2})', 3, 1, 4), 'Retrying in 3 s (attempt 1 of 4)');
    assert.equal(formatString('{1} before {0}, {5} stays', 'a', 'b'), 'b before a, {5} stays');
  });
});
