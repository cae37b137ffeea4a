// Whether to offer VS Code's chat set-up and which steps it takes: the chat turned on only while it is off, a
// utility-model setting written only while it is unset, nothing offered that the host cannot finish, and a
// "Not now" that holds for the automatic offer but not for the command.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideChatSetup, describeChatSetupDecision, missingSteps, type ChatSetupFacts } from '../../../../src/core/nativeChat/chatSetupPlan';

/** A fresh profile of VS Code 1.139, signed out, with the key set. */
const fresh: ChatSetupFacts = {
  hasApiKey: true,
  nativeChatEnabled: true,
  aiFeaturesDisabled: false,
  chatExtensionEnabled: false,
  canEnableChat: true,
  utilityModels: { utilityModel: '', utilitySmallModel: '' },
  byokUtilityModelDefault: 'copilot',
  ourModel: 'maas/svc_llm',
  declined: false,
};

describe('the set-up of VS Code chat for the service model', () => {
  it('offers both steps on a fresh profile', () => {
    assert.deepEqual(decideChatSetup(fresh, false), {
      kind: 'offer',
      steps: { enableChat: true, utilitySettings: ['utilityModel', 'utilitySmallModel'] },
    });
  });

  it('offers only the utility models once the chat is on, and nothing once both are set', () => {
    assert.deepEqual(decideChatSetup({ ...fresh, chatExtensionEnabled: true }, false), {
      kind: 'offer',
      steps: { enableChat: false, utilitySettings: ['utilityModel', 'utilitySmallModel'] },
    });
    const set = { utilityModel: 'maas/svc_llm', utilitySmallModel: 'maas/svc_llm' };
    assert.deepEqual(decideChatSetup({ ...fresh, chatExtensionEnabled: true, utilityModels: set }, false), { kind: 'done' });
  });

  it('keeps a utility model the user chose, whichever it is, and writes only the one left unset', () => {
    assert.deepEqual(missingSteps({ ...fresh, utilityModels: { utilityModel: 'other/fast', utilitySmallModel: '' } }), {
      enableChat: true,
      utilitySettings: ['utilitySmallModel'],
    });
  });

  it('needs no utility model when the picked model already serves the background flows (mainAgent)', () => {
    assert.deepEqual(missingSteps({ ...fresh, byokUtilityModelDefault: 'mainAgent' }), { enableChat: true, utilitySettings: [] });
    assert.deepEqual(decideChatSetup({ ...fresh, byokUtilityModelDefault: 'mainAgent', chatExtensionEnabled: true }, false), { kind: 'done' });
  });

  it('leaves out the utility settings an older VS Code does not have', () => {
    assert.deepEqual(missingSteps({ ...fresh, utilityModels: {} }), { enableChat: true, utilitySettings: [] });
    assert.deepEqual(decideChatSetup({ ...fresh, utilityModels: {}, chatExtensionEnabled: true }, false), { kind: 'done' });
  });

  it('offers nothing half-done when the chat is off and the host cannot turn it on', () => {
    assert.deepEqual(decideChatSetup({ ...fresh, canEnableChat: false }, true), { kind: 'unavailable', reason: 'hostCannotEnable' });
    // With the chat already on, the missing command does not matter.
    assert.equal(decideChatSetup({ ...fresh, canEnableChat: false, chatExtensionEnabled: true }, false).kind, 'offer');
  });

  it('says why there is nothing to offer: no key, the native chat switched off, AI features off', () => {
    assert.deepEqual(decideChatSetup({ ...fresh, hasApiKey: false }, true), { kind: 'unavailable', reason: 'noApiKey' });
    assert.deepEqual(decideChatSetup({ ...fresh, nativeChatEnabled: false }, true), { kind: 'unavailable', reason: 'nativeChatOff' });
    assert.deepEqual(decideChatSetup({ ...fresh, aiFeaturesDisabled: true }, true), { kind: 'unavailable', reason: 'aiFeaturesOff' });
  });

  it('does not offer again after "Not now", but the command still sets up', () => {
    assert.deepEqual(decideChatSetup({ ...fresh, declined: true }, false), { kind: 'declined' });
    assert.equal(decideChatSetup({ ...fresh, declined: true }, true).kind, 'offer');
    // Nothing missing: done, whatever the user said.
    assert.deepEqual(decideChatSetup({ ...fresh, declined: true, chatExtensionEnabled: true, byokUtilityModelDefault: 'mainAgent' }, false), { kind: 'done' });
  });

  it("states each decision in the extension's log: the steps offered, or why none", () => {
    assert.equal(
      describeChatSetupDecision(decideChatSetup(fresh, false)),
      "offered: turn VS Code's chat on, set chat.utilityModel, set chat.utilitySmallModel",
    );
    assert.equal(
      describeChatSetupDecision(decideChatSetup({ ...fresh, chatExtensionEnabled: true }, false)),
      'offered: set chat.utilityModel, set chat.utilitySmallModel',
    );
    assert.equal(describeChatSetupDecision(decideChatSetup({ ...fresh, canEnableChat: false }, false)), 'not offered: hostCannotEnable');
    assert.equal(describeChatSetupDecision(decideChatSetup({ ...fresh, declined: true }, false)), 'not offered: the user answered "Not now" before');
    assert.equal(describeChatSetupDecision({ kind: 'done' }), 'not offered: nothing is missing');
  });
});
