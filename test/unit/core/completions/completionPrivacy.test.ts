// What a completion may send: code from files and untitled editors only, never from a file a deny-list pattern
// matches (secrets by their usual names, and the user's own patterns), and never an absolute path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionPrivacy, DEFAULT_DENIED_FILES } from '../../../../src/core/completions/completionPrivacy';
import { globToRegExp } from '../../../../src/core/completions/globPattern';

const privacy = new CompletionPrivacy();

function fileIn(relativePath: string, root = '/data/ana/project'): { scheme: string; path: string; relativePath: string } {
  return { scheme: 'file', path: `${root}/${relativePath}`, relativePath };
}

describe('what a completion may send', () => {
  it('sends ordinary source files under their workspace-relative path, untitled editors under their name', () => {
    assert.deepEqual(privacy.decide(fileIn('src/app.ts')), { send: true, promptPath: 'src/app.ts' });
    assert.deepEqual(privacy.decide({ scheme: 'untitled', path: 'Untitled-1' }), { send: true, promptPath: 'Untitled-1' });
    // Outside every workspace folder, only the file's name: the absolute path says who the user is.
    assert.deepEqual(privacy.decide({ scheme: 'file', path: '/data/ana/notes/todo.py' }), { send: true, promptPath: 'todo.py' });
    assert.deepEqual(privacy.decide({ scheme: 'file', path: 'C:\\Users\\ana\\todo.py' }), { send: true, promptPath: 'todo.py' });
  });

  it('sends nothing from documents that are not files or untitled editors', () => {
    for (const scheme of ['output', 'git', 'vscode-userdata', 'vscode-notebook-cell', 'vscode-vfs', 'untitled-x'])
      assert.deepEqual(privacy.decide({ scheme, path: '/x/app.ts' }), { send: false, reason: 'scheme' }, scheme);
  });

  it('sends nothing from environment files, keys, certificates and credential files, by default', () => {
    const denied = [
      '.env',
      '.env.local',
      'config/.env.production',
      '.envrc',
      'deploy/prod.env',
      'certs/server.pem',
      'certs/server.key',
      'certs/server.crt',
      'keys/client.p12',
      'id_rsa',
      'id_ed25519.pub',
      '.npmrc',
      'infra/main.tfvars',
      'credentials.json',
      'config/secrets.yaml',
      'SERVER.PEM',
    ];
    for (const path of denied) assert.equal(privacy.decide(fileIn(path)).send, false, path);
    assert.equal(privacy.decide({ scheme: 'file', path: '/data/ana/.ssh/config' }).send, false);
    assert.equal(privacy.decide({ scheme: 'file', path: '/data/ana/.aws/credentials' }).send, false);
    assert.equal(privacy.decide({ scheme: 'file', path: 'C:\\Users\\ana\\.kube\\config' }).send, false);
    assert.deepEqual(privacy.decide(fileIn('.env.local')), { send: false, reason: 'denied', pattern: '.env*' });
  });

  it('still sends files whose names only resemble them', () => {
    for (const path of ['src/environment.ts', 'src/keyboard.ts', 'docs/credentials.md', 'src/env.ts', 'src/certificates.ts', 'src/secretsView.ts'])
      assert.equal(privacy.decide(fileIn(path)).send, true, path);
  });

  it("adds the user's own patterns to the defaults: by name, or by path relative to the workspace folder", () => {
    const mine = new CompletionPrivacy(['*.secret.ts', 'internal/**', '  ', 'config\\local.json']);
    assert.equal(mine.decide(fileIn('src/db.secret.ts')).send, false);
    assert.equal(mine.decide(fileIn('internal/payroll/rates.ts')).send, false);
    assert.equal(mine.decide(fileIn('config/local.json')).send, false);
    assert.equal(mine.decide(fileIn('src/internal.ts')).send, true);
    assert.equal(mine.decide(fileIn('.env')).send, false, 'the defaults stay');
  });

  it('lists defaults for each kind the feature promises', () => {
    for (const pattern of ['.env*', '*.pem', '*.key', '*.crt', '.npmrc', '**/.ssh/**']) assert.ok(DEFAULT_DENIED_FILES.includes(pattern), pattern);
  });
});

describe('glob patterns', () => {
  const matches = (pattern: string, path: string): boolean => globToRegExp(pattern).test(path);

  it('keeps * and ? within a path segment and lets ** cross segments', () => {
    assert.equal(matches('*.ts', 'app.ts'), true);
    assert.equal(matches('*.ts', 'src/app.ts'), false);
    assert.equal(matches('**/*.ts', 'src/app.ts'), true);
    assert.equal(matches('**/*.ts', 'app.ts'), true);
    assert.equal(matches('src/**', 'src'), true);
    assert.equal(matches('src/**', 'src/a/b.ts'), true);
    assert.equal(matches('src/**', 'srcx/a.ts'), false);
    assert.equal(matches('a?c', 'abc'), true);
    assert.equal(matches('a?c', 'a/c'), false);
  });

  it('reads classes and alternatives, and takes an unclosed one and regular-expression signs literally', () => {
    assert.equal(matches('*.{pem,key}', 'x.key'), true);
    assert.equal(matches('*.{pem,key}', 'x.pub'), false);
    assert.equal(matches('id_[rd]sa', 'id_dsa'), true);
    assert.equal(matches('id_[!r]sa', 'id_rsa'), false);
    assert.equal(matches('file[1', 'file[1'), true);
    assert.equal(matches('a{b', 'a{b'), true);
    assert.equal(matches('a+b(c).txt', 'a+b(c).txt'), true);
    assert.equal(matches('a.b', 'axb'), false);
  });
});
