// Answers read aloud as they stream (maas.speech.readAnswers), in a real extension host against the local service: each
// sentence of the chat view's answer goes to the player as it completes, by Read Aloud's rules; a new question stops
// the answer before; opening another conversation or turning the setting off mid-answer stops the voice and the answer
// still ends whole; a failed synthesis is skipped, marked; missing speech credentials are said once; the setting off
// reads nothing. The player is a recording one (the chat view's is tested in the browser and end to end).
import { waitFor } from '../harness/waitFor';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import type { SpeechSegment } from '../../src/core/speech/pipelinedSynthesizer';
import type { SpeechPlaybackMeta } from '../../src/vscode/speech/speechPlayer';
import { freshPrompter, signIn } from './featureHelpers';
import { setSetting } from '../harness/hostSettings';
import { CHAT_ROUTE } from '../harness/requestLog';
import { holdRequests } from '../harness/serviceGate';
import { api, askChat, chatState, finished, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';

interface Playback {
  readonly meta: SpeechPlaybackMeta;
  readonly segments: SpeechSegment[];
  ended: 'done' | 'stopped' | undefined;
  /** How many sentences it had when the player was told to stop. */
  heardAtStop?: number;
  /** Its sentences' iteration has ended: nothing more can come of it. */
  closed: boolean;
}

/** An answer the service holds at a gate after its first sentence; its last words arrive once the gate opens. */
const HELD_ANSWER = 'The first sentence is spoken. The second one is on its way when the gate holds it. Its last words arrive after the change, all of them.';

const ANSWER = 'First sentence of the answer. Second sentence follows here.\n\n```js\nconst code = 1;\n```\n\nThird and **last** one.';

describe('answers read aloud as they stream', function () {
  this.timeout(60_000);
  let prompter: ScriptedPrompter;
  const playbacks: Playback[] = [];

  before(async () => {
    await signIn();
    (await hook()).speech.attachPlayer({
      play: async (segments, meta) => {
        const playback: Playback = { meta, segments: [], ended: undefined, closed: false };
        playbacks.push(playback);
        try {
          for await (const segment of segments) playback.segments.push(segment);
          playback.ended ??= 'done';
        } finally {
          playback.closed = true;
        }
      },
      stop: () => {
        const last = playbacks.at(-1);
        if (last !== undefined && last.ended === undefined) {
          last.ended = 'stopped';
          last.heardAtStop = last.segments.length;
        }
      },
    });
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    playbacks.length = 0;
    await api('/_local/reset', {});
    await setSetting('speech.readAnswers', true);
  });

  after(async () => {
    const h = await hook();
    h.setPrompter(undefined);
    h.speech.attachPlayer(undefined);
    await h.speech.setCredentials(service.speech);
    await setSetting('speech.readAnswers', undefined);
  });

  it('speaks each sentence of the answer in order, without its code or Markdown, in a live playback of that turn', async () => {
    const h = await hook();
    const turn = await finished(h, await askChat(h, `repeat: ${ANSWER}`));
    assert.equal(turn.status, 'done');
    const playback = await waitFor(() => (playbacks[0]?.ended === 'done' ? playbacks[0] : undefined), { what: 'the answer spoken', timeoutMs: 30_000 });
    assert.equal(playback.meta.live, true);
    assert.equal(playback.meta.turnId, turn.id);
    assert.equal(playback.meta.sentences, 0, 'the count is not known at the start');
    assert.deepEqual(
      playback.segments.map((s) => [s.index, s.text, s.failed]),
      [
        [0, 'First sentence of the answer.', undefined],
        [1, 'Second sentence follows here.', undefined],
        [2, 'Third and last one.', undefined],
      ],
    );
    assert.ok(
      playback.segments.every((s) => s.audio.length > 44),
      'each sentence synthesised',
    );
    assert.deepEqual(prompter.messages, []);
  });

  it('a new question stops the answer before it and speaks the new one', async () => {
    const h = await hook();
    await api('/_local/next-answer', { chunks: 3000, chunkText: 'A long sentence of the first answer goes on. ' });
    const first = await askChat(h, 'Talk for a while.');
    await waitFor(() => (playbacks[0]?.segments.length ?? 0) >= 1, { what: 'the first answer spoken', timeoutMs: 30_000 });
    h.chat.session.stop(first);
    await finished(h, first);
    assert.equal(playbacks[0]?.ended, 'stopped', 'Stop stops its voice');
    const second = await finished(h, await askChat(h, 'repeat: The second answer is short. It ends here.'));
    const playback = await waitFor(() => (playbacks[1]?.ended === 'done' ? playbacks[1] : undefined), { what: 'the second answer spoken', timeoutMs: 30_000 });
    assert.equal(playback.meta.turnId, second.id);
    assert.deepEqual(
      playback.segments.map((s) => s.text),
      ['The second answer is short.', 'It ends here.'],
    );
  });

  for (const how of ['opening another conversation', 'deleting the conversation', 'turning the setting off'] as const) {
    const answerKept = how !== 'deleting the conversation';
    it(`${how} mid-answer stops its voice and drops the rest of it; ${answerKept ? 'the answer ends done and whole' : 'the answer goes with it'}`, async () => {
      const h = await hook();
      await vscode.commands.executeCommand(CommandId.newConversation);
      await api('/_local/next-answer', { text: HELD_ANSWER });
      // The service holds the answer once its first sentence and the first words of the next are out: the change is
      // made while it streams, its first sentence being spoken.
      const gate = await holdRequests(service.baseUrl, { route: CHAT_ROUTE, holdAfterChunks: 10 });
      try {
        const turnId = await askChat(h, 'Talk for a while.');
        await gate.held();
        await waitFor(() => (playbacks[0]?.segments.length ?? 0) >= 1, { what: 'the first sentence spoken', timeoutMs: 30_000 });
        const conversationId = (await chatState(h)).activeId;
        if (how === 'opening another conversation') await vscode.commands.executeCommand(CommandId.newConversation);
        else if (how === 'deleting the conversation') await h.chat.fromView({ type: 'deleteConversation', conversationId });
        else await setSetting('speech.readAnswers', undefined);
        const stopped = await waitFor(() => (playbacks[0]?.ended === 'stopped' ? playbacks[0] : undefined), { what: 'the voice stopped', timeoutMs: 10_000 });
        await gate.release();
        if (answerKept) {
          const turn = await finished(h, turnId);
          assert.equal(turn.status, 'done', `the answer ends normally: ${turn.error?.message ?? ''}`);
          assert.equal(turn.answer, HELD_ANSWER, 'the answer is whole, its last words included');
        } else {
          await waitFor(async () => !(await chatState(h)).conversations.some((c) => c.id === conversationId), { what: 'the conversation gone' });
        }
        await waitFor(() => stopped.closed, { what: 'the stopped voice to end its sentences', timeoutMs: 10_000 });
        assert.equal(stopped.segments.length, stopped.heardAtStop, 'nothing of it is spoken after');
        // The next answer is spoken (the setting on again where it was turned off): the only voice begun since.
        if (how === 'turning the setting off') await setSetting('speech.readAnswers', true);
        const next = await askChat(h, 'repeat: The next answer. It is spoken.');
        const spoken = await waitFor(() => playbacks.find((p) => p.meta.turnId === next && p.ended === 'done'), {
          what: 'the next answer spoken',
          timeoutMs: 30_000,
        });
        assert.deepEqual(
          playbacks.map((p) => p.meta.turnId),
          [turnId, next],
          'no other voice began',
        );
        assert.deepEqual(
          spoken.segments.map((segment) => segment.text),
          ['The next answer.', 'It is spoken.'],
        );
      } finally {
        await gate.release();
      }
    });
  }

  it('a sentence whose synthesis fails is skipped, marked, and the others are spoken', async () => {
    const h = await hook();
    await api('/_local/faults', { route: '/maas/v2/api/tts', count: 1, status: 400, body: { code: 40000, message: '参数错误' } });
    await finished(h, await askChat(h, `repeat: ${ANSWER}`));
    const playback = await waitFor(() => (playbacks[0]?.ended === 'done' ? playbacks[0] : undefined), { what: 'the answer spoken', timeoutMs: 30_000 });
    assert.equal(playback.segments.length, 3);
    assert.equal(playback.segments.filter((s) => s.failed !== undefined).length, 1, 'one skipped');
    assert.ok(playback.segments.filter((s) => s.failed === undefined).every((s) => s.audio.length > 44));
  });

  it('without speech credentials the answer is written in full, and one notice says what to set', async () => {
    const h = await hook();
    await h.speech.clearCredentials();
    try {
      const turn = await finished(h, await askChat(h, 'repeat: Nothing is spoken. The text is all here.'));
      assert.equal(turn.answer, 'Nothing is spoken. The text is all here.');
      await finished(h, await askChat(h, 'repeat: A second answer. Still silent here.'));
      await waitFor(() => prompter.messages.length > 0, { what: 'the notice' });
      assert.deepEqual(
        prompter.messages.map((m) => m.text),
        ['Reading answers aloud needs the speech appkey and token. The answers are still written in full.'],
        'once, not per answer',
      );
      assert.deepEqual(playbacks, []);
    } finally {
      await h.speech.setCredentials(service.speech);
    }
  });

  it('MaaS: Toggle Reading Answers Aloud switches the user setting both ways; a workspace value that wins is named, not overwritten', async () => {
    const user = (): boolean | undefined => vscode.workspace.getConfiguration('maas').inspect<boolean>('speech.readAnswers')?.globalValue;
    assert.equal(await vscode.commands.executeCommand(CommandId.toggleReadAnswers), false);
    assert.equal(user(), false);
    assert.equal(await vscode.commands.executeCommand(CommandId.toggleReadAnswers), true);
    assert.equal(user(), true);
    await vscode.workspace.getConfiguration('maas').update('speech.readAnswers', true, vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.commands.executeCommand(CommandId.toggleReadAnswers);
      assert.equal(user(), false, "the user's own value changes");
      await waitFor(() => prompter.messages.length > 0, { what: 'the warning' });
      assert.match(prompter.messages[0]?.text ?? '', /maas\.speech\.readAnswers is set to true by the settings of this workspace/);
      assert.equal(vscode.workspace.getConfiguration('maas').get('speech.readAnswers'), true, "the workspace's value still wins");
    } finally {
      await vscode.workspace.getConfiguration('maas').update('speech.readAnswers', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('with the setting off nothing is spoken', async () => {
    const h = await hook();
    await setSetting('speech.readAnswers', undefined);
    await finished(h, await askChat(h, 'repeat: Not read aloud. Really not.'));
    assert.deepEqual(playbacks, []);
  });
});
