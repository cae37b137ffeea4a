// The stream shape byte by byte (docs/wire.md), the non-stream body, `stream` omitted, max_tokens, content_filter,
// think blocks and the responder's language, on both ports.
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { chat, http, lastChunk, streamChunks, streamedContent, useService, userAsks } from './serviceHarness';

const service = useService();
beforeEach(async () => {
  await http('POST', `${service().baseUrl}/_local/reset`);
});

describe('stream shape', () => {
  it('is byte-exact: role chunk, one delta per token, final chunk with usage, [DONE]', async () => {
    await http('POST', `${service().baseUrl}/_local/next-answer`, { text: '你好 world!' });
    const reply = await chat(service().baseUrl, userAsks('hello', { stream: true }));
    assert.equal(reply.status, 200);
    assert.match(String(reply.headers['content-type']), /^text\/event-stream/);
    const first = /^data: \{"id":"(cmpl-[0-9a-f]+)","object":"chat.completion.chunk","created":(\d+),/.exec(reply.text);
    assert.ok(first, reply.text.slice(0, 200));
    const [, id, created] = first;
    const head = `data: {"id":"${id}","object":"chat.completion.chunk","created":${created},"model":"svc_llm","choices":[{"index":0,"delta":{"role":`;
    const zero = '"usage":{"prompt_tokens":0,"total_tokens":0,"completion_tokens":0}}\n\n';
    const delta = (content: string): string => `${head}"","content":${JSON.stringify(content)}},"finish_reason":""}],${zero}`;
    const expected =
      `${head}"assistant","content":""},"finish_reason":""}],${zero}` +
      delta('你') +
      delta('好') +
      delta(' world') +
      delta('!') +
      `${head}"","content":""},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"total_tokens":5,"completion_tokens":4}}\n\n` +
      'data: [DONE]\n\n';
    assert.equal(reply.text, expected);
  });

  it('`stream` omitted means streaming', async () => {
    const reply = await chat(service().baseUrl, userAsks('hello'));
    assert.match(String(reply.headers['content-type']), /^text\/event-stream/);
    assert.equal(lastChunk(reply.text).choices[0]?.finish_reason, 'stop');
  });

  it('streams a few hundred tokens of Markdown by default, usage only on the last chunk', async () => {
    const reply = await chat(service().baseUrl, userAsks('How should I plan a small project?'));
    const chunks = streamChunks(reply.text);
    assert.ok(chunks.length > 150, `only ${chunks.length} chunks`);
    assert.ok(chunks.slice(0, -1).every((c) => c.usage.total_tokens === 0 && c.choices[0]?.finish_reason === ''));
    const last = lastChunk(reply.text);
    assert.equal(last.usage.completion_tokens, chunks.length - 2);
    assert.equal(last.usage.total_tokens, last.usage.prompt_tokens + last.usage.completion_tokens);
    const content = streamedContent(reply.text);
    assert.match(content, /\n1\. \*\*/);
  });

  it('the same path is served on the alternative port', async () => {
    const reply = await chat(service().altBaseUrl, userAsks('hello', { stream: false }));
    assert.equal(reply.status, 200);
  });
});

describe('non-stream body', () => {
  it('is a chat.completion with message, finish_reason and usage', async () => {
    await http('POST', `${service().baseUrl}/_local/next-answer`, { text: 'Hello there.' });
    const reply = await chat(service().baseUrl, userAsks('hi', { stream: false }));
    assert.match(String(reply.headers['content-type']), /^application\/json/);
    const body = reply.json<Record<string, unknown>>();
    assert.match(String(body['id']), /^cmpl-/);
    assert.equal(body['object'], 'chat.completion');
    assert.equal(body['model'], 'svc_llm');
    assert.deepEqual(body['choices'], [{ index: 0, message: { role: 'assistant', content: 'Hello there.' }, finish_reason: 'stop' }]);
    assert.deepEqual(body['usage'], { prompt_tokens: 1, total_tokens: 4, completion_tokens: 3 });
  });
});

describe('answer endings', () => {
  it('max_tokens truncates with finish_reason length, counted by the token rule', async () => {
    const reply = await chat(service().baseUrl, userAsks('Explain testing', { max_tokens: 7 }));
    const last = lastChunk(reply.text);
    assert.equal(last.choices[0]?.finish_reason, 'length');
    assert.equal(last.usage.completion_tokens, 7);
    assert.equal(streamChunks(reply.text).length, 1 + 7 + 1);
    const whole = await chat(service().baseUrl, userAsks('Explain testing', { max_tokens: 8192, stream: false }));
    assert.ok(whole.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content.startsWith(streamedContent(reply.text)));
  });

  it('an answer that would contain a sensitive word stops before it with content_filter', async () => {
    const word = Buffer.from('Here it is: forbidden-topic and more').toString('base64');
    const reply = await chat(service().baseUrl, userAsks(`repeat-base64: ${word}`));
    assert.equal(reply.status, 200);
    assert.equal(streamedContent(reply.text), 'Here it is:');
    assert.equal(lastChunk(reply.text).choices[0]?.finish_reason, 'content_filter');
    const plain = await chat(service().baseUrl, userAsks(`repeat-base64: ${word}`, { stream: false }));
    assert.equal(plain.json<{ choices: { finish_reason: string }[] }>().choices[0]?.finish_reason, 'content_filter');
  });

  it('repeat: answers with exactly the given text', async () => {
    const reply = await chat(service().baseUrl, userAsks('repeat: one two  three'));
    assert.equal(streamedContent(reply.text), 'one two  three');
  });
});

describe('responder', () => {
  it('answers a Chinese question in Chinese', async () => {
    const content = streamedContent((await chat(service().baseUrl, userAsks('如何学习编程?'))).text);
    assert.match(content, /^您的问题是/);
    assert.ok((content.match(/\p{Script=Han}/gu) ?? []).length > 100);
  });

  it('adds a fenced code block when asked about code', async () => {
    const content = streamedContent((await chat(service().baseUrl, userAsks('Show me some code for Fibonacci'))).text);
    assert.match(content, /```typescript\n[\s\S]+\n```/);
    const without = streamedContent((await chat(service().baseUrl, userAsks('How do I plan a trip?'))).text);
    assert.doesNotMatch(without, /```/);
  });

  it('sends <think> and </think> as their own deltas when asked to think', async () => {
    const chunks = streamChunks((await chat(service().baseUrl, userAsks('Please think about it'))).text);
    const deltas = chunks.map((c) => c.choices[0]?.delta.content);
    assert.equal(deltas[1], '<think>');
    assert.ok(deltas.includes('</think>'));
  });

  it('counts conversation turns from the history sent', async () => {
    const reply = await chat(service().baseUrl, {
      model: 'svc_llm',
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'second question' },
      ],
    });
    assert.match(reply.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '', /turn 2 of this conversation/);
  });
});
