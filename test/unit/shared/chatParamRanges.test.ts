// One definition of the chat parameters' ranges (src/shared/chatParamRanges.ts) drives the request builder, the
// parameter panel's checks and what the READMEs say; these tests hold the three to it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildChatBody } from '../../../src/core/chat/chatRequest';
import { checkParam, paramRangesFor } from '../../../src/core/conversations/paramRanges';
import { chatParamSpecs, specRangeText } from '../../../src/shared/chatParamRanges';

const root = path.join(__dirname, '..', '..', '..');
const specs = Object.entries(chatParamSpecs);
const base = { model: 'svc_llm', messages: [{ role: 'user' as const, content: 'hi' }] };

/** Values just inside and just outside each bound, from the definition alone. */
function probes(spec: (typeof chatParamSpecs)[keyof typeof chatParamSpecs]): { inside: number[]; outside: number[] } {
  const nudge = spec.integer ? 1 : 1e-4;
  return {
    inside: [spec.minExclusive ? spec.min + nudge : spec.min, spec.maxExclusive ? spec.max - nudge : spec.max],
    outside: [spec.minExclusive ? spec.min : spec.min - nudge, spec.maxExclusive ? spec.max : spec.max + nudge],
  };
}

describe('chat parameter ranges, one definition', () => {
  for (const [name, spec] of specs) {
    it(`${spec.wireName} ${specRangeText(spec)}: the request builder and the panel's check agree with the definition`, () => {
      const { inside, outside } = probes(spec);
      const range = paramRangesFor(spec.defaults.language === undefined)[name as keyof typeof chatParamSpecs];
      assert.ok(range, `${name} is offered for a model that has a default for it`);
      for (const value of inside) {
        assert.equal(buildChatBody({ ...base, [spec.wireName]: value }, true)[spec.wireName], value);
        assert.equal(checkParam(range, value), undefined);
      }
      for (const value of outside) {
        assert.throws(() => buildChatBody({ ...base, [spec.wireName]: value }, true), (error: Error) => error.message.includes(specRangeText(spec)));
        assert.ok(checkParam(range, value)?.includes(specRangeText(spec)));
      }
    });
  }

  it('the defaults offered per model are the definition\'s', () => {
    for (const vision of [false, true]) {
      for (const [name, range] of Object.entries(paramRangesFor(vision))) {
        const spec = chatParamSpecs[name as keyof typeof chatParamSpecs];
        assert.equal(range?.defaultValue, vision ? spec.defaults.vision : spec.defaults.language, `${name} for ${vision ? 'svc_vl' : 'svc_llm'}`);
      }
    }
  });

  it('README.md and service/README.md state every range as the definition does', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const serviceReadme = readFileSync(path.join(root, 'service', 'README.md'), 'utf8').replace(/\s+/g, ' ');
    for (const [, spec] of specs) {
      assert.ok(readme.includes(`${spec.wireName} \`${specRangeText(spec)}\``), `README.md: ${spec.wireName} \`${specRangeText(spec)}\``);
      assert.ok(serviceReadme.includes(`\`${spec.wireName}\` ${specRangeText(spec)}`), `service/README.md: \`${spec.wireName}\` ${specRangeText(spec)}`);
    }
  });
});
