import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { extensionErrors, logEntries } from '../../harness/extensionHostLog';

const log = [
  '2026-11-25 04:33:18.596 [info] ExtensionService#_doActivateExtension maas-assistant.maas-assistant',
  '2026-11-25 04:33:24.902 [error] Error: Channel has been closed',
  '\tat r (file:///x/extensionHostProcess.js:171:3935)',
  '\tat Po.error (/x/exts/maas-assistant.maas-assistant-0.1.0/dist/extension.js:137:26195) maas.readAloudToFile',
  '2026-11-25 04:33:24.910 [error] Error: something of another extension',
  '\tat other (/x/exts/someone.other-1.0.0/dist/extension.js:1:1)',
  '2026-11-25 04:33:24.916 [warning] maas-assistant.maas-assistant: a warning is not an error',
  '',
].join('\n');

describe('extension-host log reading', () => {
  it('splits a log into entries, stacks kept with their entry', () => {
    const entries = logEntries(log);
    assert.deepEqual(
      entries.map((e) => e.level),
      ['info', 'error', 'error', 'warning'],
    );
    assert.equal(entries[1]?.text.split('\n').length, 3);
  });

  it('keeps only the error entries that name the extension, across files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-exthost-log-'));
    const first = path.join(dir, 'exthost1.log');
    const second = path.join(dir, 'exthost2.log');
    writeFileSync(first, log);
    writeFileSync(second, '2026-11-25 04:40:00.000 [error] [maas-assistant.maas-assistant] PendingMigrationError: navigator is now a global in nodejs\n');
    const errors = extensionErrors([first, second], 'maas-assistant.maas-assistant');
    assert.equal(errors.length, 2);
    assert.match(errors[0] ?? '', /Channel has been closed[\s\S]*maas\.readAloudToFile/);
    assert.match(errors[1] ?? '', /PendingMigrationError/);
    assert.deepEqual(extensionErrors([second], 'someone.other'), []);
    assert.equal(extensionErrors([first], 'nobody.none', '/x/exts/someone.other-1.0.0/dist').length, 1, 'a development copy, by its folder');
  });
});
