// The keys of what the extension keeps in VS Code's global state (context.globalState), each written once here.
export const StateKey = {
  /** The long-text synthesis tasks being followed, with their target files (longTaskTracker.ts). */
  longTasks: 'maas.speech.longTasks',
  /** Which window follows each long-text task (longTaskTracker.ts, core/speech/taskLeases.ts). */
  longTaskLeases: 'maas.speech.longTaskLeases',
  /** The speaker list per service address (voiceCatalog.ts). */
  speakersByBaseUrl: 'maas.speech.speakersByBaseUrl',
  /** The addresses the user allowed per workspace and purpose (secrets/addressApprovals.ts). */
  addressApprovals: 'maas.addressApprovals',
  /** The user's own plain-http key addresses already warned about (secrets/cleartextWarning.ts). */
  cleartextWarnings: 'maas.cleartextWarnings',
  /** The proxy hosts a container's set-up named that were warned about carrying the credentials (secrets/containerProxyNotice.ts). */
  containerProxyNotices: 'maas.containerProxyNotices',
  /** The knowledge bases last picked in Ask Knowledge Base about Selection. */
  lastKnowledgeBases: 'maas.knowledge.lastBases',
} as const;
