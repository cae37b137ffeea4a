// VS Code's messages (what vscode.lm and VS Code's chat hand the provider) as the request plan's messages, then as the
// request the service gets, without the vscode module: text parts joined, an image keyed by its bytes, an answer's
// tool calls, each tool result before the words sent with it, and consecutive messages of one role joined; the tools
// offered and the caller's max_tokens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { imageKey, planRequest, type PlanSettings } from '../../../../src/core/requests/requestPlan';
import {
  functionTools,
  imageOf,
  maxTokensOption,
  partText,
  planMessages,
  type MessagePartClasses,
  type ProviderMessage,
} from '../../../../src/vscode/languageModels/providerMessages';
import {
  LanguageModelDataPart as Data,
  LanguageModelTextPart as Text,
  LanguageModelToolCallPart as ToolCall,
  LanguageModelToolResultPart as ToolResult,
} from '../../../harness/fakeVscode';

const USER = 1;
const ASSISTANT = 2;
const classes: MessagePartClasses = {
  LanguageModelTextPart: Text,
  LanguageModelToolCallPart: ToolCall,
  LanguageModelToolResultPart: ToolResult,
  assistantRole: ASSISTANT,
};
const settings: PlanSettings = { chatModel: 'svc_llm', visionModel: 'svc_vl', extraModels: [], imagesWithTextModel: 'describe', persona: 'Be brief.' };
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const toUrl = (image: { mimeType: string; data: Uint8Array }): Promise<string> =>
  Promise.resolve(`data:${image.mimeType};base64,${Buffer.from(image.data).toString('base64')}`);

describe("the provider's messages", () => {
  it('tells parts apart: text, a tool result’s text, an image by its shape', () => {
    assert.equal(partText(new Text('a'), classes), 'a');
    assert.equal(partText(new ToolResult('c1', [new Text('x'), new Text('y')]), classes), 'xy');
    assert.equal(partText(new ToolCall('c1', 'f', {}), classes), '');
    assert.deepEqual(imageOf(new Data(png, 'image/png')), { mimeType: 'image/png', data: png });
    assert.equal(imageOf(new Data(png, 'text/plain')), undefined);
    assert.equal(imageOf({ mimeType: 'image/png', data: 'not bytes' }), undefined);
  });

  it('a tool round trip: the call, its result before the words sent with it, then the question, in the service’s order', async () => {
    const messages: ProviderMessage[] = [
      { role: USER, content: [new Text('<context>…</context>'), new Text('<userRequest>List the folder.</userRequest>')] },
      { role: ASSISTANT, content: [new Text('Listing.'), new ToolCall('call_1', 'list_dir', { path: '.' })] },
      { role: USER, content: [new ToolResult('call_1', [new Text('a.ts\nb.ts')]), new Text('Now summarise.')] },
    ];
    const planned = await planMessages(messages, classes, toUrl);
    assert.deepEqual(planned, [
      { role: 'user', text: '<context>…</context><userRequest>List the folder.</userRequest>' },
      { role: 'assistant', text: 'Listing.', toolCalls: [{ id: 'call_1', name: 'list_dir', arguments: '{"path":"."}' }] },
      { role: 'tool', callId: 'call_1', text: 'a.ts\nb.ts' },
      { role: 'user', text: 'Now summarise.' },
    ]);
    const plan = planRequest({ model: 'svc_llm', messages: planned, tools: [{ type: 'function', function: { name: 'list_dir' } }] }, settings);
    assert.ok(plan.kind === 'send');
    assert.deepEqual(plan.request.messages, [
      { role: 'user', content: '<context>…</context><userRequest>List the folder.</userRequest>' },
      { role: 'assistant', content: 'Listing.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_dir', arguments: '{"path":"."}' } }] },
      { role: 'tool', content: 'a.ts\nb.ts\n\nNow summarise.', tool_call_id: 'call_1' },
    ]);
  });

  it('an image is keyed by its bytes, so the same screenshot sent again is the same description', async () => {
    const message: ProviderMessage = { role: USER, content: [new Text('<userRequest>What is this?</userRequest>'), new Data(png, 'image/png')] };
    const [first] = await planMessages([message], classes, toUrl);
    const [again] = await planMessages([{ ...message }], classes, toUrl);
    assert.ok(first?.role === 'user' && again?.role === 'user');
    assert.deepEqual(first.images, [{ url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`, key: imageKey(png) }]);
    assert.deepEqual(first.images, again.images);
    const plan = planRequest({ model: 'svc_llm', messages: [first] }, settings);
    assert.ok(plan.kind === 'describe');
    assert.equal(plan.jobs[0]?.question, 'What is this?', "the user's words, without VS Code's wrapping");
  });

  it('a refused image stops the conversion with the caller’s words', async () => {
    const refuse = (): Promise<string> => Promise.reject(new Error('An attached image is 8000×8000 pixels, over the limit.'));
    await assert.rejects(planMessages([{ role: USER, content: [new Data(png, 'image/png')] }], classes, refuse), /8000×8000/);
  });
});

describe('the rest of a provider request', () => {
  it("offers VS Code's tools as function tools: a name the service refuses is left out and said, a missing schema is an empty object, 128 at most", () => {
    const warned: string[] = [];
    const schema = { type: 'object', properties: { path: { type: 'string' } } };
    const tools = functionTools(
      [
        { name: 'read_file', description: 'Reads a file', inputSchema: schema },
        { name: 'has space', description: 'Refused' },
        { name: 'list', description: 'Lists' },
      ],
      (text) => warned.push(text),
    );
    assert.deepEqual(tools, [
      { type: 'function', function: { name: 'read_file', description: 'Reads a file', parameters: schema } },
      { type: 'function', function: { name: 'list', description: 'Lists', parameters: { type: 'object', properties: {} } } },
    ]);
    assert.equal(warned.length, 1);
    assert.match(warned[0] ?? '', /"has space" is not offered/);
    const many = Array.from({ length: 130 }, (_, i) => ({ name: `t${i}`, description: '' }));
    assert.equal(functionTools(many, () => undefined).length, 128);
  });

  it("takes the caller's max_tokens (or maxTokens) as a whole number within the model's output limit, else none", () => {
    assert.deepEqual(maxTokensOption({ max_tokens: 500 }, 4096), { max_tokens: 500 });
    assert.deepEqual(maxTokensOption({ maxTokens: 9000 }, 4096), { max_tokens: 4096 });
    assert.deepEqual(maxTokensOption({ max_tokens: 0 }, 4096), {});
    assert.deepEqual(maxTokensOption({ max_tokens: 1.5 }, 4096), {});
    assert.deepEqual(maxTokensOption({ max_tokens: '100' }, 4096), {});
    assert.deepEqual(maxTokensOption(undefined, 4096), {});
  });
});
