// Failure artifacts: the files and texts a failing scenario keeps land in the gitignored .test-results/<scenario>/
// folder, missing files are skipped rather than failing the save.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { extensionLogsIn } from '../../harness/codeServer';
import { artifactsDir, codeServerLogFiles, logTail, saveArtifacts } from '../../harness/failureArtifacts';
import { repoRoot } from '../../harness/tools';

const scenario = `unit-artifacts-${process.pid}`;
const source = mkdtempSync(path.join(os.tmpdir(), 'maas-artifacts-'));
after(() => {
  rmSync(source, { recursive: true, force: true });
  rmSync(artifactsDir(scenario), { recursive: true, force: true });
});

describe('failure artifacts', () => {
  it('copies the logs and writes the texts into .test-results/<scenario>/', async () => {
    const log = path.join(source, 'code-server.log');
    const exthost = path.join(source, 'exthost.log');
    writeFileSync(log, 'server log');
    writeFileSync(exthost, 'host log');
    const files = [...codeServerLogFiles(log, [exthost]), { name: 'missing.log', path: path.join(source, 'nope.log') }];
    const dir = await saveArtifacts(scenario, { files, texts: { 'demo-output.log': 'Open this URL: …' } });
    assert.equal(dir, path.join(repoRoot, '.test-results', scenario));
    assert.deepEqual(readdirSync(dir).sort(), ['code-server.log', 'demo-output.log', 'exthost-0-exthost.log']);
    assert.equal(readFileSync(path.join(dir, 'exthost-0-exthost.log'), 'utf8'), 'host log');
    assert.equal(readFileSync(path.join(dir, 'demo-output.log'), 'utf8'), 'Open this URL: …');
    assert.match(readFileSync(path.join(repoRoot, '.gitignore'), 'utf8'), /^\.test-results\/$/m);
  });

  it("finds the extension's own log channels in a code-server profile, not another extension's nor the host's", () => {
    const session = path.join(source, 'user', 'logs', '20261129T090000', 'exthost1');
    for (const [folder, name] of [
      ['maas-assistant.maas-assistant', 'MaaS Assistant.log'],
      ['vscode.git', 'Git.log'],
      ['.', 'remoteexthost.log'],
    ] as const) {
      mkdirSync(path.join(session, folder), { recursive: true });
      writeFileSync(path.join(session, folder, name), name);
    }
    assert.deepEqual(extensionLogsIn(path.join(source, 'user'), 'maas-assistant.maas-assistant'), [
      path.join(session, 'maas-assistant.maas-assistant', 'MaaS Assistant.log'),
    ]);
  });

  it('reads the last lines of a log, blank lines left out, and nothing from a missing file', () => {
    const log = path.join(source, 'tail.log');
    writeFileSync(log, ['one', '', 'two', 'three', '   ', 'four', ''].join('\n'));
    assert.deepEqual(logTail(log, 3), ['two', 'three', 'four']);
    assert.deepEqual(logTail(log, 10), ['one', 'two', 'three', 'four']);
    assert.deepEqual(logTail(path.join(source, 'absent.log'), 3), []);
  });
});
