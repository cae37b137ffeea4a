// The knowledge-base tool's result on a VS Code with LanguageModelDataPart: the citations go as a data part to a
// caller outside a chat (vscode.lm.invokeTool without a toolInvocationToken), and never inside a chat, where VS Code
// shows every data part of a tool's result to the user as a file to save.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
// First: the fake vscode module, with the newer classes, that the modules below bind to.
import '../newestVscode';
import { citationsFrom, CITATIONS_MIME } from '../../../../src/core/knowledge/knowledgeToolResult';
import { KnowledgeTool } from '../../../../src/vscode/knowledge/knowledgeTool';
import { parseSettings } from '../../../../src/vscode/settings/settingsDeclaration';
import { LanguageModelDataPart, LanguageModelTextPart } from '../../../harness/fakeVscode';

const REFERENCES = [{ index: 1, title: 'Getting started', text: 'MaaS Assistant keeps the API key in secret storage.', raw: {} }];
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) } as unknown as vscode.CancellationToken;

function tool(): InstanceType<typeof KnowledgeTool> {
  const client = {
    async *streamChat(): AsyncGenerator<unknown> {
      yield { type: 'text', text: 'The key is kept in secret storage.^[1]^' };
      yield { type: 'references', references: REFERENCES };
    },
  };
  return new KnowledgeTool({
    settings: { settings: parseSettings({ baseUrl: 'https://maas.example', knowledgeBases: [{ id: 7, name: 'Extension guide' }] }).settings },
    credentials: { hasApiKey: () => Promise.resolve(true) },
    client: () => client as never,
    logger: { redact: (text: string) => text, info: () => undefined, warn: () => undefined },
  });
}

async function invoke(toolInvocationToken: unknown): Promise<unknown[]> {
  const options = { input: { question: 'Where is the API key stored?' }, toolInvocationToken } as vscode.LanguageModelToolInvocationOptions<unknown>;
  return (await tool().invoke(options, token)).content as unknown[];
}

describe('the knowledge-base tool where the host has data parts', () => {
  it('gives a caller outside a chat the cited text and the citations as data', async () => {
    const parts = await invoke(undefined);
    assert.equal(parts.length, 2);
    assert.ok(parts[0] instanceof LanguageModelTextPart);
    assert.match(parts[0].value, /secret storage\. \[1\]\n\nSources:\n- \[1\] Getting started\n<\/knowledge-base-result-[0-9a-f]{12}>$/);
    const data = parts[1];
    assert.ok(data instanceof LanguageModelDataPart);
    assert.equal(data.mimeType, CITATIONS_MIME);
    assert.deepEqual(citationsFrom(data.data), [{ index: 1, title: 'Getting started', text: REFERENCES[0]?.text }]);
  });

  it('gives a chat the cited text alone, so no data part shows under the tool row', async () => {
    const parts = await invoke({ sessionId: 'a chat request' });
    assert.equal(parts.length, 1);
    assert.ok(parts[0] instanceof LanguageModelTextPart);
    assert.match(parts[0].value, /Sources:\n- \[1\] Getting started\n<\/knowledge-base-result-[0-9a-f]{12}>$/);
  });
});
