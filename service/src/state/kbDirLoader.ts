// Loads a folder of .md/.txt files as one knowledge base (--kb-dir), named after the folder, at every start.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { KnowledgeDocument } from './stateSchema';

export function readKnowledgeFolder(dir: string): { name: string; documents: KnowledgeDocument[] } {
  const documents = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(md|txt)$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => ({ title: path.relative(dir, file).replace(/\.(md|txt)$/i, ''), text: readFileSync(file, 'utf8') }));
  return { name: path.basename(path.resolve(dir)), documents };
}
