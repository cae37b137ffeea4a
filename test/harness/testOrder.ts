// The order `npm test` runs test files (and, in the in-host mocha suite, tests) in: shuffled by a seed, printed at
// the start of every layer and in the summary, so that a test relying on another one running first fails, and the
// failing order can be replayed with `npm test -- --seed N` or `MAAS_TEST_SEED=N npm test`.

import { seededRandom } from './seededRandom';

/** The environment variable that carries the seed (to the in-host suite too, through code-server's environment). */
export const SEED_VARIABLE = 'MAAS_TEST_SEED';

/** Seeds are 32-bit unsigned integers: short to type, and all a shuffle of a few dozen files needs. */
const MAX_SEED = 2 ** 32;

/** Reads a seed as a user types it; anything but a whole number in [0, 2^32) is refused with the reason. */
export function parseSeed(text: string, from: string): number {
  const seed = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(seed) || seed >= MAX_SEED) throw new Error(`${from}: the seed must be a whole number from 0 to ${MAX_SEED - 1}, not "${text}".`);
  return seed;
}

/**
 * The run's seed: `--seed N` (or `--seed=N`) among `args`, else $MAAS_TEST_SEED, else a fresh random one.
 * Returns the arguments without the seed option.
 */
export function seedFrom(args: readonly string[], env: NodeJS.ProcessEnv): { seed: number; rest: string[] } {
  const rest: string[] = [];
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--seed') {
      const value = args[i + 1];
      if (value === undefined) throw new Error('--seed needs a number after it.');
      seed = parseSeed(value, '--seed');
      i += 1;
    } else if (arg.startsWith('--seed=')) seed = parseSeed(arg.slice('--seed='.length), '--seed');
    else rest.push(arg);
  }
  const fromEnv = env[SEED_VARIABLE];
  if (seed === undefined && fromEnv !== undefined && fromEnv !== '') seed = parseSeed(fromEnv, SEED_VARIABLE);
  return { seed: seed ?? Math.floor(Math.random() * MAX_SEED), rest };
}

/** Orders lists one after another from one seed: the n-th list gets the n-th stretch of the seed's sequence. */
export type Orderer = <T>(items: readonly T[], key?: (item: T) => string) => T[];

/**
 * Shuffles by `seed` (Fisher-Yates over the items sorted by `key`): the order depends only on the seed and the set of
 * items, never on how the file system lists a folder, so a seed replays the same order on any machine with the same
 * files. Successive calls continue the same sequence (the in-host suite orders its suites and their tests so).
 */
export function orderer(seed: number): Orderer {
  const next = seededRandom(seed);
  return <T>(items: readonly T[], key: (item: T) => string = String): T[] => {
    const result = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    for (let i = result.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [result[i], result[j]] = [result[j] as T, result[i] as T];
    }
    return result;
  };
}

/** One list in the order `seed` gives. */
export function shuffled<T>(items: readonly T[], seed: number, key?: (item: T) => string): T[] {
  return orderer(seed)(items, key);
}

/** The line every layer prints first, and the summary repeats: what to type to replay this order. */
export function seedLine(seed: number): string {
  return `seed ${seed} (replay this order: npm test -- --seed ${seed}, or ${SEED_VARIABLE}=${seed})`;
}
