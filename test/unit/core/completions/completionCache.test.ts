// The completion cache: typing through a suggestion, or deleting and typing again, finds the suggestion without a
// request; another place, another document or changed code after the cursor does not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionCache } from '../../../../src/core/completions/completionCache';

const PATH = 'src/cart.ts';
const PREFIX = 'export function total(items: Item[]): number {\n  return ';
const SUFFIX = '\n}\n';
const at = (prefix: string, suffix = SUFFIX, path = PATH): { path: string; prefix: string; suffix: string } => ({ path, prefix, suffix });

function cacheWithOne(): CompletionCache {
  const cache = new CompletionCache();
  cache.set(at(PREFIX), 'items.length;');
  return cache;
}

describe('the completion cache', () => {
  it('answers the position it was made for', () => {
    assert.equal(cacheWithOne().get(at(PREFIX)), 'items.length;');
  });

  it('answers each position typed through the suggestion with the rest of it', () => {
    const cache = cacheWithOne();
    assert.equal(cache.get(at(`${PREFIX}i`)), 'tems.length;');
    assert.equal(cache.get(at(`${PREFIX}items.`)), 'length;');
    assert.equal(cache.get(at(`${PREFIX}items.length`)), ';');
  });

  it('answers again after the typed characters are deleted and typed again', () => {
    const cache = cacheWithOne();
    assert.equal(cache.get(at(`${PREFIX}items.x`)), undefined, 'typing away from the suggestion');
    cache.set(at(`${PREFIX}items.x`), '.y;');
    assert.equal(cache.get(at(`${PREFIX}items.`)), 'length;', 'deleted back to the suggestion');
    assert.equal(cache.get(at(`${PREFIX}items.x`)), '.y;', 'typed again');
  });

  it('does not answer when the whole suggestion was typed, elsewhere, in another document, or with other code after the cursor', () => {
    const cache = cacheWithOne();
    assert.equal(cache.get(at(`${PREFIX}items.length;`)), undefined);
    assert.equal(cache.get(at(PREFIX.replace('return ', 'return  '))), undefined);
    assert.equal(cache.get(at(PREFIX, SUFFIX, 'src/other.ts')), undefined);
    assert.equal(cache.get(at(PREFIX, '\n}\n// more\n')), undefined);
    assert.equal(cache.get(at(PREFIX.slice(0, -1))), undefined);
  });

  it('remembers that nothing fits at a position, so it is not asked again', () => {
    const cache = new CompletionCache();
    cache.set(at(PREFIX), '');
    assert.equal(cache.get(at(PREFIX)), '');
    assert.equal(cache.get(at(`${PREFIX}x`)), undefined);
  });

  it('types through a long window whose first lines dropped out as the cursor line grew', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `  const value${i} = compute(${i});`);
    const before = `${lines.join('\n')}\n  return `;
    const cache = new CompletionCache();
    cache.set(at(before), 'value59 + value58;');
    const later = `${lines.slice(1).join('\n')}\n  return value59 +`;
    assert.equal(cache.get(at(later)), ' value58;');
  });

  it('keeps the most recently used entries', () => {
    const cache = new CompletionCache(2);
    cache.set(at('a'), '1');
    cache.set(at('b'), '2');
    assert.equal(cache.get(at('a')), '1');
    cache.set(at('c'), '3');
    assert.equal(cache.get(at('b')), undefined);
    assert.equal(cache.get(at('a')), '1');
    assert.equal(cache.get(at('c')), '3');
  });
});
