import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as ops from '../../../../src/core/conversations/conversationsState';
import { conversation, turn } from './fixtures';

const empty: ops.ConversationsState = { version: 1, conversations: [] };

describe('conversations state', () => {
  it('creates, titles from the first question, selects, renames and deletes', () => {
    let state = ops.ensureActive(empty, 'a', 'svc_llm', 1);
    state = ops.addTurn(state, 'a', turn('t1', 'How do I sort?\nsecond line', ''), 2);
    assert.equal(ops.activeConversation(state)?.title, 'How do I sort?');
    state = ops.addTurn(state, 'a', turn('t2', 'Another', ''), 3);
    assert.equal(ops.activeConversation(state)?.title, 'How do I sort?', 'later questions keep the title');
    state = ops.newConversation(state, 'b', 'svc_llm', 4);
    assert.equal(ops.activeConversation(state)?.id, 'b');
    state = ops.selectConversation(state, 'a');
    state = ops.renameConversation(state, 'a', '  Sorting  ', 5);
    assert.equal(ops.activeConversation(state)?.title, 'Sorting');
    assert.equal(ops.renameConversation(state, 'a', '   ', 6), state, 'a blank title is ignored');
    state = ops.deleteConversation(state, 'a');
    assert.deepEqual(
      state.conversations.map((c) => c.id),
      ['b'],
    );
    assert.equal(state.activeId, 'b');
  });

  it('takes a conversation saved by another window: replaced in place, or added in order of last change', () => {
    const state: ops.ConversationsState = {
      version: 1,
      activeId: 'b',
      conversations: [conversation([], { id: 'a', updatedAt: 30 }), conversation([], { id: 'b', updatedAt: 20 }), conversation([], { id: 'c', updatedAt: 10 })],
    };
    const changed = ops.upsertConversation(state, conversation([turn('t', 'q', 'from the other window')], { id: 'b', updatedAt: 25 }));
    assert.deepEqual(
      changed.conversations.map((c) => [c.id, c.turns.length]),
      [
        ['a', 0],
        ['b', 1],
        ['c', 0],
      ],
    );
    assert.equal(changed.activeId, 'b', 'the active conversation stays active');
    const added = ops.upsertConversation(state, conversation([], { id: 'new', updatedAt: 15 }));
    assert.deepEqual(
      added.conversations.map((c) => c.id),
      ['a', 'b', 'new', 'c'],
    );
    assert.deepEqual(
      ops.upsertConversation(state, conversation([], { id: 'old', updatedAt: 1 })).conversations.map((c) => c.id),
      ['a', 'b', 'c', 'old'],
    );
  });

  it('re-runs from an earlier turn: later turns dropped, earlier ones untouched, the turn reset', () => {
    let state = ops.ensureActive(empty, 'a', 'svc_llm', 1);
    for (const [id, q] of [
      ['t1', 'q1'],
      ['t2', 'q2'],
      ['t3', 'q3'],
    ] as const) {
      state = ops.addTurn(state, 'a', turn(id, q, `answer ${q}`, { usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } }), 2);
    }
    const { state: next, dropped } = ops.rerunFrom(state, 'a', 't2', 'q2 edited', 'svc_llm', 9);
    assert.deepEqual(
      dropped.map((t) => t.id),
      ['t3'],
    );
    const turns = ops.activeConversation(next)?.turns ?? [];
    assert.deepEqual(
      turns.map((t) => [t.id, t.question, t.answer, t.status]),
      [
        ['t1', 'q1', 'answer q1', 'done'],
        ['t2', 'q2 edited', '', 'pending'],
      ],
    );
    assert.equal(turns[1]?.usage, undefined);
    assert.equal(ops.activeConversation(next)?.title, 'q1');
    assert.equal(ops.activeConversation(ops.rerunFrom(state, 'a', 't1', 'new first', 'svc_llm', 9).state)?.title, 'new first');
  });

  it('re-running from a turn frees the image files only the dropped turns used', () => {
    const image = (file: string) => ({
      id: file,
      name: `${file}.png`,
      mime: 'image/png',
      width: 1,
      height: 1,
      bytes: 1,
      thumbnail: 'data:image/png;base64,AA==',
      file,
    });
    let state = ops.ensureActive(empty, 'a', 'svc_vl', 1);
    state = ops.addTurn(state, 'a', turn('t1', 'q1', 'a1', { images: [image('kept')] }), 2);
    state = ops.addTurn(state, 'a', turn('t2', 'q2', 'a2'), 3);
    state = ops.addTurn(state, 'a', turn('t3', 'q3', 'a3', { images: [image('gone'), image('kept')] }), 4);
    state = ops.addTurn(state, 'a', turn('t4', 'q4', 'a4', { images: [image('also-gone')] }), 5);
    const { unusedImages } = ops.rerunFrom(state, 'a', 't2', 'q2', 'svc_vl', 6);
    assert.deepEqual(unusedImages.sort(), ['also-gone', 'gone'], 'an image an earlier turn still shows is kept');
    assert.deepEqual(ops.rerunFrom(state, 'a', 't4', 'q4', 'svc_vl', 6).unusedImages, [], 'the re-run turn keeps its own images');
  });

  it('re-running a knowledge turn keeps how it was asked and drops the sources of the old answer', () => {
    let state = ops.ensureActive(empty, 'a', 'svc_llm', 1);
    const asked = { mode: 'strict' as const, bases: [{ id: 3, name: 'Guide' }], retrieval: { knowledge_ids: [3], chat_mode: 2 as const } };
    state = ops.addTurn(
      state,
      'a',
      turn('k', 'q', 'answer ^[1]^', { kind: 'knowledge', knowledge: { ...asked, references: [{ index: 1, title: 'Old' }] } }),
      2,
    );
    const reset = ops.activeConversation(ops.rerunFrom(state, 'a', 'k', 'q', 'svc_llm', 3).state)?.turns[0];
    assert.deepEqual(reset?.knowledge, { ...asked, references: undefined });
  });

  it('changing the model clears parameters that belong to the old one', () => {
    let state = ops.ensureActive(empty, 'a', 'svc_llm', 1);
    state = ops.setConversationParams(state, 'a', { maxTokens: 100 }, 2);
    assert.deepEqual(ops.activeConversation(ops.setConversationModel(state, 'a', 'svc_llm', 3))?.params, { maxTokens: 100 });
    assert.deepEqual(ops.activeConversation(ops.setConversationModel(state, 'a', 'svc_vl', 3))?.params, {});
  });

  it('finds a turn in any conversation', () => {
    let state = ops.ensureActive(empty, 'a', 'svc_llm', 1);
    state = ops.addTurn(state, 'a', turn('t1', 'q', 'a'), 2);
    state = ops.newConversation(state, 'b', 'svc_llm', 3);
    assert.equal(ops.findTurn(state, 't1')?.conversation.id, 'a');
    assert.equal(ops.findTurn(state, 'nope'), undefined);
  });
});
