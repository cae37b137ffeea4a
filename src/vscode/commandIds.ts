// Every command of the extension, declared once (docs/style.md rule 3): its id, and its icon where a menu shows it.
// Its title is the package.nls.json text `command.<key>`; every command is in the MaaS category of the Command
// Palette. scripts/generateManifest.ts writes package.json's contributes.commands from this table (`npm run
// generate`), and a unit test fails when package.json differs. Menus, key bindings and the walkthrough name the ids
// in package.json by hand.
export interface CommandDeclaration {
  readonly id: `maas.${string}`;
  /** A codicon's name (https://code.visualstudio.com/api/references/icons-in-labels#icon-listing). */
  readonly icon?: string;
}

export const commandsDeclaration = {
  setApiKey: { id: 'maas.setApiKey', icon: 'key' },
  clearApiKey: { id: 'maas.clearApiKey' },
  showLogs: { id: 'maas.showLogs', icon: 'output' },
  openChat: { id: 'maas.openChat', icon: 'comment-discussion' },
  openConsole: { id: 'maas.openConsole', icon: 'link-external' },
  newConversation: { id: 'maas.newConversation', icon: 'add' },
  showConversations: { id: 'maas.showConversations', icon: 'history' },
  addSelectionToChat: { id: 'maas.addSelectionToChat' },
  addFileToChat: { id: 'maas.addFileToChat' },
  askKnowledgeBase: { id: 'maas.askKnowledgeBase', icon: 'book' },
  describeImage: { id: 'maas.describeImage', icon: 'file-media' },
  describeImageFromUrl: { id: 'maas.describeImageFromUrl' },
  readAloud: { id: 'maas.readAloud', icon: 'unmute' },
  readAloudToFile: { id: 'maas.readAloudToFile' },
  setSpeechCredentials: { id: 'maas.setSpeechCredentials' },
  clearSpeechCredentials: { id: 'maas.clearSpeechCredentials' },
  chooseVoice: { id: 'maas.chooseVoice' },
  testConnection: { id: 'maas.testConnection', icon: 'pulse' },
  copyConnectionReport: { id: 'maas.copyConnectionReport', icon: 'copy' },
  revokeAddressApprovals: { id: 'maas.revokeAddressApprovals', icon: 'shield' },
  toggleReadAnswers: { id: 'maas.toggleReadAnswers', icon: 'unmute' },
} as const satisfies Record<string, CommandDeclaration>;

type Commands = typeof commandsDeclaration;
export type CommandKey = keyof Commands;

/** Each command's id by its key. */
export const CommandId = Object.fromEntries(Object.entries(commandsDeclaration).map(([key, command]) => [key, command.id])) as {
  readonly [K in CommandKey]: Commands[K]['id'];
};

export type CommandIdValue = (typeof CommandId)[CommandKey];

/** The package.nls.json key of a command's title. */
export function commandTitleKey(key: CommandKey): string {
  return `command.${key}`;
}
