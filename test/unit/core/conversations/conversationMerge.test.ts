// Two windows changing one conversation: the three-way merge keeps both windows' new turns.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeConversation, mergeWithFile } from '../../../../src/core/conversations/conversationMerge';
import { withLiveTurns } from '../../../../src/core/conversations/conversationsState';
import { conversation, turn } from './fixtures';

const t = (id: string, at: number, answer = `answer ${id}`) => turn(id, `question ${id}`, answer, { createdAt: at });

describe('conversation merge', () => {
  it('keeps the turns both windows added, in the order they were asked', () => {
    const base = conversation([t('t1', 1)]);
    const ours = conversation([t('t1', 1), t('mine', 3)]);
    const theirs = conversation([t('t1', 1), t('theirs', 2)]);
    assert.deepEqual(
      mergeConversation(base, ours, theirs).turns.map((x) => x.id),
      ['t1', 'theirs', 'mine'],
    );
  });

  it('a turn this window removed (edit, regenerate) stays removed; one the other window removed is kept', () => {
    const base = conversation([t('t1', 1), t('t2', 2)]);
    const ours = conversation([t('t1', 1, '')]); // t1 re-run here, t2 dropped
    const theirs = conversation([t('t2', 2)]);
    assert.deepEqual(
      mergeConversation(base, ours, theirs).turns.map((x) => [x.id, x.answer]),
      [['t1', '']],
    );
  });

  it('where only the other window changed a turn (it finished its answer), its version is taken; ours wins a conflict', () => {
    const base = conversation([t('t1', 1, 'half'), t('t2', 2, 'x')]);
    const ours = conversation([t('t1', 1, 'half'), t('t2', 2, 'ours')]);
    const theirs = conversation([t('t1', 1, 'half and the rest'), t('t2', 2, 'theirs')]);
    assert.deepEqual(
      mergeConversation(base, ours, theirs).turns.map((x) => x.answer),
      ['half and the rest', 'ours'],
    );
  });

  it("takes the other window's rename unless this one renamed too", () => {
    const base = conversation([], { title: 'old' });
    assert.equal(mergeConversation(base, base, { ...base, title: 'theirs' }).title, 'theirs');
    assert.equal(mergeConversation(base, { ...base, title: 'ours' }, { ...base, title: 'theirs' }).title, 'ours');
  });

  it('writes ours as it is when the file holds nothing new', () => {
    const base = conversation([t('t1', 1)]);
    const ours = conversation([t('t1', 1), t('t2', 2)]);
    assert.equal(mergeWithFile(base, ours, JSON.stringify(base)), undefined, 'the file is what this window last knew');
    assert.equal(mergeWithFile(base, ours, undefined), undefined, 'no file yet');
    assert.equal(mergeWithFile(base, ours, '{not json'), undefined, 'an unreadable file is left for the next load');
    assert.deepEqual(
      mergeWithFile(base, ours, JSON.stringify(conversation([t('t1', 1), t('t9', 9)])))?.turns.map((x) => x.id),
      ['t1', 't2', 't9'],
    );
  });

  it("another window's version keeps the answers streaming here", () => {
    const theirs = conversation([t('t1', 1, 'old'), t('t3', 3)]);
    const live = [t('t1', 1, 'streaming more'), t('t2', 2, 'new here')];
    assert.deepEqual(
      withLiveTurns(theirs, live).turns.map((x) => [x.id, x.answer]),
      [
        ['t1', 'streaming more'],
        ['t3', 'answer t3'],
        ['t2', 'new here'],
      ],
    );
  });
});
