// The table of command ids (style.md rule 3). A test asserts it equals package.json contributes.commands.
export const CommandId = {
  setApiKey: 'maas.setApiKey',
  clearApiKey: 'maas.clearApiKey',
  showLogs: 'maas.showLogs',
} as const;

export type CommandIdValue = (typeof CommandId)[keyof typeof CommandId];
