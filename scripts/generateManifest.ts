// `npm run generate`: writes package.json's settings, commands, language-model tools and restricted settings from
// their declarations (src/vscode/settings/settingsDeclaration.ts, src/vscode/commandIds.ts,
// src/vscode/knowledge/knowledgeToolDeclaration.ts; scripts/manifestContributions.ts says which parts and how), then
// the settings table of docs/settings.md from that manifest (scripts/settingsPage.ts) and its model families and chat
// parameters tables from their tables (scripts/kindsPage.ts). Run it after changing a declaration, a setting's
// description, a model family or a chat parameter, and commit package.json and docs/settings.md with it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedManifest } from './manifestContributions';
import { pageWithKinds } from './kindsPage';
import { SETTINGS_PAGE, pageWithSettingsTable, settingsTable } from './settingsPage';

const root = path.resolve(__dirname, '..');

/** Writes `file` when `make` changes its text; says which. */
function regenerate(name: string, make: (before: string) => string, what: string): void {
  const file = path.join(root, name);
  const before = readFileSync(file, 'utf8');
  const after = make(before);
  if (after === before) {
    console.log(`${name} already says what the declarations say.`);
  } else {
    writeFileSync(file, after);
    console.log(`${name}: ${what} written from the declarations.`);
  }
}

regenerate(
  'package.json',
  generatedManifest,
  'contributes.configuration, contributes.commands, contributes.languageModelTools, contributes.walkthroughs and restrictedConfigurations',
);
regenerate(
  SETTINGS_PAGE,
  (page) =>
    pageWithSettingsTable(
      page,
      settingsTable(readFileSync(path.join(root, 'package.json'), 'utf8'), readFileSync(path.join(root, 'package.nls.json'), 'utf8')),
    ),
  'the settings table',
);
regenerate(SETTINGS_PAGE, pageWithKinds, 'the model families and chat parameters tables');
