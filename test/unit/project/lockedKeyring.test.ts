// activate() must not wait for SecretStorage: a locked keyring (a secret store that never answers) would otherwise
// stall activation and with it every command and view. The production bundle is activated in a fresh Node with the
// bench's stub of the vscode module and a secret store that never answers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { productionBuild, repoRoot as root } from './productionBuild';

describe('activation with a locked keyring', () => {
  const out = productionBuild('maas-keyring-');

  it('returns at once, every command registered, though the secret store never answers', () => {
    const child = path.join(root, 'bench', 'activation', 'child.cjs');
    const run = spawnSync(process.execPath, [child, path.join(out(), 'extension.js'), root], {
      encoding: 'utf8',
      env: { ...process.env, MAAS_ACTIVATION_SECRETS: 'never' },
      timeout: 30_000,
    });
    assert.equal(run.status, 0, `exit ${String(run.status)}:\n${run.stderr}`);
    const result = JSON.parse(run.stdout) as { returnedThenable: boolean; registeredCommands: number };
    assert.equal(result.returnedThenable, false, 'activate() returned something VS Code would wait on');
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { commands: unknown[] } };
    assert.equal(result.registeredCommands, manifest.contributes.commands.length);
  });
});
