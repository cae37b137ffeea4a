// The walkthrough "Get started with MaaS Assistant", declared once (docs/style.md rule 13): each step's id, what
// completes it and where it shows. Its title, description (with the step's buttons) and image description are the
// package.nls.json texts `walkthrough.<id>.title|description|altText`; its image is media/walkthrough/<id>.svg, drawn
// with the theme's colours. scripts/generateManifest.ts writes package.json's contributes.walkthroughs from it.
import { CommandId } from './commandIds';
import { ContextKey, ViewId } from './contributionIds';
import { settingNames } from './settings/settingsDeclaration';

export interface WalkthroughStepDeclaration {
  readonly id: string;
  /** What marks the step done (https://code.visualstudio.com/api/references/contribution-points#Completion-events). */
  readonly completionEvents: readonly string[];
  /** A when clause: the step shows only where it holds. */
  readonly when?: string;
}

export const WALKTHROUGH_ID = 'maas.gettingStarted';

export const walkthroughSteps: readonly WalkthroughStepDeclaration[] = [
  // Done when Test Connection passes every check (testConnection.ts sets the context key), not when it merely runs.
  { id: 'connect', completionEvents: [`onContext:${ContextKey.connectionVerified}`] },
  { id: 'setKey', completionEvents: [`onCommand:${CommandId.setApiKey}`, `onContext:${ContextKey.apiKeySet}`] },
  { id: 'openChat', completionEvents: [`onView:${ViewId.chat}`, `onCommand:${CommandId.openChat}`] },
  {
    id: 'knowledgeBase',
    completionEvents: [`onCommand:${CommandId.addKnowledgeBase}`, `onSettingChanged:${settingNames.knowledgeBases}`, `onCommand:${CommandId.askKnowledgeBase}`],
  },
  { id: 'completions', completionEvents: [`onCommand:${CommandId.toggleCompletions}`, `onSettingChanged:${settingNames.completionsEnabled}`] },
  {
    id: 'nativeChat',
    completionEvents: [`onCommand:${CommandId.setUpNativeChat}`],
    // Only where VS Code's chat is in use: @maas and the models' provider on, and VS Code's AI features not hidden.
    when: `config.${settingNames.nativeChatEnabled} && !chatSetupHidden`,
  },
  { id: 'readAloud', completionEvents: [`onCommand:${CommandId.readAloud}`, `onCommand:${CommandId.readAloudToFile}`] },
];
