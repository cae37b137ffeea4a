// What a benchmark file says it measures, as docs/performance.md shows it: its leading comment with every constant it
// names written as its value, whether the file declares the constant or imports it from a module beside it
// (`HOST_DELTA_MS` from ./realisticStream).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { leadingComment } from './performancePage';

export function benchDescription(dir: string, file: string): string {
  const source = readFileSync(path.join(dir, file), 'utf8');
  const imported = [...source.matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gm)]
    .map((match) => path.join(dir, `${match[1] ?? ''}.ts`))
    .filter((module) => existsSync(module))
    .map((module) => readFileSync(module, 'utf8'));
  return leadingComment(source, imported);
}
