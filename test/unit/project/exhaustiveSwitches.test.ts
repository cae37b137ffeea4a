// Every switch over a message, event or view-change union ends in assertNever, so a new member of the protocol is
// a compile error until each switch handles it (docs/style.md rule 5). Read with the TypeScript compiler.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const srcDir = path.join(__dirname, '..', '..', '..', 'src');
/** The discriminants that are protocol (or view-change) unions. */
const discriminant = /\b(message|event|change)\.(type|kind)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface Found {
  readonly where: string;
  readonly endsInAssertNever: boolean;
}

export function unionSwitches(file: string, text: string): Found[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isSwitchStatement(node) && discriminant.test(node.expression.getText(source))) {
      const fallback = node.caseBlock.clauses.find(ts.isDefaultClause);
      let calls = false;
      const look = (inner: ts.Node): void => {
        if (ts.isCallExpression(inner) && inner.expression.getText(source) === 'assertNever') calls = true;
        ts.forEachChild(inner, look);
      };
      if (fallback !== undefined) look(fallback);
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ where: `${path.relative(srcDir, file)}:${line} switch (${node.expression.getText(source)})`, endsInAssertNever: calls });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('exhaustive switches', () => {
  it('every switch over a message, event or view change has a default that calls assertNever', () => {
    const found = sourceFiles(srcDir).flatMap((file) => unionSwitches(file, readFileSync(file, 'utf8')));
    assert.ok(found.length >= 5, `the check sees the protocol switches (${found.map((f) => f.where).join(', ')})`);
    assert.deepEqual(
      found.filter((f) => !f.endsInAssertNever).map((f) => f.where),
      [],
    );
  });

  it('the check tells a switch without assertNever from one with it', () => {
    const text = [
      "function a(message: { type: 'x' } | { type: 'y' }) { switch (message.type) { case 'x': return 1; default: return 2; } }",
      "function b(message: { type: 'x' }) { switch (message.type) { case 'x': return 1; default: assertNever(message); } }",
    ].join('\n');
    assert.deepEqual(
      unionSwitches(path.join(srcDir, 'sample.ts'), text).map((f) => f.endsInAssertNever),
      [false, true],
    );
  });
});
