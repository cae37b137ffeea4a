// The chat's host side inside a real extension host, against the local service: a question's answer lands in
// the history on disk, multi-turn history is re-sent, a dropped stream keeps its partial answer, a disabled key
// is classified, and Add Selection to Chat collects the selection.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { restoreSetting, setSetting } from '../harness/hostSettings';
import { chatRequests, lastChatRequest } from '../harness/requestLog';
import { api, askChat, chatState, finished, hook, recordView, service, shownNotices } from './hostService';

/** A 16×8 grey PNG as the view sends an attached image. */
function greyImage(): { name: string; mime: 'image/png'; dataBase64: string; width: number; height: number; thumbnail: string } {
  const image = new PNG({ width: 16, height: 8 });
  image.data.fill(200);
  const base64 = PNG.sync.write(image).toString('base64');
  return { name: 'grey.png', mime: 'image/png', dataBase64: base64, width: 16, height: 8, thumbnail: `data:image/png;base64,${base64}` };
}

describe('chat against the local service', () => {
  before(async () => {
    assert.ok(service.baseUrl, 'the harness passes the local service');
    await (await hook()).apiKey.set(service.key);
    await api('/_local/reset', {});
  });

  it('answers a question and keeps it in the history on disk', async () => {
    const h = await hook();
    const turnId = await askChat(h, 'What is a moving average?');
    const turn = await finished(h, turnId);
    assert.equal(turn.status, 'done');
    assert.ok(turn.answer.length > 100, 'a real answer arrived');
    assert.ok(turn.usage, 'usage is recorded');
    // Saves are asynchronous: wait for the conversation file to hold the finished turn.
    const onDisk = (): string =>
      existsSync(h.chat.storePath)
        ? readdirSync(h.chat.storePath)
            .map((f) => readFileSync(path.join(h.chat.storePath, f), 'utf8'))
            .join('\n')
        : '';
    await waitFor(() => onDisk().includes(turnId) && onDisk().includes('"status":"done"'), { what: 'the finished turn on disk', timeoutMs: 5000 });
  });

  it('shows the conversations another window saves or deletes in the shared history folder', async () => {
    const h = await hook();
    // A conversation of this test's own to copy (the test does not rely on what an earlier one left).
    const asked = await askChat(h, 'A question whose conversation another window copies');
    await finished(h, asked);
    const before = await chatState(h);
    const template = before.conversations.find((c) => c.turns.some((t) => t.id === asked));
    assert.ok(template, 'the question has its conversation');
    const id = 'from-another-window';
    const other = { ...template, id, title: 'Asked in another window', updatedAt: Date.now() };
    const file = path.join(h.chat.storePath, `${id}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(other)); // as the other window writes: whole file, then rename
    renameSync(`${file}.tmp`, file);
    const listed = async (): Promise<{ id: string; title: string }[]> => {
      const state = await chatState(h);
      return [...state.conversations, ...(state.unloaded ?? [])];
    };
    const shows = (present: boolean): Promise<boolean> =>
      waitFor(async () => (await listed()).some((c) => c.id === id && c.title === other.title) === present, {
        what: `the conversation ${present ? 'shown' : 'gone'}`,
        timeoutMs: 5000,
      });
    await shows(true);
    assert.equal((await chatState(h)).activeId, before.activeId, 'the active conversation stays');

    // The other window is answering: opened here, it shows the answer as saved, and its Stop says where to stop it.
    const streamingTurn = { ...template.turns[0], id: 'streaming-elsewhere', status: 'streaming', answer: 'half an ans' };
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...other, turns: [streamingTurn], updatedAt: Date.now() }));
    renameSync(`${file}.tmp`, file);
    await h.chat.fromView({ type: 'selectConversation', conversationId: id });
    await waitFor(async () => (await chatState(h)).conversations.some((c) => c.turns.some((t) => t.id === streamingTurn.id)), {
      what: "the other window's streaming turn",
      timeoutMs: 5000,
    });
    const shown = (await chatState(h)).conversations.find((c) => c.id === id)?.turns[0];
    assert.deepEqual([shown?.status, shown?.answer], ['streaming', 'half an ans'], 'not marked interrupted: it is alive elsewhere');
    h.chat.session.stop(streamingTurn.id);
    assert.match(shownNotices(h).at(-1) ?? '', /another VS Code window/);
    rmSync(file);
    await shows(false);
    assert.notEqual((await chatState(h)).activeId, id, 'another conversation is open once that one is gone');
  });

  it("does what the view's buttons ask: copy, insert at the cursor, open in an editor, export, and only the links the link rule opens", async () => {
    const h = await hook();
    await h.chat.fromView({ type: 'copyText', text: 'copied from the chat' });
    assert.equal(await vscode.env.clipboard.readText(), 'copied from the chat');

    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'typescript', content: 'let x = OLD;\n' }));
    editor.selection = new vscode.Selection(0, 8, 0, 11);
    await h.chat.fromView({ type: 'insertCode', code: 'computeNew()' });
    assert.equal(editor.document.getText(), 'let x = computeNew();\n', 'the selection is replaced by the code');

    await h.chat.fromView({ type: 'openCode', code: 'print("hi")\n', language: 'python' });
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'python');
    assert.equal(vscode.window.activeTextEditor?.document.getText(), 'print("hi")\n');

    // A conversation of this test's own to export (it does not rely on what an earlier test left).
    await vscode.commands.executeCommand(CommandId.newConversation);
    const asked = await askChat(h, 'A question this test exports');
    await finished(h, asked);
    const state = await chatState(h);
    const active = state.conversations.find((c) => c.turns.some((t) => t.id === asked));
    assert.ok(active, 'the question has its conversation');
    await h.chat.fromView({ type: 'exportConversation', conversationId: active.id });
    const exported = vscode.window.activeTextEditor?.document;
    assert.equal(exported?.languageId, 'markdown');
    const text = exported?.getText() ?? '';
    assert.ok(text.includes('A question this test exports'), `the export holds the question: ${text.slice(0, 300)}`);

    await h.chat.fromView({ type: 'openLink', href: 'javascript:alert(1)' });
    assert.match(shownNotices(h).at(-1) ?? '', /Only http, https and mailto links/);
    await h.chat.fromView({ type: 'openLink', href: 42 }); // malformed: dropped, never handled
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('re-sends the earlier turns with the next question (spec 4.1)', async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    await finished(h, await askChat(h, 'First question'));
    await finished(h, await askChat(h, 'Second question'));
    const last = await lastChatRequest(service.baseUrl);
    assert.deepEqual(
      last?.body.messages.map((m) => m.role),
      ['user', 'assistant', 'user'],
    );
  });

  it('a question with an image asked of svc_llm is answered by svc_llm from the description svc_vl made first', async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    await h.chat.fromView({ type: 'send', text: 'What colour is this?', images: [greyImage()] });
    const state = await chatState(h);
    const active = state.conversations.find((c) => c.id === state.activeId);
    assert.equal(active?.model, 'svc_llm', 'the conversation stays on the model picked');
    const turn = await finished(h, active?.turns[0]?.id ?? '');
    assert.equal(turn.status, 'done', JSON.stringify(turn.error));
    assert.equal(turn.imageDescription?.model, 'svc_vl');
    assert.match(turn.imageDescription?.text ?? '', /Image 1: PNG, 16×8 pixels/);
    assert.deepEqual((await chatRequests(service.baseUrl)).map((r) => r.body.model).slice(-2), ['svc_vl', 'svc_llm']);
    await vscode.commands.executeCommand(CommandId.newConversation);
  });

  it('with maas.images.withTextModel set to visionModel, an image switches the conversation to the vision model and says so', async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    await setSetting('images.withTextModel', 'visionModel');
    try {
      await h.chat.fromView({ type: 'send', text: 'What colour is this?', images: [greyImage()] });
      assert.match(shownNotices(h).at(-1) ?? '', /Images need the vision model: switched to svc_vl/);
      const state = await chatState(h);
      const active = state.conversations.find((c) => c.id === state.activeId);
      assert.equal(active?.model, 'svc_vl');
      const turn = await finished(h, active?.turns[0]?.id ?? '');
      assert.match(turn.answer, /PNG, 16×8/);
      // A follow-up without an image re-sends the last one, so the model still sees it.
      const followUp = await finished(h, await askChat(h, 'And its size?'));
      assert.match(followUp.answer, /received 1 image/);
    } finally {
      await restoreSetting('images.withTextModel');
      await vscode.commands.executeCommand(CommandId.newConversation); // the next tests ask the language model
    }
  });

  it('keeps the partial answer of a dropped stream, marked interrupted', async () => {
    const h = await hook();
    await api('/_local/faults', { route: '/maas/v1/chat/completions', dropAfterChunks: 12 });
    const turn = await finished(h, await askChat(h, 'Tell me about streams.'));
    assert.equal(turn.status, 'interrupted');
    assert.ok(turn.answer.length > 0, 'the text received before the drop is kept');
    assert.equal(turn.error?.kind, 'interrupted');
  });

  it('classifies a disabled key', async () => {
    const h = await hook();
    const { keys } = await api<{ keys: { id: string; name: string; key: string }[] }>('/console/api/keys');
    const personal = keys.find((k) => k.name === 'host-personal');
    assert.ok(personal);
    await api(`/console/api/keys/${personal.id}/disable`, {});
    await h.apiKey.set(personal.key);
    try {
      const turn = await finished(h, await askChat(h, 'Hello?'));
      assert.equal(turn.status, 'error');
      assert.equal(turn.error?.kind, 'keyDisabled');
    } finally {
      await h.apiKey.set(service.key);
      await api(`/console/api/keys/${personal.id}/enable`, {});
    }
  });

  it('Add Selection to Chat collects the selection as context, and refuses an empty one', async () => {
    const h = await hook();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const editor = await vscode.window.showTextDocument(vscode.Uri.joinPath(folder.uri, 'sample.md'));
    // Chips another test left would go with the question too: the assertions look at what this test adds.
    const waiting = h.chat.session.state.current.waitingContext;
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand(CommandId.addSelectionToChat);
    assert.deepEqual(h.chat.session.state.current.waitingContext, waiting, 'an empty selection adds nothing');
    editor.selection = new vscode.Selection(2, 0, 3, 10);
    await vscode.commands.executeCommand(CommandId.addSelectionToChat);
    const [chip, ...more] = h.chat.session.state.current.waitingContext.filter((item) => !waiting.includes(item));
    assert.equal(more.length, 0, 'one chip for one selection');
    assert.equal(chip?.kind, 'selection');
    assert.equal(chip?.label, 'sample.md:3-4');
    assert.equal(chip?.text, editor.document.getText(editor.selection));
    const turn = await finished(h, await askChat(h, 'Explain the selection.'));
    assert.equal(turn.status, 'done');
    assert.equal(h.chat.session.state.current.waitingContext.length, 0, 'the context went with the question');
  });

  it('refuses every link but http(s) and mailto with a notice, one notice for the cause; dismissing it removes it for good', async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.openChat); // a view must be open to be told anything
    const record = recordView(h);
    try {
      await h.chat.fromView({ type: 'openLink', href: 'file:///etc/passwd' });
      // Other suites may have left notices of their own causes; this test looks at the link notices only.
      const linkNotices = (notices: readonly { id: string; text: string }[]): { id: string; text: string }[] =>
        notices.filter((n) => n.text.startsWith('Only http, https and mailto links'));
      const shownNow = (): { id: string; text: string }[] =>
        linkNotices(record.messages.flatMap((m) => (m.type === 'notices' ? [m.notices] : [])).at(-1) ?? []);
      const [file] = shownNow();
      assert.ok(file, 'the refused link gets a notice');
      assert.match(file.text, /Only http, https and mailto links open from the chat; this one was not opened: file:\/\/\/etc\/passwd/);
      await h.chat.fromView({ type: 'openLink', href: 'ftp://example.com/file' });
      const shown = shownNow();
      assert.deepEqual(
        shown.map((n) => n.text.includes('ftp://example.com/file')),
        [true],
        'the second refusal replaces the first: one notice per cause, never a pile',
      );
      await h.chat.fromView({ type: 'dismissNotice', noticeId: shown[0]?.id ?? '' });
      assert.deepEqual(shownNow(), [], 'the dismissed notice is gone from the view at once');
      await h.chat.fromView({ type: 'ready' }); // the view reloads
      const last = record.messages.filter((m) => m.type === 'snapshot').at(-1);
      assert.ok(last?.type === 'snapshot' && linkNotices(last.snapshot.notices).length === 0, 'a reload does not bring it back');
      assert.equal(
        shownNotices(h).some((text) => text.startsWith('Only http, https and mailto links')),
        false,
      );
    } finally {
      record.dispose();
    }
  });

  it("Regenerate asks the model the turn was asked with, not the picker's later choice", async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    const turnId = await askChat(h, 'Which model answers?');
    await finished(h, turnId);
    await h.chat.session.setModel('svc_vl');
    try {
      await h.chat.fromView({ type: 'regenerate', turnId });
      const turn = await finished(h, turnId);
      assert.equal(turn.model, 'svc_llm');
      assert.equal((await lastChatRequest(service.baseUrl))?.body.model, 'svc_llm');
    } finally {
      await h.chat.session.setModel('svc_llm');
    }
  });

  it('deleting turns (editing an earlier question) removes their images from storage', async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    const first = await finished(h, await askChat(h, 'First question'));
    const image = new PNG({ width: 8, height: 8 });
    image.data.fill(120);
    const base64 = PNG.sync.write(image).toString('base64');
    await h.chat.fromView({
      type: 'send',
      text: 'Look at this',
      images: [{ name: 'x.png', mime: 'image/png', dataBase64: base64, width: 8, height: 8, thumbnail: `data:image/png;base64,${base64}` }],
    });
    const state = await chatState(h);
    const withImage = state.conversations.find((c) => c.id === state.activeId)?.turns[1];
    const file = withImage?.images[0]?.file;
    assert.ok(withImage && file, 'the image was stored');
    await finished(h, withImage.id);
    const imagePath = path.join(path.dirname(h.chat.storePath), 'images', file);
    assert.ok(existsSync(imagePath));
    await h.chat.fromView({ type: 'edit', turnId: first.id, text: 'First question, edited' });
    await finished(h, first.id);
    await waitFor(() => !existsSync(imagePath), { what: "the dropped turn's image file deleted", timeoutMs: 5000 });
    await vscode.commands.executeCommand(CommandId.newConversation);
  });
});
