// The sections of the Settings editor the extension's settings are grouped in, in the editor's order. Each setting
// names its section (settingsDeclaration.ts); scripts/manifestContributions.ts writes one titled entry of package.json's
// contributes.configuration per section that holds a setting. Free of the VS Code API, like the declaration.

/** Where a setting may be set (https://code.visualstudio.com/api/references/contribution-points#Configuration-property-schema). */
export type SettingScope = 'application' | 'machine' | 'machine-overridable' | 'window' | 'resource' | 'language-overridable';

export interface SettingSection {
  /** The section's id in package.json, after `maas.`. */
  readonly id: string;
  /** The package.nls.json key of its title. */
  readonly title: string;
}

export const settingSections = [
  { id: 'connection', title: 'configuration.section.connection' },
  { id: 'chat', title: 'configuration.section.chat' },
  { id: 'images', title: 'configuration.section.images' },
  { id: 'knowledgeBase', title: 'configuration.section.knowledgeBase' },
  { id: 'nativeChat', title: 'configuration.section.nativeChat' },
  { id: 'completions', title: 'configuration.section.completions' },
  { id: 'speech', title: 'configuration.section.speech' },
] as const satisfies readonly SettingSection[];

export type SettingSectionId = (typeof settingSections)[number]['id'];
