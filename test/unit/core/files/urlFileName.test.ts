// The name an image address shows as: decoded when it can be, kept raw (never a URIError) when it cannot.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeDecode, urlFileName } from '../../../../src/core/files/urlFileName';

describe('urlFileName', () => {
  it('decodes the last path segment', () => {
    assert.equal(urlFileName(new URL('https://example.com/pics/%E7%8C%AB%20cat.png')), '猫 cat.png');
  });

  it('keeps a malformed percent-encoding raw instead of throwing', () => {
    assert.equal(urlFileName(new URL('https://example.com/a/%E0%A4%A.png')), '%E0%A4%A.png');
    assert.equal(urlFileName(new URL('https://example.com/100%.png')), '100%.png');
  });

  it('falls back to the host name when the path has no file name', () => {
    assert.equal(urlFileName(new URL('https://img.example.com/')), 'img.example.com');
  });

  it('safeDecode never throws', () => {
    assert.equal(safeDecode('%'), '%');
    assert.equal(safeDecode('a%20b'), 'a b');
  });
});
