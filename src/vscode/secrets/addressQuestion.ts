// The question put to the user before a credential goes to an address only the workspace names (or before the user
// is sent to a console page only the workspace names): a modal that says what would go where, which setting of which
// workspace (or of the dev container's machine settings) named the address, whether it would travel unencrypted,
// and that Allow covers that purpose only; with Allow and VS Code's own Cancel.
import * as vscode from 'vscode';
import type { AddressPurpose } from '../../core/credentials/addressCheck';
import type { ApprovalRequest } from '../../core/credentials/credentials';
import type { Prompter } from '../prompter';
import { currentWorkspace } from './currentWorkspace';

export function askAboutAddress(prompter: Prompter): (request: ApprovalRequest) => Promise<boolean> {
  return async ({ origin, setting, purpose, cleartext }) => {
    const allow = vscode.l10n.t('Allow');
    const detail = [
      whoNamedIt(setting.name, setting.from === 'container'),
      ...(cleartext ? [cleartextWarning(purpose)] : []),
      purpose === 'console'
        ? vscode.l10n.t('That page is where you would create and paste your keys. Allow only if you trust this address.')
        : vscode.l10n.t('Whoever runs that address receives the credential and everything you ask with it. Allow only if you trust it.'),
      rememberedFor(purpose),
    ].join('\n\n');
    return (await prompter.showModalWarning(question(purpose, origin), detail, allow)) === allow;
  };
}

function question(purpose: AddressPurpose, origin: string): string {
  switch (purpose) {
    case 'apiKey':
      return vscode.l10n.t('Send your MaaS API key to {0}?', origin);
    case 'speech':
      return vscode.l10n.t('Send your MaaS speech appkey and token to {0}?', origin);
    case 'console':
      return vscode.l10n.t('Open {0} as the MaaS console?', origin);
  }
}

function whoNamedIt(settingName: string, container: boolean): string {
  if (container) {
    return vscode.l10n.t(
      "{0} in this container's user or machine settings sets this address. A repository's devcontainer.json can write those, and VS Code does not tell whose value it is, so it counts as the workspace's choice.",
      settingName,
    );
  }
  const workspace = currentWorkspace();
  const where = workspace === undefined ? vscode.l10n.t('this workspace') : vscode.l10n.t('the workspace “{0}” ({1})', workspace.label, workspace.settingsFile);
  return vscode.l10n.t('{0} in the settings of {1} sets this address; your own settings do not.', settingName, where);
}

function cleartextWarning(purpose: AddressPurpose): string {
  return purpose === 'console'
    ? vscode.l10n.t(
        'Warning: this address uses http:// and is not on this computer. The page, and any key you type into it, would travel unencrypted: anyone on the network between you and it can read and change them.',
      )
    : vscode.l10n.t(
        'Warning: this address uses http:// and is not on this computer. Your credential and everything you ask would travel unencrypted: anyone on the network between you and it can read them and change the answers.',
      );
}

function rememberedFor(purpose: AddressPurpose): string {
  switch (purpose) {
    case 'apiKey':
      return vscode.l10n.t('Allow is remembered for this workspace and address, for your API key only; MaaS: Revoke Address Approvals takes it back.');
    case 'speech':
      return vscode.l10n.t(
        'Allow is remembered for this workspace and address, for your speech credentials only; MaaS: Revoke Address Approvals takes it back.',
      );
    case 'console':
      return vscode.l10n.t(
        'Allow is remembered for this workspace and address, for opening the console only: no key is sent there; MaaS: Revoke Address Approvals takes it back.',
      );
  }
}
