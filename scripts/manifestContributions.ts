// The parts of package.json made from the declarations in src/: contributes.configuration (settingsDeclaration.ts,
// in the sections of settingSections.ts), contributes.commands (commandIds.ts), contributes.languageModelTools
// (knowledgeToolDeclaration.ts), contributes.walkthroughs (walkthroughDeclaration.ts) and
// capabilities.untrustedWorkspaces.restrictedConfigurations (the settings declared `restricted`). `npm run generate`
// (scripts/generateManifest.ts) writes them; test/unit/project/generatedManifest.test.ts fails when package.json differs. Everything else in package.json is written by hand and
// kept as it is, byte for byte.
import { CommandId, commandsDeclaration, commandTitleKey, type CommandDeclaration, type CommandKey } from '../src/vscode/commandIds';
import { knowledgeToolDeclaration } from '../src/vscode/knowledge/knowledgeToolDeclaration';
import type { Json } from '../src/vscode/settings/settingKinds';
import { SETTINGS_SECTION, settingKeys, settingsDeclaration, type SettingDeclaration } from '../src/vscode/settings/settingsDeclaration';
import { settingSections } from '../src/vscode/settings/settingSections';
import { WALKTHROUGH_ID, walkthroughSteps } from '../src/vscode/walkthroughDeclaration';

/** The category of every command in the Command Palette: a product name, the same in every language. */
const COMMAND_CATEGORY = 'MaaS';

/** The order of a setting's keywords in package.json; a keyword not listed here is refused, so the order stays stable. */
const KEYWORDS = [
  'type',
  'enum',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'default',
  'scope',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'maxItems',
  'items',
  'additionalProperties',
  'propertyNames',
  'format',
  'pattern',
  'patternErrorMessage',
  'editPresentation',
  'order',
  'markdownDescription',
] as const;

const nls = (key: string): string => `%${key}%`;

function settingProperty(name: string, setting: SettingDeclaration, order: number): Json {
  const property: Record<string, Json> = {
    ...setting.kind.manifest,
    scope: setting.scope,
    order,
    markdownDescription: nls(setting.description),
  };
  const unknown = Object.keys(property).filter((keyword) => !(KEYWORDS as readonly string[]).includes(keyword));
  if (unknown.length > 0) throw new Error(`${name}: add ${unknown.join(', ')} to KEYWORDS in scripts/manifestContributions.ts`);
  return Object.fromEntries(KEYWORDS.filter((keyword) => property[keyword] !== undefined).map((keyword) => [keyword, property[keyword] as Json]));
}

/**
 * contributes.configuration: one titled entry per section that holds a setting, in the sections' order, each with its
 * settings in the order of the declaration (the Settings editor's order).
 */
export function configurationContribution(): Json {
  const declarations: readonly SettingDeclaration[] = settingKeys.map((key) => settingsDeclaration[key]);
  return settingSections.flatMap((section, order) => {
    const settings = declarations.filter((setting) => setting.section === section.id);
    if (settings.length === 0) return [];
    return [
      {
        id: `${SETTINGS_SECTION}.${section.id}`,
        title: nls(section.title),
        order,
        properties: Object.fromEntries(settings.map((setting, index) => [setting.name, settingProperty(setting.name, setting, index)])),
      },
    ];
  });
}

/** contributes.commands: every command in the order of the declaration. */
export function commandsContribution(): Json {
  return (Object.entries(commandsDeclaration) as [CommandKey, CommandDeclaration][]).map(([key, command]) => ({
    command: CommandId[key],
    title: nls(commandTitleKey(key)),
    category: COMMAND_CATEGORY,
    ...(command.icon === undefined ? {} : { icon: `$(${command.icon})` }),
  }));
}

/** The settings whose workspace value VS Code ignores in Restricted Mode. */
export function restrictedConfigurations(): Json {
  return settingKeys.filter((key) => (settingsDeclaration[key] as SettingDeclaration).restricted === true).map((key) => settingsDeclaration[key].name);
}

/** contributes.languageModelTools: the knowledge-base tool, its texts from package.nls.json. */
export function languageModelToolsContribution(): Json {
  const tool = knowledgeToolDeclaration;
  return [
    {
      name: tool.name,
      toolReferenceName: tool.toolReferenceName,
      canBeReferencedInPrompt: tool.canBeReferencedInPrompt,
      icon: tool.icon,
      displayName: nls(tool.displayName),
      userDescription: nls(tool.userDescription),
      modelDescription: nls(tool.modelDescription),
      tags: [...tool.tags],
      inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)) as Json,
    },
  ];
}

/** contributes.walkthroughs: the walkthrough of walkthroughDeclaration.ts, its texts from package.nls.json. */
export function walkthroughsContribution(): Json {
  return [
    {
      id: WALKTHROUGH_ID,
      title: nls('walkthrough.title'),
      description: nls('walkthrough.description'),
      steps: walkthroughSteps.map((step) => ({
        id: step.id,
        title: nls(`walkthrough.${step.id}.title`),
        description: nls(`walkthrough.${step.id}.description`),
        media: { svg: `media/walkthrough/${step.id}.svg`, altText: nls(`walkthrough.${step.id}.altText`) },
        completionEvents: [...step.completionEvents],
        ...(step.when === undefined ? {} : { when: step.when }),
      })),
    },
  ];
}

interface Manifest {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations?: Json } };
  contributes: { configuration?: Json; commands?: Json; languageModelTools?: Json; walkthroughs?: Json };
}

/** package.json's text with its generated parts made from the declarations (in place, so nothing else moves). */
export function generatedManifest(text: string): string {
  const manifest = JSON.parse(text) as Manifest;
  manifest.capabilities.untrustedWorkspaces.restrictedConfigurations = restrictedConfigurations();
  manifest.contributes.commands = commandsContribution();
  manifest.contributes.configuration = configurationContribution();
  manifest.contributes.languageModelTools = languageModelToolsContribution();
  manifest.contributes.walkthroughs = walkthroughsContribution();
  // Two spaces and a final newline: how npm and Prettier write package.json.
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
