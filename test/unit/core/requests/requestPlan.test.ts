// The one request plan of the three chat surfaces: the models and which see images, what maas.images.withTextModel
// makes of images for a model that does not (described, routed, refused), the persona that goes first, image parts,
// and the messages in the order the service takes them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildChatBody } from '../../../../src/core/chat/chatRequest';
import {
  availableModels,
  descriptionKey,
  imagesFor,
  personaOf,
  planRequest,
  questionWithDescription,
  takesImages,
  type PlanMessage,
  type PlanSettings,
} from '../../../../src/core/requests/requestPlan';

const settings: PlanSettings = {
  chatModel: 'svc_llm',
  visionModel: 'svc_vl',
  extraModels: [
    { code: 'svc_llm', family: 'vision' },
    { code: 'big_vl', family: 'vision' },
  ],
  imagesWithTextModel: 'describe',
  persona: 'Answer briefly.',
};
const image = { url: 'data:image/png;base64,AAAA', key: 'png-1' };
const withImage: PlanMessage = { role: 'user', text: 'What does this chart show?', images: [image] };

describe('the request plan', () => {
  it('lists each model once, the first entry winning, and knows which see images', () => {
    assert.deepEqual(availableModels(settings), [
      { code: 'svc_llm', family: 'language' },
      { code: 'svc_vl', family: 'vision' },
      { code: 'big_vl', family: 'vision' },
    ]);
    assert.equal(takesImages(settings, 'svc_vl'), true);
    assert.equal(takesImages(settings, 'big_vl'), true);
    assert.equal(takesImages(settings, 'svc_llm'), false);
    assert.equal(takesImages(settings, 'unknown'), false);
  });

  it('maas.images.withTextModel: described, routed or refused for a language model; sent as they are to a vision model', () => {
    assert.equal(imagesFor(settings, 'svc_vl'), 'send');
    assert.equal(imagesFor(settings, 'svc_llm'), 'describe');
    assert.equal(imagesFor({ ...settings, imagesWithTextModel: 'visionModel' }, 'svc_llm'), 'route');
    assert.equal(imagesFor({ ...settings, imagesWithTextModel: 'refuse' }, 'svc_llm'), 'refuse');
  });

  it('the persona: the conversation’s own, else the settings’, none when the surface brings its own', () => {
    assert.equal(personaOf(settings, '  Be formal. '), 'Be formal.');
    assert.equal(personaOf(settings, '  '), 'Answer briefly.');
    assert.equal(personaOf(settings), 'Answer briefly.');
    const ask: PlanMessage[] = [{ role: 'user', text: 'Hi' }];
    const own = planRequest({ model: 'svc_llm', messages: ask, persona: { own: 'Be formal.' } }, settings);
    const fallback = planRequest({ model: 'svc_llm', messages: ask, persona: {} }, settings);
    const none = planRequest({ model: 'svc_llm', messages: ask }, settings);
    assert.ok(own.kind === 'send' && fallback.kind === 'send' && none.kind === 'send');
    assert.deepEqual(own.request.messages[0], { role: 'system', content: 'Be formal.' });
    assert.deepEqual(fallback.request.messages[0], { role: 'system', content: 'Answer briefly.' });
    assert.deepEqual(none.request.messages, [{ role: 'user', content: 'Hi' }]);
  });

  it('images go to a vision model as image_url parts after the text ("…" when there is none)', () => {
    const plan = planRequest({ model: 'svc_vl', messages: [{ role: 'user', text: '', images: [image, { ...image, key: 'png-2' }] }] }, settings);
    assert.ok(plan.kind === 'send');
    assert.deepEqual(plan.request.messages, [
      {
        role: 'user',
        content: [
          { type: 'text', text: '…' },
          { type: 'image_url', image_url: { url: image.url } },
          { type: 'image_url', image_url: { url: image.url } },
        ],
      },
    ]);
  });

  it('a language model gets the description after the question, asked for once and shown for the question asked', () => {
    const first = planRequest({ model: 'svc_llm', messages: [withImage] }, settings);
    assert.ok(first.kind === 'describe');
    assert.deepEqual(first.jobs, [
      { key: descriptionKey('svc_vl', [image]), visionModel: 'svc_vl', question: 'What does this chart show?', imageUrls: [image.url] },
    ]);
    const key = first.jobs[0]?.key ?? '';
    const plan = planRequest({ model: 'svc_llm', messages: [withImage], descriptions: new Map([[key, 'A line chart.']]) }, settings);
    assert.ok(plan.kind === 'send');
    assert.equal(plan.request.model, 'svc_llm');
    assert.deepEqual(plan.request.messages, [{ role: 'user', content: questionWithDescription('What does this chart show?', 'A line chart.', 'svc_vl') }]);
    assert.deepEqual(plan.described, [{ key, visionModel: 'svc_vl', text: 'A line chart.' }]);
  });

  it('an earlier question’s images are described too, but only the question asked shows its description', () => {
    const earlier: PlanMessage = { role: 'user', text: 'And this one?', images: [{ ...image, key: 'png-0' }] };
    const messages: PlanMessage[] = [earlier, { role: 'assistant', text: 'A bar chart.' }, withImage];
    const first = planRequest({ model: 'svc_llm', messages }, settings);
    assert.ok(first.kind === 'describe');
    assert.equal(first.jobs.length, 2);
    const descriptions = new Map(first.jobs.map((job, i) => [job.key, `Description ${i}`]));
    const plan = planRequest({ model: 'svc_llm', messages, descriptions }, settings);
    assert.ok(plan.kind === 'send');
    assert.deepEqual(
      plan.described.map((d) => d.text),
      ['Description 1'],
    );
  });

  it('routed to the vision model: the note names the model asked, and the tools stay behind', () => {
    const tools = [{ type: 'function' as const, function: { name: 'list_dir' } }];
    const plan = planRequest({ model: 'svc_llm', messages: [withImage], tools, toolChoice: 'required' }, { ...settings, imagesWithTextModel: 'visionModel' });
    assert.ok(plan.kind === 'send');
    assert.equal(plan.request.model, 'svc_vl');
    assert.equal(plan.routedFrom, 'svc_llm');
    assert.equal(plan.request.tools, undefined);
    assert.equal(plan.request.tool_choice, undefined);
  });

  it('refused: the model and the vision model to pick, and nothing to send', () => {
    assert.deepEqual(planRequest({ model: 'svc_llm', messages: [withImage] }, { ...settings, imagesWithTextModel: 'refuse' }), {
      kind: 'refused',
      refusal: { kind: 'imagesNeedVision', model: 'svc_llm', visionModel: 'svc_vl' },
    });
    // Without images nothing is refused.
    assert.equal(planRequest({ model: 'svc_llm', messages: [{ role: 'user', text: 'Hi' }] }, { ...settings, imagesWithTextModel: 'refuse' }).kind, 'send');
  });

  it('puts messages in the order the service takes: calls, then their results, words after results kept with them, roles alternating', () => {
    const messages: PlanMessage[] = [
      { role: 'user', text: 'First.' },
      { role: 'user', text: 'Second.' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'list_dir', arguments: '{"path":"."}' }] },
      { role: 'tool', callId: 'call_1', text: 'a.ts b.ts' },
      { role: 'user', text: 'Now answer.' },
      { role: 'assistant', text: '   ' },
    ];
    const tools = [{ type: 'function' as const, function: { name: 'list_dir' } }];
    const plan = planRequest({ model: 'svc_llm', messages, tools, params: { max_tokens: 100 } }, settings);
    assert.ok(plan.kind === 'send');
    assert.deepEqual(plan.request.messages, [
      { role: 'user', content: 'First.\n\nSecond.' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_dir', arguments: '{"path":"."}' } }] },
      { role: 'tool', content: 'a.ts b.ts\n\nNow answer.', tool_call_id: 'call_1' },
    ]);
    assert.equal(plan.request.max_tokens, 100);
    assert.deepEqual(plan.request.tools, tools);
    // The service takes it: the body builds without a validation error.
    buildChatBody(plan.request, true);
  });

  it('a retrieval question carries its knowledge bases; the parameters go as given', () => {
    const retrieval = { knowledge_ids: [7], chat_mode: 2 as const };
    const plan = planRequest({ model: 'svc_llm', messages: [{ role: 'user', text: 'Where?' }], retrieval, params: { temperature: 0.3 } }, settings);
    assert.ok(plan.kind === 'send');
    assert.deepEqual(plan.request.retrieval, retrieval);
    assert.equal(plan.request.temperature, 0.3);
  });
});
