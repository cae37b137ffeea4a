// Finds every runtime string the extension localises: the first argument of each `l10n.t(...)` call in src/,
// read with the TypeScript compiler so that no call hides from the check. A non-literal first argument is an
// error: its translation could not be checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface L10nCall {
  readonly file: string;
  readonly line: number;
  readonly message: string | undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

export function findL10nCalls(srcDir: string): L10nCall[] {
  const calls: L10nCall[] = [];
  for (const file of sourceFiles(srcDir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 't' &&
        node.expression.expression.getText(source).endsWith('l10n')
      ) {
        const first = node.arguments[0];
        const message = first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : undefined;
        calls.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, message });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}
