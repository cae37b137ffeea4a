// A deterministic source of numbers for test orders: the same seed gives the same sequence on every machine, so a
// shuffled test order can be replayed.

/**
 * Numbers in [0, 1) from a 32-bit seed (mulberry32: small and well mixed; not for anything secret).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
