import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, DEFAULT_RETRY_POLICY, retryDelay } from '../../../../src/core/http/backoff';
import { BaseUrlSelector } from '../../../../src/core/http/baseUrlSelector';
import { parseRetryAfter } from '../../../../src/core/http/classifyError';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delay-seconds', () => {
    assert.equal(parseRetryAfter('1', now), 1000);
    assert.equal(parseRetryAfter(' 120 ', now), 120_000);
    assert.equal(parseRetryAfter('0', now), 0);
  });
  it('reads an HTTP date relative to now, and a past date as 0', () => {
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now), 0);
  });
  it('ignores absent and unparseable values', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('', now), undefined);
    assert.equal(parseRetryAfter('-1', now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
  });
  it('takes the first of repeated headers', () => {
    assert.equal(parseRetryAfter(['2', '9'], now), 2000);
  });
});

describe('backoffDelay', () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 8000 };
  it('doubles per retry, between half and all of the ceiling', () => {
    for (const [retry, ceiling] of [
      [1, 500],
      [2, 1000],
      [3, 2000],
      [4, 4000],
      [5, 8000],
    ] as const) {
      assert.equal(
        backoffDelay(retry, policy, () => 0),
        ceiling / 2,
      );
      assert.equal(
        backoffDelay(retry, policy, () => 1),
        ceiling,
      );
    }
  });
  it('never exceeds maxDelayMs however many retries', () => {
    assert.equal(
      backoffDelay(40, policy, () => 1),
      8000,
    );
    assert.equal(
      backoffDelay(40, policy, () => 0),
      4000,
    );
  });
  it('prefers the server Retry-After over the backoff', () => {
    assert.equal(
      retryDelay(1, DEFAULT_RETRY_POLICY, 2500, () => 0),
      2500,
    );
    assert.equal(
      retryDelay(1, DEFAULT_RETRY_POLICY, undefined, () => 0),
      250,
    );
  });
});

describe('BaseUrlSelector', () => {
  it('moves to the alternative while the primary cools down, then back to the primary', () => {
    let now = 0;
    const selector = new BaseUrlSelector('http://p', 'http://a', 1000, () => now);
    assert.equal(selector.current(), 'http://p');
    selector.markFailed('http://p');
    assert.equal(selector.current(), 'http://a');
    assert.equal(selector.use('http://a'), true);
    now = 999;
    assert.equal(selector.current(), 'http://a');
    now = 1000;
    assert.equal(selector.current(), 'http://p');
    assert.equal(selector.use('http://p'), true);
    assert.equal(selector.use('http://p'), false);
  });
  it('stays on the primary when there is no alternative', () => {
    const selector = new BaseUrlSelector('http://p', undefined, 1000, () => 0);
    selector.markFailed('http://p');
    assert.equal(selector.current(), 'http://p');
  });
  it('picks the base URL that recovers first when both are cooling down', () => {
    let now = 0;
    const selector = new BaseUrlSelector('http://p', 'http://a', 1000, () => now);
    selector.markFailed('http://p');
    now = 10;
    selector.markFailed('http://a');
    assert.equal(selector.current(), 'http://p');
  });
});
