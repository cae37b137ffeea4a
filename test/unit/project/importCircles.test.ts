// No two parts of src/ import each other, at any level: in every folder, each file and each subfolder (taken whole) is
// one part, and the imports between the parts must not go round. A circle of files (a.ts imports b.ts, which imports
// a.ts) is one case; a circle of folders is the other, and the one a linter's file-level cycle rule misses (requests/
// importing a type of conversations/ while conversations/ imports a function of requests/ is no circle of files).
// Imports are read with the TypeScript compiler's pre-processor, `import type` included: a type in the wrong home ties
// two folders as much as a function does.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const root = path.resolve(__dirname, '..', '..', '..');

/** Every .ts file under `dir`, as paths from the repository's root with `/`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The files of `files` that `file`'s relative imports name (packages and files elsewhere are no parts of src/). */
function importsOf(file: string, text: string, files: ReadonlySet<string>): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const target = path.posix.join(path.posix.dirname(file), fileName);
    return [target, `${target}.ts`, `${target}.d.ts`, `${target}/index.ts`].filter((candidate) => files.has(candidate)).slice(0, 1);
  });
}

/** Strongly connected groups of more than one node (Tarjan). */
function circlesOf(nodes: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === node ? undefined : stack.pop()) {
      onStack.delete(member);
      group.push(member);
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/**
 * Every circle among the parts of every folder of `sources` (path → text), each named with its folder, its parts and
 * the imports that tie them.
 */
export function importCircles(sources: ReadonlyMap<string, string>): string[] {
  const files = new Set(sources.keys());
  const imports = [...sources].flatMap(([file, text]) => importsOf(file, text, files).map((target) => ({ file, target })));
  const folders = new Set(
    [...files].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  return [...folders].sort().flatMap((folder) => {
    // The part of `folder` that holds `file`: the file itself, or the subfolder it is in; undefined outside `folder`.
    const partOf = (file: string): string | undefined =>
      file.startsWith(`${folder}/`) ? `${folder}/${file.slice(folder.length + 1).split('/')[0] ?? ''}` : undefined;
    const edges = new Map<string, Set<string>>();
    const ties = new Map<string, string[]>();
    for (const { file, target } of imports) {
      const from = partOf(file);
      const to = partOf(target);
      if (from === undefined || to === undefined || from === to) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
      ties.set(`${from} -> ${to}`, [...(ties.get(`${from} -> ${to}`) ?? []), `${file} imports ${target}`]);
    }
    return circlesOf([...edges.keys()].sort(), edges).map((group) => {
      const inside = [...ties].filter(([pair]) => group.some((a) => group.some((b) => pair === `${a} -> ${b}`)));
      const named = inside.map(([pair, [first, ...more]]) => `${pair}: ${first ?? ''}${more.length > 0 ? ` and ${more.length} more` : ''}`);
      return `in ${folder}/: ${group.join(', ')} import each other (${named.join('; ')})`;
    });
  });
}

describe('no import circles in src/', () => {
  it('finds a circle of files and a circle of folders, and none where imports point one way', () => {
    const files = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));
    assert.deepEqual(importCircles(files({ 'src/a/x.ts': "import { y } from './y';", 'src/a/y.ts': "import type { X } from './x';" })), [
      'in src/a/: src/a/x.ts, src/a/y.ts import each other (src/a/x.ts -> src/a/y.ts: src/a/x.ts imports src/a/y.ts; src/a/y.ts -> src/a/x.ts: src/a/y.ts imports src/a/x.ts)',
    ]);
    const folders = importCircles(
      files({
        'src/core/requests/run.ts': "import type { StoredError } from '../conversations/model';",
        'src/core/conversations/model.ts': 'export interface StoredError { kind: string }',
        'src/core/conversations/selection.ts': "export { plan } from '../requests/plan';",
        'src/core/requests/plan.ts': 'export const plan = 1;',
      }),
    );
    assert.equal(folders.length, 1, folders.join('\n'));
    assert.match(folders[0] ?? '', /^in src\/core\/: src\/core\/conversations, src\/core\/requests import each other/);
    assert.deepEqual(
      importCircles(
        files({
          'src/core/session/chatSession.ts': "import { Questions } from './turns/questions';",
          'src/core/session/turns/questions.ts': "import type { ChatState } from '../sessionState';",
          'src/core/session/sessionState.ts': "const load = () => import('../conversations/store');",
          'src/core/conversations/store.ts': 'export const store = 1;',
        }),
      ),
      [],
      'a folder may import the files beside it, and they a folder of theirs, as long as no part imports back',
    );
  });

  it('src/ has none', () => {
    const sources = new Map(sourceFiles('src').map((file) => [file, readFileSync(path.join(root, file), 'utf8')] as const));
    assert.ok(sources.size > 100 && existsSync(path.join(root, 'src', 'extension.ts')), 'read the sources');
    assert.deepEqual(importCircles(sources), []);
  });
});
