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

/**
 * Where VS Code's chat is there for the user, in the words of VS Code's own chat menus: `chatSetupHidden` holds while
 * `chat.disableAIFeatures` is on (or a policy hides chat), `chatSetupDisabledInWorkspace` while its built-in chat
 * extension is disabled in this workspace. A host without these keys reads them as false: the step shows.
 */
const NATIVE_CHAT_STEP_WHEN = `config.${settingNames.nativeChatEnabled} && !chatSetupHidden && !chatSetupDisabledInWorkspace`;

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
    // Only where its button can do something: the MaaS models and @maas on (maas.nativeChat.enabled), and VS Code's
    // chat there to use them in; MaaS: Set Up VS Code's Chat for MaaS Models explains itself and stops elsewhere.
    when: NATIVE_CHAT_STEP_WHEN,
  },
  { id: 'readAloud', completionEvents: [`onCommand:${CommandId.readAloud}`, `onCommand:${CommandId.readAloudToFile}`] },
];
