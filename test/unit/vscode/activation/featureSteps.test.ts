// activate()'s guard: a feature that throws while starting is logged and shown once, and the others still start.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FeatureSteps } from '../../../../src/vscode/activation/featureSteps';

function steps(): { steps: FeatureSteps; logged: string[]; shown: string[] } {
  const logged: string[] = [];
  const shown: string[] = [];
  const logger = {
    error: (message: string) => logged.push(message),
    redact: (text: string) => text.replace(/sk-\w+/g, '***'),
  };
  return { steps: new FeatureSteps(logger, (feature, reason) => shown.push(`${feature}: ${reason}`)), logged, shown };
}

describe('FeatureSteps', () => {
  it('runs every step after one that throws, and reports that one once, its reason redacted', () => {
    const { steps: guard, logged, shown } = steps();
    const started: string[] = [];
    const first = guard.run('Read aloud', () => {
      started.push('speech');
      throw new Error('no secret storage for sk-abcdef123456');
    });
    const second = guard.run('The chat view', () => {
      started.push('chat');
      return 'chat';
    });
    assert.equal(first, undefined);
    assert.equal(second, 'chat');
    assert.deepEqual(started, ['speech', 'chat']);
    assert.deepEqual(guard.failures, ['Read aloud']);
    assert.deepEqual(shown, ['Read aloud: no secret storage for ***']);
    assert.equal(logged.length, 1);
  });

  it('reports a step that fails later without stopping the others', async () => {
    const { steps: guard, shown } = steps();
    const later = guard.runInBackground('Start-up', () => Promise.reject(new Error('history folder is read-only')));
    const after = guard.run('The commands', () => 'registered');
    await later;
    assert.equal(after, 'registered');
    assert.deepEqual(guard.failures, ['Start-up']);
    assert.deepEqual(shown, ['Start-up: history folder is read-only']);
  });

  it('starts a background step at once and reports one that throws before its promise exists, like one that rejects', async () => {
    const { steps: guard, shown } = steps();
    const started: string[] = [];
    const later = guard.runInBackground('Read aloud', () => {
      started.push('resume');
      throw new Error('globalState is unreadable');
    });
    started.push('after');
    const after = guard.run('The status bar item', () => 'shown');
    await later;
    assert.deepEqual(started, ['resume', 'after'], 'the step runs when it is given, not on a later tick');
    assert.equal(after, 'shown');
    assert.deepEqual(guard.failures, ['Read aloud']);
    assert.deepEqual(shown, ['Read aloud: globalState is unreadable']);
  });

  it('reports nothing when every step starts', async () => {
    const { steps: guard, shown } = steps();
    guard.run('The status bar item', () => 1);
    await guard.runInBackground('Start-up', () => Promise.resolve());
    assert.deepEqual(guard.failures, []);
    assert.deepEqual(shown, []);
  });
});
