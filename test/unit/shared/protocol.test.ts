import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWebviewMessage, webviewToHostSchema } from '../../../src/shared/protocolSchemas';

const image = {
  name: 'cat.png',
  mime: 'image/png',
  dataBase64: 'iVBORw0KGgo=',
  width: 2,
  height: 2,
  thumbnail: 'data:image/png;base64,iVBORw0KGgo=',
};

const valid: unknown[] = [
  { type: 'ready' },
  { type: 'send', text: 'Hello', images: [] },
  { type: 'send', text: '', images: [image] },
  { type: 'stop', turnId: 't1' },
  { type: 'regenerate', turnId: 't1' },
  { type: 'retry', turnId: 't1' },
  { type: 'edit', turnId: 't1', text: 'Edited question' },
  { type: 'newConversation' },
  { type: 'selectConversation', conversationId: 'c1' },
  { type: 'renameConversation', conversationId: 'c1', title: 'Sorting' },
  { type: 'deleteConversation', conversationId: 'c1' },
  { type: 'exportConversation', conversationId: 'c1' },
  { type: 'searchConversations', queryId: 3, query: '数据库 shutdown', limit: 10 },
  { type: 'searchConversations', queryId: 4, query: '', limit: 1 },
  { type: 'setModel', model: 'svc_vl' },
  { type: 'setParams', params: { temperature: 0.5, topP: 0.9, maxTokens: 100 } },
  { type: 'setParams', params: {} },
  { type: 'setPersona', persona: '' },
  { type: 'setReadAnswers', on: true },
  { type: 'removeContext', contextId: 'x' },
  { type: 'addCurrentFile' },
  { type: 'dismissNotice', noticeId: 'n' },
  { type: 'copyText', text: 'answer' },
  { type: 'insertCode', code: 'let a = 1;' },
  { type: 'openCode', code: 'let a = 1;', language: 'ts' },
  { type: 'openLink', href: 'https://example.com' },
  { type: 'runCommand', command: 'setApiKey' },
  { type: 'runCommand', command: 'openConsole' },
  { type: 'readAloud', turnId: 't1' },
  { type: 'saveAudio', playbackId: 'p1' },
  { type: 'speechEnded', playbackId: 'p1' },
  { type: 'speechEnded', playbackId: 'p1', stopped: true },
  { type: 'speechError', playbackId: 'p1', message: 'NotSupportedError' },
  { type: 'speechProgress', playbackId: 'p1', index: 3 },
];

const invalid: [string, unknown][] = [
  ['nothing', undefined],
  ['null', null],
  ['a bare string', 'ready'],
  ['an unknown type', { type: 'nope' }],
  ['an extra field', { type: 'ready', extra: true }],
  ['a free-form command', { type: 'runCommand', command: 'workbench.action.terminal.new' }],
  ['send without images', { type: 'send', text: 'hi' }],
  ['an image of another type', { type: 'send', text: '', images: [{ ...image, mime: 'image/svg+xml' }] }],
  ['an image with a script thumbnail', { type: 'send', text: '', images: [{ ...image, thumbnail: 'javascript:alert(1)' }] }],
  ['an image with a zero width', { type: 'send', text: '', images: [{ ...image, width: 0 }] }],
  ['too many images', { type: 'send', text: '', images: Array.from({ length: 9 }, () => image) }],
  ['a question over 100,000 characters', { type: 'send', text: 'x'.repeat(100_001), images: [] }],
  ['an edit to an empty question', { type: 'edit', turnId: 't1', text: '' }],
  ['an empty turn id', { type: 'stop', turnId: '' }],
  ['a blank title', { type: 'renameConversation', conversationId: 'c1', title: '' }],
  ['a parameter given as text', { type: 'setParams', params: { temperature: '0.5' } }],
  ['a fractional max_tokens', { type: 'setParams', params: { maxTokens: 10.5 } }],
  ['an unknown parameter', { type: 'setParams', params: { seed: 1 } }],
  ['a non-finite parameter', { type: 'setParams', params: { topP: Number.POSITIVE_INFINITY } }],
  ['an empty link', { type: 'openLink', href: '' }],
  ['read aloud without a turn', { type: 'readAloud' }],
  ['read aloud with text instead of a turn id', { type: 'readAloud', turnId: 't1', text: 'say this' }],
  ['read answers switched with a string', { type: 'setReadAnswers', on: 'yes' }],
  ['save audio with an empty playback id', { type: 'saveAudio', playbackId: '' }],
  ['speech ended with a non-boolean stop', { type: 'speechEnded', playbackId: 'p1', stopped: 'yes' }],
  ['a speech error over 500 characters', { type: 'speechError', playbackId: 'p1', message: 'x'.repeat(501) }],
  ['speech progress at a negative sentence', { type: 'speechProgress', playbackId: 'p1', index: -1 }],
  ['speech progress at a fractional sentence', { type: 'speechProgress', playbackId: 'p1', index: 1.5 }],
  ['a search over 200 characters', { type: 'searchConversations', queryId: 1, query: 'x'.repeat(201), limit: 10 }],
  ['a search with a fractional query id', { type: 'searchConversations', queryId: 1.5, query: 'x', limit: 10 }],
  ['a search asking for no result', { type: 'searchConversations', queryId: 1, query: 'x', limit: 0 }],
  ['a search asking for too many results', { type: 'searchConversations', queryId: 1, query: 'x', limit: 1_001 }],
];

describe('webview -> host protocol', () => {
  it('accepts every intent in its documented shape', () => {
    for (const raw of valid) {
      const parsed = parseWebviewMessage(raw);
      assert.equal(parsed.ok, true, `refused ${JSON.stringify(raw).slice(0, 120)}: ${parsed.ok ? '' : parsed.error}`);
      if (parsed.ok) assert.deepEqual(parsed.message, raw);
    }
  });

  it('covers every intent type of the schema', () => {
    const types = new Set(valid.map((raw) => (raw as { type: string }).type));
    const schemaTypes = webviewToHostSchema._zod.def.options.map((option) => String(option.shape.type._zod.def.values[0]));
    assert.deepEqual([...types].sort(), schemaTypes.sort());
  });

  for (const [what, raw] of invalid) {
    it(`drops ${what}, with a reason`, () => {
      const parsed = parseWebviewMessage(raw);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.ok(parsed.error.length > 0);
    });
  }
});
