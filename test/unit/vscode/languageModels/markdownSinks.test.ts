// Every place that hands VS Code Markdown made of model output, knowledge-base text, service words or a certificate's
// names, each fed a text that rebuilds a remote image out of what the link rule writes (`!![x](https://…)`) or that
// carries one in a name: @maas's answer and its Sources documents, its error, the provider's text and thinking, and the
// Test Connection report. What each shows parses (markdown-it) to no image, and a certificate's names to no link.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
// First: the fake vscode module the modules below bind to.
import { newestApi as api } from '../newestVscode';
import MarkdownIt from 'markdown-it';
import type { ChatEvent } from '../../../../src/core/chat/chatEvents';
import type { MaasClient } from '../../../../src/core/maasClient';
import { ServiceError } from '../../../../src/core/http/serviceError';
import { LanguageModelTextPart, LanguageModelThinkingPart, recordingChatStream } from '../../../harness/fakeVscode';
import * as participantModule from '../../../../src/vscode/languageModels/maasParticipant';
import * as providerModule from '../../../../src/vscode/languageModels/maasChatProvider';
import * as toolModule from '../../../../src/vscode/knowledge/knowledgeTool';
import * as testConnectionModule from '../../../../src/vscode/commands/testConnection';
import * as settingsModule from '../../../../src/vscode/settings/settingsDeclaration';

const modules = { participant: participantModule, provider: providerModule, tool: toolModule, testConnection: testConnectionModule, settings: settingsModule };

/** Text that turns an image rewritten as a link back into an image, in several forms. */
const HOSTILE = 'Look!![x](https://attacker.invalid/a.png) a!![y](https://attacker.invalid/b.png) `c`!![z](https://attacker.invalid/c.png)';

/** A certificate whose names carry an image and a link. */
const FORGED = new ServiceError('certificate', 'The certificate was refused.', {
  certificate: {
    reason: 'untrusted',
    code: 'SELF_SIGNED_CERT_IN_CHAIN',
    host: 'maas.example:443',
    subject: 'CN=![seen](https://attacker.invalid/cn.png)',
    issuer: 'CN=[Your bank](https://attacker.invalid/root)',
  },
});

type Token = ReturnType<MarkdownIt['parse']>[number];

/** The images, the links a certificate's names made and (in the preview) the raw HTML `markdown` holds, as `sink` renders it. */
function leaks(markdown: string, sink: 'chat' | 'preview'): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'image') found.push(`image ${token.attrGet('src') ?? ''}`);
      // An image in an answer may become a link to it; a certificate's name becomes no link at all.
      if (token.type === 'link_open' && /attacker\.invalid\/(cn\.png|root)/.test(token.attrGet('href') ?? ''))
        found.push(`link ${token.attrGet('href') ?? ''}`);
      if (sink === 'preview' && token.type.startsWith('html_')) found.push(`${token.type} ${token.content}`);
      if (token.children !== null) walk(token.children);
    }
  };
  walk(new MarkdownIt({ html: sink === 'preview', linkify: sink === 'preview' }).parse(markdown, {}));
  return found;
}

/** The text a reader sees of `markdown`. */
function shownText(markdown: string): string {
  return new MarkdownIt()
    .render(markdown)
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** What a reader sees of HOSTILE: each `!` kept, each image a link noting where it goes. */
const HOSTILE_SHOWN = /Look!x \(attacker\.invalid\) a!y \(attacker\.invalid\) c!z \(attacker\.invalid\)/;

/** A service answering every chat request with `events` (an error thrown instead when `events` is one). */
function backend(events: readonly ChatEvent[] | Error): MaasClient {
  const fail = (): Promise<never> => Promise.reject(events instanceof Error ? events : new Error('not asked'));
  return {
    async *streamChat(): AsyncGenerator<ChatEvent> {
      if (events instanceof Error) throw events;
      // One character a piece: every construct arrives cut.
      for (const event of events) {
        if (event.type === 'text' || event.type === 'reasoning') for (const text of event.text) yield { ...event, text };
        else yield event;
      }
    },
    probe: fail,
    chat: fail,
    listSpeakers: fail,
    synthesize: fail,
  } as unknown as MaasClient;
}

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) } as unknown as vscode.CancellationToken;
const noImages = { decode: () => Promise.reject(new Error('no image is decoded in these tests')) };
const logger = { redact: (text: string) => text, info: () => undefined, warn: () => undefined, error: () => undefined };
const credentials = { hasApiKey: () => Promise.resolve(true), hasSpeech: () => Promise.resolve(false), onDidChange: () => ({ dispose: () => undefined }) };
const parsed = modules.settings.parseSettings({ baseUrl: 'https://maas.example', knowledgeBases: [{ id: 7, name: 'Guide' }] }).settings;
const settings = { settings: parsed, chat: { ...parsed, personaFromWorkspace: false }, onDidChange: () => ({ dispose: () => undefined }) };

