// A model family and a chat parameter are each declared in one table (src/shared/modelFamilies.ts,
// src/shared/chatParams.ts). This file declares one of each, as the recipes of docs/architecture.md say, before the
// code that reads the tables is loaded, and follows them to what a user and the service see: the setting that names
// the family, the model pickers' list with the parameter's field, the request on the wire, and docs/settings.md's tables.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatParamSpecs, type ChatParamRow } from '../../../src/shared/chatParams';
import { modelFamilies, type ModelFamily } from '../../../src/shared/modelFamilies';

const families = modelFamilies as unknown as Record<string, ModelFamily>;
const params = chatParamSpecs as unknown as Record<string, ChatParamRow>;
families['fixtureEye'] = { images: true, tools: true, reasoning: false, retrieval: false };
params['seed'] = {
  wireName: 'seed',
  label: () => 'Seed',
  range: '[0, 1000]',
  defaults: { language: 0, fixtureEye: 7 } as ChatParamRow['defaults'],
};

// Loaded after the declarations above, as the extension loads them after the tables are written.
const load = async () => ({
  ...(await import('../../../src/vscode/settings/settingsDeclaration.js')),
  ...(await import('../../../src/core/session/chatSettings.js')),
  ...(await import('../../../src/core/requests/requestPlan.js')),
  ...(await import('../../../src/core/chat/chatRequest.js')),
  ...(await import('../../../src/shared/chatParams.js')),
  ...(await import('../../../src/shared/protocolSchemas.js')),
  ...(await import('../../../scripts/kindsPage.js')),
});

const image = { url: 'data:image/png;base64,AAAA', key: 'png-1' };
const tool = { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } };

describe('a model family and a chat parameter declared in their tables', () => {
  it('a family named in maas.models.extra reaches the picker with its parameters, and the wire with images and tools', async () => {
    const m = await load();
    const { settings, problems } = m.parseSettings({ extraModels: [{ code: 'svc_eye_tools', family: 'fixtureEye' }] });
    assert.deepEqual(problems, []);
    const chat = { ...settings, baseUrl: '' };
    const option = m.modelOptions(chat).find((candidate: { code: string }) => candidate.code === 'svc_eye_tools');
    assert.equal(option?.family, 'fixtureEye');
    assert.deepEqual(Object.keys(option?.params ?? {}), ['seed'], 'the parameters with a default for the family, and only those');
    assert.equal(option?.params['seed' as keyof typeof option.params]?.defaultValue, 7);

    const plan = m.planRequest(
      { model: 'svc_eye_tools', messages: [{ role: 'user', text: 'What is drawn here?', images: [image] }], tools: [tool] },
      { ...chat, imagesWithTextModel: 'refuse' },
    );
    assert.equal(plan.kind, 'send', 'a family that sees images gets them even when images are refused for the others');
    if (plan.kind !== 'send') return;
    const body = m.buildChatBody(plan.request, true);
    assert.equal(body.model, 'svc_eye_tools');
    assert.deepEqual(body.messages.at(-1)?.content, [
      { type: 'text', text: 'What is drawn here?' },
      { type: 'image_url', image_url: { url: image.url } },
    ]);
    assert.deepEqual(body.tools, [tool], 'the family takes function tools');
    const visionPlan = m.planRequest({ model: 'svc_vl', messages: [{ role: 'user', text: 'Hi' }], tools: [tool] }, { ...chat });
    assert.ok(visionPlan.kind === 'send' && visionPlan.request.tools === undefined, 'the vision family takes none');
  });

  it('a parameter set in a conversation is checked and sent under its wire name, and out of range is refused', async () => {
    const m = await load();
    const set = m.chatParamsSchema.parse({ temperature: 0.5, seed: 42 });
    const wire = m.wireParams(set);
    assert.deepEqual(wire, { temperature: 0.5, seed: 42 });
    const plan = m.planRequest(
      { model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }], params: wire },
      {
        chatModel: 'svc_llm',
        visionModel: 'svc_vl',
        extraModels: [],
        imagesWithTextModel: 'describe',
        persona: '',
      },
    );
    assert.ok(plan.kind === 'send');
    assert.equal((m.buildChatBody(plan.request, true) as unknown as Record<string, unknown>)['seed'], 42);
    assert.throws(() => m.buildChatBody({ ...plan.request, seed: 1001 } as typeof plan.request, true), /seed.*\[0, 1000\]/);
    assert.equal(m.chatParamsSchema.safeParse({ seed: 4.5 }).success, false, 'a whole-number parameter refuses fractions');
    assert.equal(m.paramRangesFor('vision')['seed' as 'temperature'], undefined, 'a family without a default does not take it');
  });

  it("docs/settings.md's tables list the family and the parameter", async () => {
    const m = await load();
    assert.match(m.familiesTable(), /^\| `fixtureEye` \| yes \| yes \| no \| no \|$/m);
    assert.match(m.chatParamsTable(), /^\| `seed` \| `\[0, 1000\]`, whole \| `0` \| .*`7` \|$/m);
  });
});
