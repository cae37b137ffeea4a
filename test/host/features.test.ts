// The knowledge-base, image, speech and diagnostics commands inside a real extension host, against the local
// service. Prompts go through a scripted Prompter (the test hook's setPrompter), so the test answers pickers and
// input boxes and reads the messages the user would see.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import { webp } from '../../service/test/testImages';
import type { SpeechSegment } from '../../src/core/speech/pipelinedSynthesizer';
import { CommandId } from '../../src/vscode/commandIds';
import { api, chatState, finished, hook, service } from './hostService';
import { editorWith, freshPrompter, isRiffWave, pngFile, scriptStrictKnowledgeBase, signIn } from './featureHelpers';
import { lastChatRequest, requestCount } from '../harness/requestLog';
import { restoreSetting, restoreSettings, setSetting } from '../harness/hostSettings';
import type { ScriptedPrompter } from './scriptedPrompter';
import { DEFAULT_VALUE } from './scriptedPrompter';

describe('knowledge base, images, speech and diagnostics', () => {
  let dir = '';
  let prompter: ScriptedPrompter;

  before(async () => {
    assert.ok(service.baseUrl, 'the harness passes the local service');
    dir = mkdtempSync(path.join(os.tmpdir(), 'maas-host-features-'));
    await signIn(false);
    await api('/_local/reset', {});
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
  });

  after(async () => {
    (await hook()).setPrompter(undefined);
    (await hook()).speech.attachPlayer(undefined);
    await restoreSettings();
    rmSync(dir, { recursive: true, force: true });
  });

  it('Ask Knowledge Base refuses without a selection, and without a configured knowledge base offers to add one', async () => {
    await editorWith('Where is the API key kept?', 'none');
    await vscode.commands.executeCommand(CommandId.askKnowledgeBase);
    assert.deepEqual(prompter.messages, [{ level: 'info', text: 'Select some text first.' }]);
    await setSetting('knowledgeBases', []);
    await editorWith('Where is the API key kept?', 'all');
    await vscode.commands.executeCommand(CommandId.askKnowledgeBase);
    assert.equal(prompter.messages[1]?.level, 'warning');
    assert.match(prompter.messages[1]?.text ?? '', /No knowledge base is configured/);
    assert.deepEqual(prompter.offered.get(prompter.messages[1]?.text ?? ''), ['Add Knowledge Base'], 'the message offers MaaS: Add Knowledge Base');
  });

  it('Ask Knowledge Base answers with a citation mark, the retrieval tool in the request, in strict mode', async () => {
    const h = await hook();
    await setSetting('knowledgeBases', [{ id: 3, name: 'Host guide' }]);
    await setSetting('knowledge.tipsText', 'Nothing in the guide, sorry.');
    await setSetting('knowledge.textThreshold', 0.3);
    await editorWith('Where is the API key kept by the Set API Key command?', 'all');
    scriptStrictKnowledgeBase(prompter, 3);
    const turnId = await vscode.commands.executeCommand<string>(CommandId.askKnowledgeBase);
    assert.ok(turnId, `a turn started; messages: ${JSON.stringify(prompter.messages)}`);
    const turn = await finished(h, turnId);
    assert.equal(turn.status, 'done');
    assert.equal(turn.kind, 'knowledge');
    assert.match(turn.answer, /\^\[\d+\]\^/, 'the answer carries a citation mark');
    assert.deepEqual({ mode: turn.knowledge?.mode, bases: turn.knowledge?.bases }, { mode: 'strict', bases: [{ id: 3, name: 'Host guide' }] });
    assert.match(turn.context[0]?.text ?? '', /Set API Key/);
    const last = await lastChatRequest(service.baseUrl);
    const tool = last?.body.tools?.[0];
    assert.equal(tool?.type, 'retrieval');
    const retrieval = tool?.type === 'retrieval' ? tool.retrieval : undefined;
    assert.deepEqual(retrieval?.knowledge_ids, [3]);
    assert.equal(retrieval?.chat_mode, 2);
    assert.deepEqual(
      retrieval,
      { knowledge_ids: [3], chat_mode: 2, remove_corner_mark: false, backup_chat: true, tips_text: 'Nothing in the guide, sorry.', text_threshold: 0.3 },
      'every retrieval option comes from the settings',
    );

    // Regenerate sends the same tool again: it is kept in the stored turn, so a reload does not lose it.
    await h.chat.session.rerun(turnId);
    const again = await finished(h, turnId);
    assert.equal(again.status, 'done');
    assert.deepEqual((await lastChatRequest(service.baseUrl))?.body.tools, last?.body.tools);
    const saved = readFileSync(path.join(h.chat.storePath, `${(await chatState(h)).activeId ?? ''}.json`), 'utf8');
    assert.match(saved, /"retrieval":\{"knowledge_ids":\[3\]/, 'the tool is in the history file');
  });

  it('Describe Image from the Explorer with two PNG files gives two image turns naming PNG and the size', async () => {
    const h = await hook();
    const red = pngFile(dir, 'red.png', 40, 30, [200, 30, 40]);
    const blue = pngFile(dir, 'blue.png', 20, 10, [20, 40, 220]);
    // The conversation's parameters are the language model's: they must not go to the vision model.
    await vscode.commands.executeCommand(CommandId.newConversation);
    await h.chat.session.setParams({ temperature: 0.33, maxTokens: 77 });
    prompter.script(DEFAULT_VALUE);
    const turnIds = await vscode.commands.executeCommand<string[]>(CommandId.describeImage, red, [red, blue]);
    assert.equal(turnIds.length, 2);
    const [first, second] = await Promise.all(turnIds.map((id) => finished(h, id)));
    assert.equal(first?.kind, 'image');
    assert.match(first?.answer ?? '', /PNG/);
    assert.match(first?.answer ?? '', /40×30/);
    assert.match(second?.answer ?? '', /received 1 image\(s\)[^]*20×10/, 'each turn sends its own image, not the one before');
    assert.equal(first?.images[0]?.name, 'red.png');
    assert.match(first?.images[0]?.thumbnail ?? '', /^data:image\/png;base64,/);
    const last = await lastChatRequest(service.baseUrl);
    assert.equal(last?.body.model, 'svc_vl');
    assert.deepEqual([last?.body.temperature, last?.body.max_tokens], [undefined, undefined], 'no svc_llm parameters sent to svc_vl');
  });

  it('Describe Image reads a WebP with the bundled decoder: its size, and a PNG thumbnail', async () => {
    const h = await hook();
    const file = path.join(dir, 'green.webp');
    writeFileSync(file, await webp(300, 200, [20, 200, 40], [200, 200, 200]));
    prompter.script(DEFAULT_VALUE);
    const [turnId] = await vscode.commands.executeCommand<string[]>(CommandId.describeImage, vscode.Uri.file(file));
    const turn = await finished(h, turnId ?? '');
    assert.match(turn?.answer ?? '', /received 1 image\(s\)/, 'only its own image goes with it');
    assert.match(turn?.answer ?? '', /WEBP, 300×200/);
    assert.match(turn?.answer ?? '', /300×200/);
    assert.match(turn?.images[0]?.thumbnail ?? '', /^data:image\/png;base64,/, 'the WebP got a PNG thumbnail');
  });

  it('Describe Image with the image preview active describes the previewed file; from the palette it asks for files', async () => {
    const h = await hook();
    const previewed = pngFile(dir, 'previewed.png', 24, 12, [200, 200, 30]);
    await vscode.commands.executeCommand('vscode.openWith', previewed, 'imagePreview.previewEditor');
    prompter.script(DEFAULT_VALUE);
    const [fromPreview] = await vscode.commands.executeCommand<string[]>(CommandId.describeImage);
    assert.deepEqual(prompter.asked, ['input:Describe image'], 'no file picker while an image is previewed');
    assert.match((await finished(h, fromPreview ?? ''))?.answer ?? '', /24×12/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const picked = pngFile(dir, 'picked.png', 18, 9, [30, 30, 200]);
    prompter.script([picked], DEFAULT_VALUE);
    const [fromPalette] = await vscode.commands.executeCommand<string[]>(CommandId.describeImage);
    assert.deepEqual(prompter.asked.slice(1), ['open', 'input:Describe image']);
    assert.match((await finished(h, fromPalette ?? ''))?.answer ?? '', /18×9/);

    prompter.script(undefined);
    assert.deepEqual(await vscode.commands.executeCommand<string[]>(CommandId.describeImage), [], 'a cancelled picker does nothing');
  });

  it('Describe Image refuses a file that is not an image, whatever its extension', async () => {
    const fake = path.join(dir, 'notes.png');
    writeFileSync(fake, 'just some text, not an image');
    prompter.script(DEFAULT_VALUE);
    const turnIds = await vscode.commands.executeCommand<string[]>(CommandId.describeImage, vscode.Uri.file(fake), [vscode.Uri.file(fake)]);
    assert.deepEqual(turnIds, []);
    assert.equal(prompter.messages[0]?.level, 'error');
    assert.match(prompter.messages[0]?.text ?? '', /notes\.png/);
  });

  it('Describe Image from URL refuses an http address', async () => {
    prompter.script('http://example.com/picture.png');
    const turnId = await vscode.commands.executeCommand<string | undefined>(CommandId.describeImageFromUrl);
    assert.equal(turnId, undefined);
    assert.equal(prompter.messages[0]?.level, 'error');
    assert.match(prompter.messages[0]?.text ?? '', /https/);
  });

  it("Describe Image from URL sends an https address as it is, and shows the service's refusal in place", async () => {
    const h = await hook();
    prompter.script('  https://images.example.com/cats/tabby.png ', DEFAULT_VALUE);
    const turnId = await vscode.commands.executeCommand<string | undefined>(CommandId.describeImageFromUrl);
    assert.ok(turnId, `a turn started; messages: ${JSON.stringify(prompter.messages)}`);
    const turn = await finished(h, turnId);
    assert.equal(turn.images[0]?.name, 'tabby.png');
    const last = await lastChatRequest(service.baseUrl);
    assert.equal(last?.body.model, 'svc_vl');
    assert.match(JSON.stringify(last?.body.messages.at(-1)?.content), /"image_url":\{"url":"https:\/\/images\.example\.com\/cats\/tabby\.png"\}/);
    // The local service, like a service that cannot fetch the address, refuses it: an error in the turn, not a crash.
    assert.equal(turn.status, 'error');
    assert.match(turn.error?.serverMessage ?? turn.error?.message ?? '', /远程图片/);
  });

  it('Open Console without maas.consoleUrl says what to set; Add Current File to Chat needs a file with text', async () => {
    const h = await hook();
    await setSetting('consoleUrl', '');
    try {
      await vscode.commands.executeCommand(CommandId.openConsole);
      assert.equal(prompter.messages[0]?.level, 'warning');
      assert.match(prompter.messages[0]?.text ?? '', /maas\.consoleUrl/);
    } finally {
      await restoreSetting('consoleUrl'); // the runner's own value: the console tests of other files need it
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand(CommandId.addFileToChat);
    assert.match(prompter.messages[1]?.text ?? '', /Open a file/);
    await editorWith('   \n  ', 'none');
    await vscode.commands.executeCommand(CommandId.addFileToChat);
    assert.match(prompter.messages[2]?.text ?? '', /is empty/);
    await editorWith('const answer = 42;\n', 'none');
    const waiting = h.chat.session.state.current.waitingContext;
    await vscode.commands.executeCommand(CommandId.addFileToChat);
    const added = h.chat.session.state.current.waitingContext.filter((item) => !waiting.includes(item));
    try {
      assert.deepEqual(
        added.map((chip) => [chip.kind, chip.text]),
        [['file', 'const answer = 42;\n']],
      );
    } finally {
      // The chip would go with the next question any test asks: removed as the view's × removes it.
      for (const chip of added) await h.chat.fromView({ type: 'removeContext', contextId: chip.id });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('New Conversation starts an empty active conversation and keeps the previous one', async () => {
    const h = await hook();
    const before = await chatState(h);
    await vscode.commands.executeCommand(CommandId.newConversation);
    const after = await chatState(h);
    assert.notEqual(after.activeId, before.activeId);
    assert.equal(after.conversations.find((c) => c.id === after.activeId)?.turns.length, 0);
    assert.ok(
      [...after.conversations, ...(after.unloaded ?? [])].some((c) => c.id === before.activeId),
      'the previous conversation is kept (in the list; its turns stay on disk until it is opened again)',
    );
  });

  it('Clear Speech Credentials removes them; Read Aloud to File then asks for them before any dialog', async () => {
    const h = await hook();
    await h.speech.setCredentials(service.speech);
    try {
      await vscode.commands.executeCommand(CommandId.clearSpeechCredentials);
      assert.equal(await h.speech.getCredentials(), undefined);
      assert.match(prompter.messages[0]?.text ?? '', /speech credentials cleared/);
      await editorWith('A sentence to save as audio.', 'all');
      assert.equal(await vscode.commands.executeCommand(CommandId.readAloudToFile), undefined);
      assert.equal(prompter.messages[1]?.level, 'warning', JSON.stringify(prompter.messages));
      assert.match(prompter.messages[1]?.text ?? '', /appkey and token/);
      assert.ok(!prompter.asked.includes('save'), 'no save dialog without credentials');
    } finally {
      await h.speech.setCredentials(service.speech);
    }
  });

  it("Test Connection reports a failing step with the service's reason, and no credential", async () => {
    const h = await hook();
    const wrong = 'sk-host-wrong-key-0123456789';
    await h.apiKey.set(wrong);
    try {
      const report = await vscode.commands.executeCommand<{ results: { name: string; outcome: string; detail: string }[]; markdown: string }>(
        CommandId.testConnection,
      );
      const auth = report.results.find((r) => /Authentication/.test(r.name));
      assert.equal(auth?.outcome, 'fail', report.markdown);
      assert.match(auth?.detail ?? '', /\S/, 'the reason is given');
      assert.ok(!report.markdown.includes(wrong), 'the key is not in the report');
      assert.equal(prompter.messages[0]?.level === 'info', false, 'not announced as a success');
    } finally {
      await h.apiKey.set(service.key);
    }
  });

  it('Read Aloud asks for speech credentials when none are set; Set Speech Credentials stores them trimmed', async () => {
    const h = await hook();
    await h.speech.clearCredentials();
    try {
      await editorWith('A sentence to read aloud.', 'all');
      await vscode.commands.executeCommand(CommandId.readAloud);
      assert.equal(prompter.messages[0]?.level, 'warning', JSON.stringify(prompter.messages));
      assert.match(prompter.messages[0]?.text ?? '', /appkey and token/);
      prompter.script('');
      assert.equal(await vscode.commands.executeCommand(CommandId.setSpeechCredentials), false, 'a blank appkey is refused');
      prompter.script(`  ${service.speech.appkey} `, ` ${service.speech.token}  `);
      assert.equal(await vscode.commands.executeCommand(CommandId.setSpeechCredentials), true);
      assert.deepEqual(await h.speech.getCredentials(), service.speech);
    } finally {
      await h.speech.setCredentials(service.speech);
    }
  });

  it('Read Aloud hands the player WAV segments in order, sentence by sentence, without the code block', async () => {
    const h = await hook();
    await h.speech.setCredentials(service.speech);
    await setSetting('speech.longTextThreshold', 50);
    const segments: SpeechSegment[] = [];
    h.speech.attachPlayer({
      play: async (iterable) => {
        for await (const segment of iterable) segments.push(segment);
      },
      stop: () => undefined,
    });
    await editorWith('The first sentence is here. The second sentence follows it!\n\n```ts\nconst hidden = 1;\n```\n\nThe last one^[1]^ ends.', 'none');
    const result = await vscode.commands.executeCommand<{ sentences: number }>(CommandId.readAloud);
    assert.equal(result.sentences, 3);
    assert.deepEqual(
      segments.map((s) => s.index),
      [0, 1, 2],
    );
    assert.ok(
      segments.every((s) => isRiffWave(s.audio)),
      'every segment is a WAV file',
    );
    assert.ok(!segments.some((s) => s.text.includes('hidden') || s.text.includes('^[')), 'code and marks are not read');
  });

  it('Read Aloud to File writes a real WAV file, by real-time synthesis and by the long-text task', async () => {
    const h = await hook();
    await h.speech.setCredentials(service.speech);
    await setSetting('speech.longTextThreshold', 50);
    await editorWith('Short text.', 'all');
    prompter.script(vscode.Uri.file(path.join(dir, 'short.wav')));
    const short = await vscode.commands.executeCommand<string>(CommandId.readAloudToFile);
    assert.equal(short, path.join(dir, 'short.wav'));
    assert.ok(isRiffWave(readFileSync(short)));
    await editorWith('This text is longer than the threshold of fifty characters. So it goes to the long-text task.', 'all');
    prompter.script(vscode.Uri.file(path.join(dir, 'long')));
    const long = await vscode.commands.executeCommand<string>(CommandId.readAloudToFile);
    assert.equal(long, path.join(dir, 'long.wav'), 'the extension of the format is added');
    assert.ok(isRiffWave(readFileSync(long)));
    assert.deepEqual(h.speech.pendingTasks(), [], 'a finished task is no longer kept for resuming');
    assert.ok((await requestCount(service.baseUrl, '/maas/v2/api/tts-long-commit')) > 0, 'the long-text task was used');
  });

  it('Choose Voice lists the service speakers and stores the choice', async () => {
    prompter.script((items: readonly { speaker?: { id: string } }[]) => items.find((i) => i.speaker?.id === 'en_male_tom'));
    await setSetting('speech.voice', undefined); // remembered, so that the test puts back the value it found
    try {
      assert.equal(await vscode.commands.executeCommand(CommandId.chooseVoice), 'en_male_tom');
      assert.equal(vscode.workspace.getConfiguration('maas').get('speech.voice'), 'en_male_tom');
    } finally {
      await restoreSetting('speech.voice');
    }
  });

  it("Test Connection's report quotes the service's words without loading anything: their image a link, their HTML text", async () => {
    const h = await hook();
    await h.speech.setCredentials(service.speech);
    const words = 'See ![status](https://attacker.invalid/seen.png) <img src="https://attacker.invalid/opened.png">';
    await api('/_local/faults', {
      route: '/maas/v2/api/get_speakers',
      port: 'any',
      count: 1,
      status: 200,
      body: { request_id: 'r-1', code: 99_999, message: words },
    });
    const report = await vscode.commands.executeCommand<{ results: { name: string; outcome: string; detail: string }[]; markdown: string }>(
      CommandId.testConnection,
    );
    const speakers = report.results.find((r) => /Speaker list/.test(r.name));
    assert.equal(speakers?.outcome, 'fail', report.markdown);
    assert.ok(speakers?.detail.includes(words), 'the step quotes the service');
    const loads: string[] = [];
    const walk = (tokens: ReturnType<MarkdownIt['parse']>): void => {
      for (const token of tokens) {
        if (token.type === 'image' || token.type.startsWith('html_')) loads.push(`${token.type}: ${token.content}`);
        if (token.children !== null) walk(token.children);
      }
    };
    walk(new MarkdownIt({ html: true, linkify: true }).parse(report.markdown, {}));
    assert.deepEqual(loads, [], report.markdown);
    assert.ok(report.markdown.includes('See [status](https://attacker.invalid/seen.png) &lt;img'), report.markdown);
  });

  it('Test Connection passes every step against the local service and its report shows no credential', async () => {
    const h = await hook();
    await h.speech.setCredentials(service.speech);
    const report = await vscode.commands.executeCommand<{ results: { name: string; outcome: string; ms: number }[]; markdown: string }>(
      CommandId.testConnection,
    );
    assert.deepEqual(
      report.results.map((r) => r.outcome),
      ['pass', 'pass', 'pass', 'pass', 'pass', 'pass'],
      report.markdown,
    );
    assert.ok(!report.markdown.includes(service.key) && !report.markdown.includes(service.speech.token), 'no credential in the report');
    assert.match(prompter.messages[0]?.text ?? '', /all 6 checks passed/);
    // Each step says what it proved: a 404 for the bare address reads as expected, not as a failure.
    assert.match(report.markdown, /Reachable: \S+ answered HTTP 404, which is expected for the bare address/);
    assert.match(report.markdown, /The API key is accepted: svc_llm answered/);
    // The report opens in the Markdown preview, from a read-only document that leaves nothing unsaved.
    const previewOpen = (): boolean =>
      vscode.window.tabGroups.all.some((group) =>
        group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(tab.input.viewType)),
      );
    await waitFor(previewOpen, { what: 'the Markdown preview of the report', timeoutMs: 10000 });
    // The same document shows each new report (an earlier test's report was there before).
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse('maas-report:/connection-report.md'));
    await waitFor(() => document.getText() === report.markdown, { what: 'the report document to show this report', timeoutMs: 5000 });
    assert.equal(document.isDirty, false);
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand(CommandId.copyConnectionReport), true);
    assert.equal(await vscode.env.clipboard.readText(), report.markdown);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("the status bar shows the active conversation's model with a key, and Set MaaS key without one", async () => {
    const h = await hook();
    await vscode.commands.executeCommand(CommandId.newConversation);
    await h.statusBar.refresh();
    assert.equal(h.statusBar.text(), '$(comment-discussion) svc_llm');
    const shows = async (text: string): Promise<string> => {
      await waitFor(() => h.statusBar.text() === text, { what: `the status bar item to read ${text} (it reads ${h.statusBar.text()})`, timeoutMs: 5000 });
      return h.statusBar.text();
    };
    await h.chat.session.setModel('svc_vl');
    assert.equal(await shows('$(comment-discussion) svc_vl'), '$(comment-discussion) svc_vl', 'it follows the model picker by itself');
    await vscode.commands.executeCommand(CommandId.newConversation);
    assert.equal(await shows('$(comment-discussion) svc_llm'), '$(comment-discussion) svc_llm', 'and the conversation shown');
    assert.equal(h.statusBar.command(), CommandId.openChat);
    try {
      await vscode.commands.executeCommand(CommandId.clearApiKey);
      await h.statusBar.refresh();
      assert.equal(h.statusBar.text(), '$(key) Set MaaS key');
      assert.equal(h.statusBar.command(), CommandId.setApiKey);
    } finally {
      await h.apiKey.set(service.key);
    }
  });

  it('the MaaS Assistant log holds the requests and never a key, an appkey or a token, a refused key included', async () => {
    const h = await hook();
    const logFile = path.join(h.logFolder, 'MaaS Assistant.log');
    const wrong = 'sk-host-log-wrong-key-0123456789';
    const secrets = [service.key, service.speech.appkey, service.speech.token, wrong];
    const read = (): string => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
    // This test's own requests, whatever ran before it: Test Connection with a refused key, then with the right key
    // and the speech credentials (the reachability probe, a chat answer, the speaker list and a synthesis).
    await h.speech.setCredentials(service.speech);
    await h.apiKey.set(wrong);
    try {
      await vscode.commands.executeCommand(CommandId.testConnection);
    } finally {
      await h.apiKey.set(service.key);
    }
    const logged = read().length;
    const report = await vscode.commands.executeCommand<{ results: { outcome: string }[]; markdown: string }>(CommandId.testConnection);
    assert.ok(
      report.results.every((r) => r.outcome === 'pass'),
      report.markdown,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const written = (): string => read().slice(logged);
    await waitFor(() => /maas\/v2\/api\/tts/.test(written()), {
      what: `the speech requests in the log (${readdirSync(h.logFolder).join(', ')})`,
      timeoutMs: 5000,
    });
    assert.match(written(), /chat\/completions/, 'the chat requests are logged');
    const probe = `GET ${new URL(service.baseUrl).origin}${new URL(service.baseUrl).pathname} → `;
    assert.ok(written().includes(probe), `Test Connection's reachability probe goes through the client and its log (${probe})`);
    const text = read();
    for (const secret of secrets) assert.ok(!text.includes(secret), `the log must not hold ${secret.slice(0, 6)}…`);
  });
});
