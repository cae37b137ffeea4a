// The README's commands layer of `npm test`: every command of the README's shell blocks, run from this checkout
// as a user runs it, in a quick form (readmeRuns.ts says which and how), one after the other.
import { describe, it } from 'node:test';
import { readmeRuns } from './readmeRuns';

describe("the README's commands", () => {
  for (const { command, how, run } of readmeRuns) it(`${command}: ${how}`, run);
});
