// Every command of the extension, declared once (docs/style.md rule 3): its key, and its icon where a menu shows it.
// Its id is `maas.<key>`, its title the package.nls.json text `command.<key>`; every command is in the MaaS category
// of the Command Palette. scripts/generateManifest.ts writes package.json's contributes.commands from this table
// (`npm run generate`), and a unit test fails when package.json differs. Menus and key bindings name
// the ids in package.json by hand.
export interface CommandDeclaration {
  /** A codicon's name (https://code.visualstudio.com/api/references/icons-in-labels#icon-listing). */
  readonly icon?: string;
}

export const commandsDeclaration = {
  setApiKey: { icon: 'key' },
  clearApiKey: {},
  showLogs: { icon: 'output' },
  openChat: { icon: 'comment-discussion' },
  openConsole: { icon: 'link-external' },
  newConversation: { icon: 'add' },
  showConversations: { icon: 'history' },
  addSelectionToChat: {},
  addFileToChat: {},
  askKnowledgeBase: { icon: 'book' },
  addKnowledgeBase: {},
  describeImage: { icon: 'file-media' },
  describeImageFromUrl: {},
  toggleCompletions: { icon: 'sparkle' },
  readAloud: { icon: 'unmute' },
  readAloudToFile: {},
  setSpeechCredentials: {},
  clearSpeechCredentials: {},
  chooseVoice: {},
  testConnection: { icon: 'pulse' },
  copyConnectionReport: { icon: 'copy' },
  revokeAddressApprovals: { icon: 'shield' },
  setUpNativeChat: { icon: 'comment-discussion' },
  toggleReadAnswers: { icon: 'unmute' },
} as const satisfies Record<string, CommandDeclaration>;

type Commands = typeof commandsDeclaration;
export type CommandKey = keyof Commands;

/** Each command's id by its key: `maas.<key>`. */
export const CommandId = Object.fromEntries(Object.keys(commandsDeclaration).map((key) => [key, `maas.${key}`])) as {
  readonly [K in CommandKey]: `maas.${K}`;
};

export type CommandIdValue = (typeof CommandId)[CommandKey];

/** The package.nls.json key of a command's title. */
export function commandTitleKey(key: CommandKey): string {
  return `command.${key}`;
}
