// The log channel after the window closed: VS Code's channel throws "Channel has been closed" on every write once
// disposed, which lands in the Extension Host log as an error of the extension. The logger drops those lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { Logger } from '../../../src/vscode/logger';

/** A log channel that behaves as VS Code's does: writes recorded while open, an error thrown once disposed. */
function channel(): { channel: vscode.LogOutputChannel; lines: string[] } {
  const lines: string[] = [];
  let disposed = false;
  const write = (level: string) => (message: string) => {
    if (disposed) throw new Error('Channel has been closed');
    lines.push(`${level} ${message}`);
  };
  const fake = {
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    show: () => {
      if (disposed) throw new Error('Channel has been closed');
    },
    dispose: () => (disposed = true),
  };
  return { channel: fake as unknown as vscode.LogOutputChannel, lines };
}

describe('logger', () => {
  it('writes redacted lines while the window is open', () => {
    const { channel: out, lines } = channel();
    const logger = new Logger(out);
    logger.rememberSecret('sk-secret-0123456789');
    logger.info('key sk-secret-0123456789 used');
    logger.error('Command maas.x failed', new Error('bad key sk-secret-0123456789'));
    assert.equal(lines.length, 2);
    assert.ok(lines.every((line) => !line.includes('sk-secret-0123456789')));
    assert.match(lines[1] ?? '', /^error Command maas\.x failed: bad key /);
  });

  it('once disposed (the window closed), drops what work still ending writes, instead of throwing', () => {
    const { channel: out, lines } = channel();
    const logger = new Logger(out);
    logger.dispose();
    assert.doesNotThrow(() => {
      logger.info('Long-text synthesis task t1 stays pending for the next window.');
      logger.warn('late');
      logger.error('Command maas.readAloudToFile failed', new Error('late'));
      logger.show();
    });
    assert.deepEqual(lines, []);
  });
});
