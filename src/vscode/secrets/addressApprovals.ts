// The origins the user allowed, per workspace, to receive credentials although only the workspace's settings name
// them. Kept in the extension's global state (the user's profile), never in a file of the workspace, so a repository
// cannot ship an approval; MaaS: Revoke Address Approvals removes them.
import * as vscode from 'vscode';
import * as z from 'zod';
import type { ApprovalStore } from '../../core/credentials/credentials';
import { StateKey } from '../stateKeys';

const STATE_KEY = StateKey.addressApprovals;

const approvalSchema = z.object({
  /** The workspace: its .code-workspace file, or its (first) folder. */
  workspace: z.string().min(1),
  /** A readable name of the workspace, for the revocation list. */
  label: z.string(),
  origin: z.string().min(1),
  setting: z.string(),
  approvedAt: z.string(),
});
export type AddressApproval = z.infer<typeof approvalSchema>;

/** The open workspace as approvals key it, and its name for people; undefined in a window without a folder. */
export function currentWorkspace(): { readonly id: string; readonly label: string; readonly settingsFile: string } | undefined {
  const file = vscode.workspace.workspaceFile;
  if (file !== undefined && file.scheme !== 'untitled') {
    return { id: file.toString(), label: vscode.workspace.name ?? file.path, settingsFile: file.fsPath };
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) return undefined;
  return { id: folder.uri.toString(), label: folder.name, settingsFile: vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json').fsPath };
}

export class AddressApprovals implements ApprovalStore {
  constructor(private readonly memento: vscode.Memento) {}

  /** Every approval, of every workspace (unreadable entries dropped). */
  all(): AddressApproval[] {
    const stored = this.memento.get<unknown>(STATE_KEY, []);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((entry) => {
      const parsed = approvalSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  has(origin: string): boolean {
    const workspace = currentWorkspace();
    return workspace !== undefined && this.all().some((entry) => entry.workspace === workspace.id && entry.origin === origin);
  }

  async add(origin: string, setting: string): Promise<void> {
    const workspace = currentWorkspace();
    if (workspace === undefined) return;
    const others = this.all().filter((entry) => !(entry.workspace === workspace.id && entry.origin === origin));
    await this.memento.update(STATE_KEY, [
      ...others,
      { workspace: workspace.id, label: workspace.label, origin, setting, approvedAt: new Date().toISOString() },
    ]);
  }

  async revoke(entries: readonly AddressApproval[]): Promise<void> {
    const gone = (entry: AddressApproval): boolean => entries.some((e) => e.workspace === entry.workspace && e.origin === entry.origin);
    await this.memento.update(
      STATE_KEY,
      this.all().filter((entry) => !gone(entry)),
    );
  }
}
