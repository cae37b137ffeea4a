// Read Aloud and Read Aloud to File inside a real extension host, against the local service: any text file and the
// selection, the messages for each missing precondition, the real-time length cap, and the long-text task across a
// reload (resumed, finished or failed while no window was open, leased to one window, cancelled), and Save Audio.
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SpeechSegment } from '../../src/core/speech/pipelinedSynthesizer';
import { CommandId } from '../../src/vscode/commandIds';
import { editorWith, freshPrompter, isRiffWave, signIn } from './featureHelpers';
import { setSetting } from '../harness/hostSettings';
import { requestCount, requestLog } from '../harness/requestLog';
import { holdRequests } from '../harness/serviceGate';
import { api, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';

/** Attaches a player that records the segments, as the chat view's would play them. */
async function recordingPlayer(): Promise<SpeechSegment[]> {
  const segments: SpeechSegment[] = [];
  (await hook()).speech.attachPlayer({
    play: async (iterable) => {
      for await (const segment of iterable) segments.push(segment);
    },
    stop: () => undefined,
  });
  return segments;
}

/** Submits a long-text task straight to the service, as an earlier window did before it was closed. */
async function submitTask(text: string): Promise<string> {
  const answer = await api<{ task_id: string }>('/maas/v2/api/tts-long-commit', { request_id: randomUUID(), ...service.speech, text });
  return answer.task_id;
}

async function taskStatus(taskId: string): Promise<string> {
  return (await api<{ task_status: string }>('/maas/v2/api/tts-long-query', { request_id: randomUUID(), appkey: service.speech.appkey, task_id: taskId }))
    .task_status;
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  await waitFor(check, { what, timeoutMs: ms });
}

const TASK_QUERY = '/maas/v2/api/tts-long-query';

const longText = Array.from({ length: 30 }, (_, i) => `Sentence number ${i + 1} of the long text is read by the long task.`).join(' ');

describe('read aloud: sources, preconditions, the length cap and long tasks', () => {
  let dir = '';
  let prompter: ScriptedPrompter;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'maas-host-read-'));
    await signIn();
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
  });

  after(async () => {
    const h = await hook();
    h.setPrompter(undefined);
    h.speech.attachPlayer(undefined);
    await h.speech.setCredentials(service.speech);
    await setSetting('speech.longTextThreshold', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a plain text file as written (its indented lines too), and only the selection when there is one', async () => {
    const segments = await recordingPlayer();
    const file = path.join(dir, 'letter.txt');
    writeFileSync(file, 'Dear reader,\n\n    this indented line is prose, not code.\n*Stars* stay.\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    assert.equal(editor.document.languageId, 'plaintext');
    const whole = await vscode.commands.executeCommand<{ sentences: number }>(CommandId.readAloud);
    assert.equal(whole?.sentences, 1);
    assert.match(segments[0]?.text ?? '', /this indented line is prose, not code\./);
    assert.match(segments[0]?.text ?? '', /\*Stars\* stay\./);
    assert.ok(isRiffWave(segments[0]?.audio ?? new Uint8Array()));
    editor.selection = new vscode.Selection(2, 4, 2, 41);
    segments.length = 0;
    await vscode.commands.executeCommand(CommandId.readAloud);
    assert.deepEqual(
      segments.map((s) => s.text),
      ['this indented line is prose, not code'],
    );
  });

  it('says what is missing: no editor, a blank selection, an empty file, no speech credentials; the API key is not needed', async () => {
    const h = await hook();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await vscode.commands.executeCommand(CommandId.readAloud), undefined);
    assert.match(prompter.messages.at(-1)?.text ?? '', /Open a file or select some text/);
    const blank = await editorWith('Text   and blanks', 'none');
    blank.selection = new vscode.Selection(0, 4, 0, 7);
    await vscode.commands.executeCommand(CommandId.readAloud);
    assert.match(prompter.messages.at(-1)?.text ?? '', /The selection holds only blanks/);
    const empty = path.join(dir, 'empty.txt');
    writeFileSync(empty, '\n\n');
    await vscode.window.showTextDocument(vscode.Uri.file(empty));
    await vscode.commands.executeCommand(CommandId.readAloud);
    assert.match(prompter.messages.at(-1)?.text ?? '', /empty\.txt is empty/);
    await h.speech.clearCredentials();
    try {
      await editorWith('Something to read.', 'all');
      await vscode.commands.executeCommand(CommandId.readAloudToFile);
      assert.equal(prompter.messages.at(-1)?.level, 'warning');
      assert.match(prompter.messages.at(-1)?.text ?? '', /appkey and token/);
      assert.ok(!prompter.asked.includes('save'), 'no dialog before the credentials');
    } finally {
      await h.speech.setCredentials(service.speech);
    }
    await vscode.commands.executeCommand(CommandId.clearApiKey);
    try {
      const segments = await recordingPlayer();
      const result = await vscode.commands.executeCommand<{ sentences: number }>(CommandId.readAloud);
      assert.equal(result?.sentences, 1, 'speech needs its credentials only, not the API key');
      assert.equal(segments.length, 1);
    } finally {
      await h.apiKey.set(service.key);
    }
  });

  it('never sends more than the real-time limit to real-time synthesis, whatever the threshold says', async () => {
    await setSetting('speech.longTextThreshold', 5000);
    const text = 'This sentence is one of many that make the text long enough. '.repeat(22).trim();
    assert.ok(text.length > 1000 && text.length < 5000);
    const segments = await recordingPlayer();
    await editorWith(text, 'all');
    const result = await vscode.commands.executeCommand<{ sentences: number } | undefined>(CommandId.readAloud);
    assert.ok(result !== undefined && result.sentences > 1, `read sentence by sentence; messages: ${JSON.stringify(prompter.messages)}`);
    assert.equal(segments.length, result.sentences);
    assert.ok(segments.every((s) => isRiffWave(s.audio)));
    await api('/_local/reset', {});
    prompter.script(vscode.Uri.file(path.join(dir, 'capped.wav')));
    const saved = await vscode.commands.executeCommand<string | undefined>(CommandId.readAloudToFile);
    assert.equal(saved, path.join(dir, 'capped.wav'), JSON.stringify(prompter.messages));
    assert.ok((await requestCount(service.baseUrl, '/maas/v2/api/tts-long-commit')) > 0, 'to a file it goes through the long-text task');
    await setSetting('speech.longTextThreshold', undefined);
  });

  it('after a reload, follows a task that finished while no window was open and writes its audio', async () => {
    const h = await hook();
    const taskId = await submitTask('Finished while the window was closed.');
    await until(async () => (await taskStatus(taskId)) === 'complete', 'the task to complete');
    const target = path.join(dir, 'finished.wav');
    await h.speech.seedTask({ taskId, target, title: 'finished.wav' });
    const written = await h.speech.resumeTasks();
    assert.deepEqual(written, [target]);
    assert.ok(isRiffWave(readFileSync(target)));
    assert.deepEqual(h.speech.pendingTasks(), []);
    assert.deepEqual(Object.keys(h.speech.leases()), [], 'the lease is released');
  });

  it('after a reload, several tasks followed at once each end written or reported, and none stays pending or leased', async () => {
    const h = await hook();
    // Each follow writes the tasks and the leases several times while the others do: no write may undo another's.
    const finished = await Promise.all([1, 2, 3, 4].map((n) => submitTask(`Task ${n} finished while the window was closed.`)));
    for (const taskId of finished) await until(async () => (await taskStatus(taskId)) === 'complete', 'the tasks to complete');
    const targets = finished.map((_, i) => path.join(dir, `together-${i + 1}.wav`));
    for (const [i, taskId] of finished.entries()) await h.speech.seedTask({ taskId, target: targets[i] as string, title: `together-${i + 1}.wav` });
    const forgotten = [1, 2, 3, 4].map((n) => `no-such-task-together-${n}`);
    for (const taskId of forgotten) await h.speech.seedTask({ taskId, target: path.join(dir, `${taskId}.wav`), title: `${taskId}.wav` });
    const written = await h.speech.resumeTasks();
    assert.deepEqual(written.filter((file) => file !== undefined).sort(), [...targets].sort());
    assert.ok(targets.every((target) => isRiffWave(readFileSync(target))));
    assert.deepEqual(h.speech.pendingTasks(), [], 'every task is forgotten once written or reported');
    assert.deepEqual(h.speech.leases(), {}, 'every lease is released');
    assert.equal(prompter.messages.filter((m) => m.level === 'error').length, forgotten.length, JSON.stringify(prompter.messages));
  });

  it('after a reload, a task that failed, or that the service no longer knows, is reported by its title and forgotten', async () => {
    const h = await hook();
    const failed = await submitTask('This one fails.');
    await api('/_local/faults', {
      route: '/maas/v2/api/tts-long-query',
      count: 1,
      status: 200,
      body: { request_id: 'r', code: 0, message: 'engine crashed', task_id: failed, task_status: 'failed', audio_address: '' },
    });
    await h.speech.seedTask({ taskId: failed, target: path.join(dir, 'failed.wav'), title: 'failed.wav' });
    await h.speech.seedTask({ taskId: 'no-such-task-0000', target: path.join(dir, 'gone.wav'), title: 'gone.wav' });
    assert.deepEqual(await h.speech.resumeTasks(), [undefined, undefined]);
    assert.deepEqual(h.speech.pendingTasks(), []);
    const errors = prompter.messages
      .filter((m) => m.level === 'error')
      .map((m) => m.text)
      .sort();
    assert.equal(errors.length, 2, JSON.stringify(prompter.messages));
    assert.match(errors[0] ?? '', /^Speech for failed\.wav was not saved: .*engine crashed/);
    assert.match(errors[1] ?? '', /^Speech for gone\.wav was not saved: The speech service no longer knows this task/);
    assert.ok(!existsSync(path.join(dir, 'failed.wav')) && !existsSync(path.join(dir, 'gone.wav')));
    await api('/_local/reset', {});
  });

  it('leaves a task another window holds the lease of, and takes it over once that lease has expired', async () => {
    const h = await hook();
    const taskId = await submitTask('Followed by another window.');
    const target = path.join(dir, 'leased.wav');
    await api('/_local/reset', {});
    await h.speech.seedTask({ taskId, target, title: 'leased.wav' }, { owner: 'other-window', expiresAt: Date.now() + 60_000 });
    assert.deepEqual(await h.speech.resumeTasks(), [undefined]);
    const requests = await requestLog<{ task_id?: string }>(service.baseUrl);
    assert.ok(!requests.some((r) => r.body?.task_id === taskId), 'this window did not poll it');
    assert.deepEqual(
      h.speech.pendingTasks().map((e) => e.taskId),
      [taskId],
      'still pending for the other window',
    );
    await h.speech.seedTask({ taskId, target, title: 'leased.wav' }, { owner: 'other-window', expiresAt: Date.now() - 1 });
    assert.deepEqual(await h.speech.resumeTasks(), [target], 'an expired lease is taken over');
    assert.ok(isRiffWave(readFileSync(target)));
  });

  it('a task followed as its window closes stays pending, its lease released, and the next window delivers it', async () => {
    const h = await hook();
    // The service holds the closing window's status query at a gate while the window closes.
    const gate = await holdRequests(service.baseUrl, { route: TASK_QUERY, count: 20 });
    const taskId = await submitTask('Followed by a window that reloads.');
    const target = path.join(dir, 'reloaded.wav');
    const closing = h.speech.otherWindow();
    const following = closing.follow({ taskId, target, title: 'reloaded.wav' });
    await gate.held();
    assert.equal(h.speech.leases()[taskId]?.owner, closing.windowId, 'the closing window holds the lease while it polls');
    closing.dispose(); // what a reload does to the extension's subscriptions, in the middle of a poll
    assert.equal(await following, undefined);
    assert.deepEqual(
      h.speech.pendingTasks().map((e) => e.taskId),
      [taskId],
      'still pending: a closing window is not a Cancel',
    );
    assert.equal(h.speech.leases()[taskId], undefined, 'released, so the next window need not wait for it to expire');
    assert.deepEqual(
      prompter.messages.filter((m) => m.level === 'error'),
      [],
    );
    await api('/_local/reset', {});
    assert.deepEqual(await h.speech.resumeTasks(), [target]);
    assert.ok(isRiffWave(readFileSync(target)));
    assert.deepEqual(h.speech.pendingTasks(), []);
  });

  it('Cancel stops following a long task: nothing is written, nothing is kept, and no error is shown', async () => {
    const h = await hook();
    await setSetting('speech.longTextThreshold', 50);
    const gate = await holdRequests(service.baseUrl, { route: TASK_QUERY, count: 20 });
    await editorWith(longText, 'all');
    const target = path.join(dir, 'cancelled.wav');
    prompter.script(vscode.Uri.file(target));
    const running = vscode.commands.executeCommand<string | undefined>(CommandId.readAloudToFile);
    await gate.held(); // submitted, and its status asked for
    const [entry] = h.speech.pendingTasks();
    assert.equal(h.speech.cancelTask(entry?.taskId ?? ''), true, 'the task is followed');
    assert.equal(await running, undefined);
    assert.equal(existsSync(target), false);
    assert.deepEqual(h.speech.pendingTasks(), []);
    assert.deepEqual(
      prompter.messages.filter((m) => m.level === 'error'),
      [],
      'a cancel is not an error',
    );
    await api('/_local/reset', {});
    await setSetting('speech.longTextThreshold', undefined);
  });

  it('Save Audio asks for the file through the prompter and writes the audio there; a cancelled dialog writes nothing', async () => {
    const h = await hook();
    const audio = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);
    const target = path.join(dir, 'saved.wav');
    prompter.script(vscode.Uri.file(target));
    assert.equal(await h.speech.saveAudio(audio, 'wav', 'answer'), target);
    assert.deepEqual([...readFileSync(target)], [...audio]);
    assert.equal(prompter.asked.at(-1), 'save');
    assert.match(prompter.messages.at(-1)?.text ?? '', /Saved the audio to .*saved\.wav/);
    prompter.script(undefined);
    assert.equal(await h.speech.saveAudio(audio, 'wav', 'other'), undefined);
    assert.equal(prompter.messages.length, 1);
  });

  it('audio goes only to files on disk: a file of a virtual folder is refused with a message, by Save Audio and Read Aloud to File', async () => {
    const h = await hook();
    const virtual = vscode.Uri.parse('memfs:/remote-repo/answer.wav');
    prompter.script(virtual);
    assert.equal(await h.speech.saveAudio(new Uint8Array([1, 2, 3]), 'wav', 'answer'), undefined);
    assert.match(prompter.messages.at(-1)?.text ?? '', /Audio is saved only to files on this computer; memfs:\/remote-repo\/answer\.wav is not one/);
    await editorWith('A sentence for a file that cannot be written.', 'all');
    prompter.script(virtual);
    assert.equal(await vscode.commands.executeCommand(CommandId.readAloudToFile), undefined);
    assert.match(prompter.messages.at(-1)?.text ?? '', /Audio is saved only to files on this computer/);
    assert.equal(h.speech.pendingTasks().length, 0);
  });
});
