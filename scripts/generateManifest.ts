// `npm run generate`: writes package.json's settings, commands and restricted settings from their declarations
// (src/vscode/settings/settingsDeclaration.ts, src/vscode/commandIds.ts); scripts/manifestContributions.ts says which
// parts and how. Run it after changing a declaration, and commit package.json with it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedManifest } from './manifestContributions';

const file = path.resolve(__dirname, '..', 'package.json');
const before = readFileSync(file, 'utf8');
const after = generatedManifest(before);
if (after === before) {
  console.log('package.json already says what the declarations say.');
} else {
  writeFileSync(file, after);
  console.log('package.json: contributes.configuration, contributes.commands and restrictedConfigurations written from the declarations.');
}