/** @maas answering `prompt` (with `command`) from `client`; the Markdown it showed, and the documents its references open. */
async function askParticipant(client: MaasClient, prompt: string, command?: string): Promise<{ markdown: string; documents: string[] }> {
  const tool = new modules.tool.KnowledgeTool({ settings: settings as never, credentials, client: () => client, logger });
  const participant = modules.participant.registerParticipant({
    settings: settings as never,
    client: () => client,
    logger: logger as never,
    readAloud: undefined,
    knowledge: tool,
    images: noImages,
  });
  try {
    const { stream, markdown, references } = recordingChatStream();
    const request = { prompt, command, toolReferences: [], references: [], model: { vendor: 'maas', id: 'svc_llm' } };
    await participant.handler?.(request as never, { history: [] } as never, stream, token);
    const provider = api.contentProviders.get('maas-source');
    const documents = await Promise.all(references.map((uri) => Promise.resolve(provider?.provideTextDocumentContent(uri) ?? '')));
    return { markdown: markdown.join(''), documents };
  } finally {
    participant.dispose();
  }
}

describe('the Markdown handed to VS Code loads no image', () => {
  it("@maas's answer, whatever its pieces", async () => {
    const { markdown } = await askParticipant(backend([{ type: 'text', text: HOSTILE }]), 'Where?');
    assert.match(shownText(markdown), HOSTILE_SHOWN, markdown);
    assert.deepEqual(leaks(markdown, 'chat'), [], markdown);
  });

  it("@maas /kb: the answer, the Sources list, and each cited passage's document in the preview", async () => {
    const reference = {
      index: 1,
      title: 'Guide ![t](https://attacker.invalid/title.png)',
      text: `Passage ${HOSTILE} ![p](https://attacker.invalid/p.png)`,
      raw: {},
    };
    const client = backend([
      { type: 'text', text: `${HOSTILE}^[1]^` },
      { type: 'references', references: [reference] },
    ]);
    const { markdown, documents } = await askParticipant(client, 'Where is it?', 'kb');
    assert.match(markdown, /Sources:/, markdown);
    assert.deepEqual(leaks(markdown, 'chat'), [], markdown);
    assert.equal(documents.length, 1);
    for (const document of documents) {
      assert.match(document, /^# Guide /, document);
      assert.match(shownText(document), /Passage Look!x a!y c!z p/, document);
      assert.deepEqual(leaks(document, 'preview'), [], document);
    }
  });

  it("@maas's error names a forged certificate's subject and issuer as text: no image, no link", async () => {
    const { markdown } = await askParticipant(backend(FORGED), 'Hello?');
    assert.match(markdown, /not trusted/, markdown);
    assert.match(
      shownText(markdown),
      /issued to CN=!\[seen\]\(https:\/\/attacker\.invalid\/cn\.png\) by CN=\[Your bank\]\(https:\/\/attacker\.invalid\/root\)/,
    );
    assert.deepEqual(leaks(markdown, 'chat'), [], markdown);
  });

  it("the provider's text and thinking parts", async () => {
    const provider = new modules.provider.MaasChatProvider({
      settings: settings as never,
      credentials,
      images: noImages,
      client: () =>
        backend([
          { type: 'reasoning', text: `Thinking ${HOSTILE}` },
          { type: 'text', text: HOSTILE },
          { type: 'finish', reason: 'stop' },
        ]),
      logger: logger as never,
    });
    const parts: unknown[] = [];
    const [model] = provider.models();
    await provider.provideLanguageModelChatResponse(
      model as never,
      [{ role: 1, name: undefined, content: [new LanguageModelTextPart('Where?')] }] as never,
      { tools: [], toolMode: 1 } as never,
      { report: (part: unknown) => parts.push(part) },
      token,
    );
    provider.dispose();
    const text = parts
      .filter((part) => part instanceof LanguageModelTextPart)
      .map((part) => part.value)
      .join('');
    const thinking = parts
      .filter((part) => part instanceof LanguageModelThinkingPart)
      .map((part) => String(part.value))
      .join('');
    assert.match(shownText(text), HOSTILE_SHOWN, text);
    assert.match(shownText(thinking), /^Thinking /, thinking);
    assert.deepEqual(leaks(text, 'chat'), [], text);
    assert.deepEqual(leaks(thinking, 'chat'), [], thinking);
  });

  it("Test Connection's report names a forged certificate's subject and issuer as text: no image, no link", async () => {
    let shown = '';
    const view = { show: (markdown: string) => Promise.resolve(void (shown = markdown)), copy: () => Promise.resolve(true) };
    const prompter = { showInformationMessage: () => Promise.resolve(undefined), showWarningMessage: () => Promise.resolve(undefined) };
    const deps = { settings, credentials, client: () => backend(FORGED), logger, prompter };
    const report = await modules.testConnection.testConnectionCommand(deps as never, view as never)();
    assert.equal(shown, report.markdown);
    assert.equal(report.results[0]?.outcome, 'fail');
    assert.match(
      shownText(report.markdown),
      /issued to CN=!\[seen\]\(https:\/\/attacker\.invalid\/cn\.png\) by CN=\[Your bank\]\(https:\/\/attacker\.invalid\/root\)/,
    );
    assert.deepEqual(leaks(report.markdown, 'preview'), [], report.markdown);
  });
});
