// The messages a conversation's next question carries (spec 4.1), as the request plan takes them: the earlier turns
// within the limits, alternating, the new question last with its context and images.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildMessages, questionWithContext } from '../../../../src/core/conversations/historySelection';
import type { PlanMessage } from '../../../../src/core/requests/requestPlan';
import { turn } from './fixtures';

const wide = { maxTurns: 50, maxCharacters: 1_000_000 };
const question = (text: string) => ({ question: text, context: [], images: [] });
const texts = (messages: readonly PlanMessage[]): string[] => messages.map((m) => m.text);

describe('buildMessages (spec 4.1)', () => {
  it('single turn: the user message alone (the plan puts the persona first)', () => {
    assert.deepEqual(buildMessages([], question('hi'), wide).messages, [{ role: 'user', text: 'hi' }]);
    assert.deepEqual(buildMessages([], question(''), wide).messages, [{ role: 'user', text: '…' }], 'an empty question is not an empty message');
  });

  it('multi-turn: earlier turns re-sent in order, alternating, ending with the new user message', () => {
    const built = buildMessages([turn('1', 'q1', 'a1'), turn('2', 'q2', 'a2')], question('q3'), wide);
    assert.deepEqual(
      built.messages.map((m) => [m.role, m.text]),
      [
        ['user', 'q1'],
        ['assistant', 'a1'],
        ['user', 'q2'],
        ['assistant', 'a2'],
        ['user', 'q3'],
      ],
    );
    assert.equal(built.omittedTurns, 0);
  });

  it('leaves out turns without an answer (errors, empty stops) so roles keep alternating', () => {
    const earlier = [
      turn('1', 'q1', 'a1'),
      turn('2', 'q2', '', { status: 'error' }),
      turn('3', 'q3', '', { status: 'stopped' }),
      turn('4', 'q4', 'partial', { status: 'interrupted' }),
    ];
    const roles = buildMessages(earlier, question('q5'), wide).messages.map((m) => m.role);
    assert.deepEqual(roles, ['user', 'assistant', 'user', 'assistant', 'user']);
  });

  it('keeps only the most recent turns under the turn limit and counts the rest', () => {
    const earlier = [turn('1', 'q1', 'a1'), turn('2', 'q2', 'a2'), turn('3', 'q3', 'a3')];
    const built = buildMessages(earlier, question('q4'), { maxTurns: 2, maxCharacters: 1_000_000 });
    assert.deepEqual(texts(built.messages), ['q2', 'a2', 'q3', 'a3', 'q4']);
    assert.equal(built.omittedTurns, 1);
  });

  it('keeps only whole turns under the character limit; the new question always goes', () => {
    const earlier = [turn('1', 'q'.repeat(50), 'a'.repeat(50)), turn('2', 'q2', 'a2')];
    const built = buildMessages(earlier, question('x'.repeat(500)), { maxTurns: 10, maxCharacters: 60 });
    assert.deepEqual(texts(built.messages), ['q2', 'a2', 'x'.repeat(500)]);
    assert.equal(built.omittedTurns, 1);
    assert.equal(buildMessages(earlier, question('y'), { maxTurns: 10, maxCharacters: 3 }).omittedTurns, 2);
  });

  it("sends the new question's images with it, and earlier ones only when asked to (else by name, or by their description)", () => {
    const cat = { id: 'i', name: 'cat.png', mime: 'image/png', width: 2, height: 2, bytes: 9, thumbnail: '', file: 'cat-file.png' };
    const earlier = [turn('1', 'what is this?', 'a cat', { images: [cat] })];
    const now = { url: 'data:image/png;base64,AA==', key: 'now.png' };
    const plain = buildMessages(earlier, { question: 'and now?', context: [], images: [now] }, wide);
    assert.deepEqual(plain.messages[0], { role: 'user', text: 'what is this?\n\n[image: cat.png]' });
    assert.deepEqual(plain.messages[2], { role: 'user', text: 'and now?', images: [now] });
    const again = { url: 'data:image/png;base64,BB==', key: 'cat-file.png' };
    const resent = buildMessages(earlier, { question: 'its colour?', context: [], images: [], earlierImages: new Map([['1', [again]]]) }, wide);
    assert.deepEqual(resent.messages[0], { role: 'user', text: 'what is this?', images: [again] });
    const described = buildMessages(
      [turn('1', 'what is this?', 'a cat', { images: [cat], imageDescription: { model: 'svc_vl', text: 'A grey cat.' } })],
      question('its colour?'),
      wide,
    );
    assert.equal(
      described.messages[0]?.text,
      'what is this?\n\n[Description of the attached image(s) by svc_vl, for a model that cannot see images]\nA grey cat.',
    );
  });

  it('puts context after the question in fenced blocks with the language', () => {
    const text = questionWithContext('Explain', [{ id: 'x', kind: 'selection', label: 'a.ts:1-2', languageId: 'typescript', text: 'const a = 1;' }]);
    assert.equal(text, 'Explain\n\nSelection from `a.ts:1-2`:\n```typescript\nconst a = 1;\n```');
    const nested = questionWithContext('', [{ id: 'x', kind: 'file', label: 'R.md', languageId: 'markdown', text: '```js\nx\n```' }]);
    assert.match(nested, /^File `R.md`:\n````markdown\n```js\nx\n```\n````$/);
  });
});
