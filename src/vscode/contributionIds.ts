// The names VS Code and the manifest (package.json `contributes`) know the extension's parts by, besides the commands
// (commandIds.ts) and the settings (settings/settingsDeclaration.ts); manifest.test.ts compares them with package.json.
export const ViewId = {
  /** The chat webview view in the side bar. */
  chat: 'maas.chatView',
} as const;

/** The vendor of the service's models in VS Code's language-model API (`vscode.lm`). */
export const LM_VENDOR = 'maas';

/** `@maas` in VS Code's own chat. */
export const PARTICIPANT_ID = 'maas.assistant';

/** The knowledge-base tool in VS Code's language-model tools (`vscode.lm`; `#kb` in VS Code's chat). */
export const KNOWLEDGE_TOOL_NAME = 'maas_searchKnowledgeBase';

export const ContextKey = {
  /** Whether an API key is stored: the walkthrough's "Set your API key" step completes on it. */
  apiKeySet: 'maas.apiKeySet',
  /** Whether MaaS: Test Connection passed every check in this window: the walkthrough's first step completes on it. */
  connectionVerified: 'maas.connectionVerified',
} as const;

/** The status bar item's id, under which VS Code remembers whether the user hid it. */
export const STATUS_BAR_ITEM_ID = 'maas.status';

/** The completions' status bar item's id. */
export const COMPLETIONS_STATUS_ITEM_ID = 'maas.completionsStatus';
