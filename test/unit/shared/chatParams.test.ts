// One definition of the chat parameters' ranges (src/shared/chatParams.ts) drives the request builder, the
// host's and the parameter panel's checks and what service/README.md says; these tests hold them to it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildChatBody } from '../../../src/core/chat/chatRequest';
import {
  chatParamNames,
  chatParamSpec,
  chatParamSpecs,
  paramProblem,
  paramRangesFor,
  parseParamInput,
  rangeText,
  readRange,
  type ChatParamName,
  type ChatParamSpec,
} from '../../../src/shared/chatParams';

const root = path.join(__dirname, '..', '..', '..');
const specs = chatParamNames().map((name): [ChatParamName, ChatParamSpec] => [name, chatParamSpec(name)]);
const base = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'hi' }] };

/** Values just inside and just outside each bound, from the definition alone. */
function probes(spec: ChatParamSpec): { inside: number[]; outside: number[] } {
  const nudge = spec.integer ? 1 : 1e-4;
  return {
    inside: [spec.minExclusive ? spec.min + nudge : spec.min, spec.maxExclusive ? spec.max - nudge : spec.max],
    outside: [spec.minExclusive ? spec.min : spec.min - nudge, spec.maxExclusive ? spec.max : spec.max + nudge],
  };
}

describe('chat parameter ranges, one definition', () => {
  for (const [name, spec] of specs) {
    it(`${spec.wireName} ${rangeText(spec)}: the request builder and the panel's check agree with the definition`, () => {
      const { inside, outside } = probes(spec);
      const range = paramRangesFor('language' in spec.defaults ? 'language' : 'vision')[name];
      assert.ok(range, `${name} is offered for a model that has a default for it`);
      for (const value of inside) {
        assert.equal((buildChatBody({ ...base, [spec.wireName]: value }, true) as unknown as Record<string, unknown>)[spec.wireName], value);
        assert.equal(paramProblem(range, value), undefined);
        assert.deepEqual(parseParamInput(` ${value} `, range), { ok: true, value });
      }
      for (const value of outside) {
        assert.throws(
          () => buildChatBody({ ...base, [spec.wireName]: value }, true),
          (error: Error) => error.message.includes(rangeText(spec)),
        );
        assert.equal(paramProblem(range, value), 'outOfRange');
        assert.deepEqual(parseParamInput(String(value), range), { ok: false, reason: 'outOfRange' });
      }
    });
  }

  it('gives each model its parameters and the spec defaults', () => {
    // Spec 4.1: max_tokens is the language model's, repetition_penalty the vision model's; both take the other two.
    const language = Object.keys(paramRangesFor('language'));
    const vision = Object.keys(paramRangesFor('vision'));
    for (const name of ['temperature', 'topP', 'maxTokens']) assert.ok(language.includes(name), `language takes ${name}`);
    for (const name of ['temperature', 'topP', 'repetitionPenalty']) assert.ok(vision.includes(name), `vision takes ${name}`);
    assert.ok(!language.includes('repetitionPenalty') && !vision.includes('maxTokens'));
    assert.equal(paramRangesFor('language').maxTokens?.defaultValue, 3000);
    assert.equal(paramRangesFor('vision').temperature?.defaultValue, 1);
  });

  it('refuses blanks, non-numbers and fractions where a whole number is required', () => {
    const llm = paramRangesFor('language');
    assert.deepEqual(parseParamInput('', llm.temperature!), { ok: false, reason: 'notANumber' });
    assert.deepEqual(parseParamInput('abc', llm.temperature!), { ok: false, reason: 'notANumber' });
    assert.deepEqual(parseParamInput('Infinity', llm.temperature!), { ok: false, reason: 'notANumber' });
    assert.deepEqual(parseParamInput('10.5', llm.maxTokens!), { ok: false, reason: 'notAnInteger' });
    assert.equal(paramProblem(llm.maxTokens!, 10.5), 'notAnInteger');
  });

  it('writes ranges as the spec does, in notation that needs no translation', () => {
    const llm = paramRangesFor('language');
    assert.equal(rangeText(llm.temperature!), '[0.01, 1.00]');
    assert.equal(rangeText(llm.topP!), '(0.0, 1.0)');
    assert.equal(rangeText(llm.maxTokens!), '[1, 8192]');
    assert.equal(rangeText(paramRangesFor('vision').repetitionPenalty!), '(1.0, 2.0)');
  });

  it("the defaults offered per model are the definition's", () => {
    for (const family of ['language', 'vision'] as const) {
      for (const [name, range] of Object.entries(paramRangesFor(family))) {
        const spec = chatParamSpec(name as ChatParamName);
        assert.equal(range?.defaultValue, spec.defaults[family], `${name} for ${family}`);
      }
    }
  });

  it('service/README.md states each range it gives as the definition does', () => {
    const serviceReadme = readFileSync(path.join(root, 'service', 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = specs.filter(([, spec]) => new RegExp(`\`${spec.wireName}\` [[(]\\d`).test(serviceReadme));
    assert.ok(stated.length >= 4, "the service README states the ranges of the spec's four parameters");
    for (const [, spec] of stated) {
      assert.ok(serviceReadme.includes(`\`${spec.wireName}\` ${rangeText(spec)}`), `service/README.md: \`${spec.wireName}\` ${rangeText(spec)}`);
    }
  });

  it('reads a range as the spec writes it, and writes each one back the same; anything else is refused', () => {
    assert.deepEqual(readRange('(0.0, 1.0)'), { min: 0, max: 1, minExclusive: true, maxExclusive: true, integer: false, decimals: 1 });
    assert.deepEqual(readRange('[1, 8192]'), { min: 1, max: 8192, minExclusive: false, maxExclusive: false, integer: true, decimals: 0 });
    for (const [name, spec] of specs) {
      assert.equal(rangeText(spec), chatParamSpecs[name].range, name);
      assert.equal(spec.step, Number(`1e-${spec.decimals}`), `${name}: one unit of its last decimal`);
    }
    for (const bad of ['[0.1, 1.00]', '0, 1', '[0,1]', '{0, 1}', '[a, 1]']) assert.throws(() => readRange(bad), /Not a range as the spec writes one/, bad);
  });
});
