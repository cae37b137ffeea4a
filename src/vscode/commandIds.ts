// The table of command ids (docs/style.md rule 3). A test asserts it equals package.json contributes.commands.
export const CommandId = {
  setApiKey: 'maas.setApiKey',
  clearApiKey: 'maas.clearApiKey',
  showLogs: 'maas.showLogs',
  openChat: 'maas.openChat',
  openConsole: 'maas.openConsole',
  newConversation: 'maas.newConversation',
  showConversations: 'maas.showConversations',
  addSelectionToChat: 'maas.addSelectionToChat',
  addFileToChat: 'maas.addFileToChat',
  askKnowledgeBase: 'maas.askKnowledgeBase',
  describeImage: 'maas.describeImage',
  describeImageFromUrl: 'maas.describeImageFromUrl',
  readAloud: 'maas.readAloud',
  readAloudToFile: 'maas.readAloudToFile',
  setSpeechCredentials: 'maas.setSpeechCredentials',
  clearSpeechCredentials: 'maas.clearSpeechCredentials',
  chooseVoice: 'maas.chooseVoice',
  testConnection: 'maas.testConnection',
  copyConnectionReport: 'maas.copyConnectionReport',
  revokeAddressApprovals: 'maas.revokeAddressApprovals',
  toggleReadAnswers: 'maas.toggleReadAnswers',
} as const;

export type CommandIdValue = (typeof CommandId)[keyof typeof CommandId];
