// The question put to the user before a credential goes to an address only the workspace names (or before the user
// is sent to a console page only the workspace names): a modal that shows the origin and which setting of which
// workspace named it, with Allow and VS Code's own Cancel.
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../../core/credentials/credentials';
import type { Prompter } from '../prompter';
import { currentWorkspace } from './addressApprovals';

export function askAboutAddress(prompter: Prompter): (request: ApprovalRequest) => Promise<boolean> {
  return async ({ origin, setting, purpose }) => {
    const workspace = currentWorkspace();
    const where =
      workspace === undefined ? vscode.l10n.t('this workspace') : vscode.l10n.t('the workspace “{0}” ({1})', workspace.label, workspace.settingsFile);
    const allow = vscode.l10n.t('Allow');
    const question =
      purpose === 'apiKey'
        ? vscode.l10n.t('Send your MaaS API key to {0}?', origin)
        : purpose === 'speech'
          ? vscode.l10n.t('Send your MaaS speech appkey and token to {0}?', origin)
          : vscode.l10n.t('Open {0} as the MaaS console?', origin);
    const risk =
      purpose === 'console'
        ? vscode.l10n.t('That page is where you would create and paste your keys. Allow only if you trust this address.')
        : vscode.l10n.t('Whoever runs that address receives the credential and everything you ask with it. Allow only if you trust it.');
    const detail = [
      vscode.l10n.t('{0} in the settings of {1} sets this address; your own settings do not.', setting.name, where),
      risk,
      vscode.l10n.t('Allow is remembered for this workspace and address; MaaS: Revoke Address Approvals takes it back.'),
    ].join('\n\n');
    return (await prompter.showModalWarning(question, detail, allow)) === allow;
  };
}
