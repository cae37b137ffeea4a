// One seeded generator for everything that must repeat itself from a seed: the test order and the benches' made-up
// input (a typing session, a history of conversations).

const TWO_TO_32 = 2 ** 32;

/**
 * Numbers in [0, 1) from a 32-bit seed (mulberry32: small and well mixed); the same seed gives the same sequence on
 * every machine.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_TO_32;
  };
}
