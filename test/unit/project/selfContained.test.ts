// The repository is self-contained: no file points outside it, at notes beside a checkout (a `shared` folder above it, or their
// names) or at a machine's absolute paths. What a reader needs from such notes is in docs/, in the project's words.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '..', '..', '..');
const TEXT = /\.(ts|mjs|cjs|js|json|md|txt|yml|yaml|css|html|sh)$|^\.ci\/run$|(^|\/)\.[\w.-]+ignore$/;

/**
 * A relative path to a `shared/` folder that is not a module of src/shared/ (imported from a layer beside it, also in
 * the probe files the layering test writes), such as notes kept beside a checkout.
 */
function outsideSharedPaths(text: string): string[] {
  return [...text.matchAll(/(?:\.\.\/)+shared\/([\w./-]*)/g)]
    .filter((match) => !['.ts', '.js'].some((ext) => existsSync(path.join(root, 'src', 'shared', `${match[1] ?? ''}${ext}`))))
    .map((match) => match[0]);
}

/** What points outside: a relative path to a `shared` folder above the repository, the notes' names, absolute machine paths. */
export function pointersOutside(text: string): string[] {
  const names = text.match(/\b(wire-notes|service-spec|ux-notes|vscode-host\.md|native-chat\.md)\b/g) ?? [];
  const absolute = text.match(/(?<![\w.:/])\/(work|home|root|Users|mnt|srv)\/[\w./-]+/g) ?? [];
  return [...outsideSharedPaths(text), ...names, ...absolute];
}

describe('the repository is self-contained', () => {
  it('finds a pointer outside in each form, and not an import of src/shared', () => {
    // The probes are put together here, so that a plain search of the repository finds none of them.
    const up = ['..', 'shared'].join('/');
    const machine = ['', 'work', 'shared', `service-${'spec'}.md`].join('/');
    assert.deepEqual(pointersOutside("import { a } from '../../shared/protocol';"), []);
    assert.deepEqual(pointersOutside(`// see ${up}/style.md rule 2`), [`${up}/style.md`]);
    assert.deepEqual(pointersOutside(`as wire-${'notes'} says; service-${'spec'}.md section 7`), [`wire-${'notes'}`, `service-${'spec'}`]);
    assert.deepEqual(pointersOutside(`the file ${machine}`), [`service-${'spec'}`, machine]);
    assert.deepEqual(pointersOutside(`http://127.0.0.1:8080/${'work'}/x and \`docs/style.md\``), []);
  });

  it('no tracked file points outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      // This file names the patterns it looks for.
      .filter((file) => TEXT.test(file) && file !== 'package-lock.json' && file !== 'test/unit/project/selfContained.test.ts');
    assert.ok(files.length > 100, `${files.length} files read`);
    const found = files.flatMap((file) => {
      const full = path.join(root, file);
      if (!existsSync(full)) return [];
      return pointersOutside(readFileSync(full, 'utf8')).map((pointer) => `${file}: ${pointer}`);
    });
    assert.deepEqual(found, []);
  });
});
