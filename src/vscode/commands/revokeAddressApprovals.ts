// MaaS: Revoke Address Approvals — lists the addresses the user allowed to receive credentials although only a
// workspace's settings named them (per workspace, origin and purpose), and removes the ones picked. The next request
// to such an address asks again.
import * as vscode from 'vscode';
import type { AddressPurpose } from '../../core/credentials/addressCheck';
import type { AddressApproval, AddressApprovals } from '../secrets/addressApprovals';
import type { Prompter } from '../prompter';

export function revokeAddressApprovalsCommand(approvals: AddressApprovals, prompter: Prompter): () => Promise<number> {
  return async () => {
    const all = approvals.all();
    if (all.length === 0) {
      void prompter.showInformationMessage(vscode.l10n.t('No address is approved: credentials go only to the addresses of your own settings.'));
      return 0;
    }
    const items = all.map((approval) => ({
      label: approval.origin,
      description: purposeLabel(approval.purpose),
      detail: vscode.l10n.t(
        '{0}: named by {1}; allowed {2}',
        approval.label,
        approval.setting,
        new Date(approval.approvedAt).toLocaleString(vscode.env.language),
      ),
      approval,
    }));
    const picked = await prompter.showQuickPick(items, {
      title: vscode.l10n.t('MaaS: Revoke Address Approvals'),
      placeHolder: vscode.l10n.t('Pick the approvals to revoke'),
      canPickMany: true,
    });
    if (picked === undefined || picked.length === 0) return 0;
    const revoked: AddressApproval[] = picked.map((item) => item.approval);
    await approvals.revoke(revoked);
    void prompter.showInformationMessage(vscode.l10n.t('Revoked {0} approval(s). The next request to such an address asks you again.', revoked.length));
    return revoked.length;
  };
}

function purposeLabel(purpose: AddressPurpose): string {
  const labels: Record<AddressPurpose, string> = {
    apiKey: vscode.l10n.t('API key'),
    speech: vscode.l10n.t('Speech appkey and token'),
    console: vscode.l10n.t('Console page'),
  };
  return labels[purpose];
}
