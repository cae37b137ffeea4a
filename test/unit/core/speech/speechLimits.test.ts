// The real-time synthesis cap: no piece sent to real-time synthesis is past it, whatever the threshold setting says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REALTIME_MAX_CHARS, characterCount, effectiveThreshold, isLongText, speechPieces } from '../../../../src/core/speech/speechLimits';

const sentence = 'This sentence has exactly fifty characters in it!! ';

describe('speech limits', () => {
  it('a threshold past the real-time limit is capped to it', () => {
    assert.equal(effectiveThreshold(300), 300);
    assert.equal(effectiveThreshold(100_000), REALTIME_MAX_CHARS);
  });

  it('a 1,500-character text under a 5,000 threshold is long text, read in pieces within the limit', () => {
    const text = sentence.repeat(30).trim();
    assert.ok(characterCount(text) > REALTIME_MAX_CHARS && characterCount(text) < 5000);
    assert.equal(isLongText(text, 5000), true);
    const pieces = speechPieces(text, 5000);
    assert.ok(pieces.length > 1);
    assert.ok(pieces.every((p) => characterCount(p) <= REALTIME_MAX_CHARS));
  });

  it('one unbroken run of 2,500 CJK characters is still cut within the limit', () => {
    const text = '汉'.repeat(2500);
    const pieces = speechPieces(text, 100_000);
    assert.ok(pieces.every((p) => characterCount(p) <= REALTIME_MAX_CHARS));
    assert.equal(pieces.join(''), text);
  });

  it('a text within the threshold is one piece; counting is by code point', () => {
    assert.deepEqual(speechPieces('Short.', 300), ['Short.']);
    assert.equal(characterCount('😀😀'), 2);
    assert.equal(isLongText('😀'.repeat(300), 300), false);
  });
});
