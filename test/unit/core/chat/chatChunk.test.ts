// parseChunk's copy-free path must agree with the zod schema on every shape it accepts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chatChunkSchema, parseChunk, referencesOf, usageOf } from '../../../../src/core/chat/chatChunk';
import type { ChatChunk } from '../../../../src/core/chat/chatChunk';

const WIRE = path.join(__dirname, '..', '..', '..', 'fixtures', 'wire');

function project(chunk: ChatChunk | undefined): unknown {
  if (!chunk) return undefined;
  const choice = chunk.choices?.[0];
  return {
    content: choice?.delta?.content ?? choice?.message?.content,
    reasoning: choice?.delta?.reasoning_content ?? choice?.message?.reasoning_content,
    finish: choice?.finish_reason,
    usage: usageOf(chunk),
  };
}

function viaZod(value: unknown): ChatChunk | undefined {
  const parsed = chatChunkSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const payloads: unknown[] = [];
for (const name of readdirSync(WIRE).filter((n) => n.endsWith('.sse'))) {
  for (const line of readFileSync(path.join(WIRE, name), 'utf8').split(/\r?\n/)) {
    const data = line.replace(/^data:\s?/, '');
    try {
      payloads.push(JSON.parse(data));
    } catch {
      // not a complete JSON line
    }
  }
}
const odd: unknown[] = [
  { choices: [] },
  { choices: [{ delta: null, finish_reason: null }] },
  { choices: [{ delta: { content: null } }], usage: null },
  { choices: [{ delta: { content: 5 } }] },
  { choices: [{ delta: { content: 'a' }, finish_reason: 3 }] },
  { choices: [{ delta: { content: 'a' } }], usage: { total_tokens: '7' } },
  { choices: [{ delta: { content: 'a' } }, { delta: { content: 'b' } }] },
  { choices: 'nope' },
  [],
  'text',
  null,
];

describe('parseChunk', () => {
  it(`agrees with chatChunkSchema on every fixture payload (${payloads.length}) and odd shape`, () => {
    assert.ok(payloads.length > 40);
    for (const value of [...payloads, ...odd]) assert.deepEqual(project(parseChunk(value)), project(viaZod(value)), JSON.stringify(value));
  });

  it('refuses what the schema refuses', () => {
    assert.equal(parseChunk({ choices: [{ delta: { content: 5 } }] }), undefined);
    assert.equal(parseChunk('text'), undefined);
  });
});

describe('referencesOf', () => {
  it('finds a references array at the top, on the choice or in the delta, and numbers items without an index', () => {
    const item = { title: 'a.md', content: 'body', url: 'https://x/a' };
    for (const chunk of [{ references: [item] }, { choices: [{ references: [item] }] }, { choices: [{ delta: { references: [item] } }] }]) {
      assert.deepEqual(
        referencesOf(chunk)?.map((r) => [r.index, r.title, r.text, r.url]),
        [[1, 'a.md', 'body', 'https://x/a']],
      );
    }
    assert.equal(referencesOf({ choices: [{ delta: { content: 'x' } }] }), undefined);
    assert.equal(referencesOf({ references: 'not a list' }), undefined);
  });
});
