// The chat's host side, continued: settings that shape the request (persona, extra models), the user's own
// plain-http address, messages from the view that fail validation, and a corrupt history file at load.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { ChatSession } from '../../src/core/session/chatSession';
import { errorView } from '../../src/vscode/errors/errorPresentation';
import { CommandId } from '../../src/vscode/commandIds';
import { Logger } from '../../src/vscode/logger';
import { SettingsReader } from '../../src/vscode/settings/settings';
import { restoreSetting, setSetting } from '../harness/hostSettings';
import type { HostToWebview } from '../../src/shared/protocol';
import type { ChatRequest } from '../../service/src/chat/chatRequestSchema';
import { lastChatRequest } from '../harness/requestLog';
import { freshPrompter } from './featureHelpers';
import { askChat, chatState, finished, hook, recordView, service, shownNotices } from './hostService';
import { lastSnapshot, snapshotWhere } from './viewSnapshots';

async function lastChatBody(): Promise<ChatRequest | undefined> {
  return (await lastChatRequest(service.baseUrl))?.body;
}

describe('chat settings, validation and a corrupt history', () => {
  before(async () => {
    await (await hook()).apiKey.set(service.key);
    await vscode.commands.executeCommand(CommandId.openChat);
  });

  it("the persona setting is the system message of the request; a conversation's own persona replaces it", async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    await setSetting('chat.persona', "You answer like a ship's captain.");
    try {
      const shown = await snapshotWhere(h, (s) => s.settings.defaultPersona === "You answer like a ship's captain.");
      assert.equal(shown.settings.defaultPersonaFromWorkspace, false, "the user's own persona is not marked as the workspace's");
      await finished(h, await askChat(h, 'Hello?'));
      assert.deepEqual((await lastChatBody())?.messages[0], { role: 'system', content: "You answer like a ship's captain." });
      await h.chat.fromView({ type: 'setPersona', persona: 'You answer in haiku.' });
      await finished(h, await askChat(h, 'And now?'));
      const messages = (await lastChatBody())?.messages ?? [];
      assert.deepEqual(messages[0], { role: 'system', content: 'You answer in haiku.' });
      assert.equal(messages.filter((m) => m.role === 'system').length, 1, 'one system message');
    } finally {
      await setSetting('chat.persona', undefined);
      await vscode.commands.executeCommand(CommandId.newConversation);
    }
  });

  it('models from maas.models.extra appear in the picker, and the view may choose them', async () => {
    const h = await hook();
    await setSetting('models.extra', ['svc_extra_llm', { code: 'svc_extra_eye', vision: true }, { code: 'svc_extra_vl', family: 'vision' }]);
    try {
      const snapshot = await snapshotWhere(h, (s) => s.models.some((m) => m.code === 'svc_extra_vl'));
      const models = snapshot.models.map((m) => [m.code, m.family]);
      assert.deepEqual(models.slice(-3), [
        ['svc_extra_llm', 'language'],
        ['svc_extra_eye', 'vision'],
        ['svc_extra_vl', 'vision'],
      ]);
      assert.ok(models.some(([code]) => code === 'svc_llm') && models.some(([code]) => code === 'svc_vl'), 'the built-in models stay');
      await h.chat.fromView({ type: 'setModel', model: 'svc_extra_llm' });
      const state = await chatState(h);
      assert.equal(state.conversations.find((c) => c.id === state.activeId)?.model, 'svc_extra_llm');
      await h.chat.fromView({ type: 'setModel', model: 'not_configured' });
      assert.match(shownNotices(h).at(-1) ?? '', /not_configured is not one of the configured models/);
    } finally {
      await h.chat.session.setModel('svc_llm');
      await setSetting('models.extra', undefined);
    }
  });

  it('your own plain-http address on another computer is warned about once: the key would travel unencrypted', async () => {
    const h = await hook();
    const prompter = await freshPrompter();
    const warnings = (host: string): string[] => prompter.messages.filter((m) => m.level === 'warning' && m.text.includes(host)).map((m) => m.text);
    try {
      await setSetting('altBaseUrl', 'http://maas-cleartext.invalid:8080');
      const [warning] = await waitFor(() => (warnings('maas-cleartext.invalid:8080').length > 0 ? warnings('maas-cleartext.invalid:8080') : undefined), {
        what: 'the warning about the plain-http address',
      });
      assert.match(warning ?? '', /maas\.altBaseUrl is http:\/\/maas-cleartext\.invalid:8080: plain http:\/\/ .*unencrypted/);
      // The same origin again, under another path: no second warning. A new origin afterwards is warned about, which
      // also shows that the change before it was looked at.
      await setSetting('altBaseUrl', 'http://maas-cleartext.invalid:8080/other');
      await setSetting('altBaseUrl', 'http://maas-cleartext-2.invalid');
      await waitFor(() => warnings('maas-cleartext-2.invalid').length === 1, { what: 'the warning about the second address' });
      assert.equal(warnings('maas-cleartext.invalid:8080').length, 1, 'one warning per address');
      // Loopback (the local service) is this computer: no warning.
      assert.equal(warnings('127.0.0.1').length, 0);
    } finally {
      await restoreSetting('altBaseUrl');
      h.setPrompter(undefined);
    }
  });

  it('malformed messages from the view are dropped with a warning, change nothing, and the host keeps answering', async () => {
    const h = await hook();
    const before = JSON.stringify(await chatState(h));
    const noticesBefore = shownNotices(h).length;
    const record = recordView(h);
    const malformed: unknown[] = [
      null,
      'send',
      { type: 'no-such-intent' },
      { type: 'send', text: 42, images: [] },
      { type: 'send', text: 'hi', images: [], extra: true },
      { type: 'stop' },
      { type: 'edit', turnId: 'x', text: '' },
      { type: 'setParams', params: { temperature: 'hot' } },
      { type: 'openLink', href: '' },
      { type: 'runCommand', command: 'workbench.action.quit' },
    ];
    try {
      for (const message of malformed) await h.chat.fromView(message);
      assert.equal(JSON.stringify(await chatState(h)), before, 'no conversation changed');
      assert.equal(shownNotices(h).length, noticesBefore, 'no notice, no handler ran');
      assert.deepEqual(
        record.messages.filter((m) => m.type !== 'snapshot'),
        [],
        'nothing but (unrelated) snapshots was posted to the view',
      );
      await h.chat.fromView({ type: 'ready' });
      assert.equal(lastSnapshot(record.messages).active.id, (await chatState(h)).activeId, 'a valid message is still handled');
    } finally {
      record.dispose();
    }
    const logFile = path.join(h.logFolder, 'MaaS Assistant.log');
    const dropped = (): number =>
      existsSync(logFile) ? (readFileSync(logFile, 'utf8').match(/Dropped a malformed message from the chat view/g) ?? []).length : 0;
    await waitFor(() => dropped() >= malformed.length, { what: `each of the ${malformed.length} malformed messages in the log`, timeoutMs: 5000 });
  });

  it('a corrupt history file is kept aside and reported in a notice; the other conversations load', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'maas-corrupt-history-'));
    const good = { id: 'good', title: 'Still here', titleEdited: false, persona: '', model: 'svc_llm', params: {}, turns: [], createdAt: 1, updatedAt: 2 };
    await new ConversationStore(folder).save({ version: 1, activeId: 'good', conversations: [good] });
    writeFileSync(path.join(folder, 'conversations', 'broken.json'), '{"id": "broken", "turns": [');
    const channel = vscode.window.createOutputChannel('MaaS corrupt-history test', { log: true });
    const logger = new Logger(channel);
    const settings = new SettingsReader(logger);
    const session = new ChatSession({
      store: new ConversationStore(folder),
      backend: () => {
        throw new Error('this test sends nothing');
      },
      settings: () => settings.chat,
      apiKeySet: async () => false,
      changes: [],
      text: { error: errorView },
      l10n: vscode.l10n,
      log: logger,
      extensionVersion: 'test',
    });
    try {
      await session.refresh();
      assert.deepEqual(
        session.state.current.conversations.conversations.map((c) => c.title),
        ['Still here'],
      );
      const files = readdirSync(path.join(folder, 'conversations'));
      const kept = files.find((f) => f.startsWith('broken.json.corrupt-'));
      assert.ok(kept, `the broken file is set aside, not deleted (${files.join(', ')})`);
      assert.equal(readFileSync(path.join(folder, 'conversations', kept), 'utf8'), '{"id": "broken", "turns": [', 'byte for byte');
      assert.ok(!files.includes('broken.json'));
      const shown: HostToWebview[] = [];
      session.onDidEmit((message) => shown.push(message));
      await session.refresh(); // as the view does when it is ready
      const [notice] = lastSnapshot(shown).notices;
      assert.equal(notice?.level, 'error');
      assert.match(notice?.text ?? '', /could not be read and was kept aside as .*broken\.json\.corrupt-.*nothing was deleted/);
    } finally {
      session.dispose();
      settings.dispose();
      channel.dispose();
    }
  });
});
