// The origins the user allowed, per workspace and per purpose (the API key, the speech credentials, the console page),
// to receive credentials although only the workspace's settings name them. Kept in the extension's global state (the
// user's profile), never in a file of the workspace, so a repository cannot ship an approval; MaaS: Revoke Address
// Approvals removes them. An entry without a purpose does not parse: it counts for nothing (an approval never covers
// a purpose the user was not asked about), and the next write drops it.
import * as z from '../../shared/zod';
import type { AddressPurpose } from '../../core/credentials/addressCheck';
import type { ApprovalStore } from '../../core/credentials/credentials';
import { StateKey } from '../stateKeys';

const STATE_KEY = StateKey.addressApprovals;

const approvalSchema = z.object({
  /** The workspace: its .code-workspace file, or its (first) folder. */
  workspace: z.string().check(z.minLength(1)),
  /** A readable name of the workspace, for the revocation list. */
  label: z.string(),
  origin: z.string().check(z.minLength(1)),
  /** What the origin may receive: an approval for the console page sends no key there. */
  purpose: z.enum(['apiKey', 'speech', 'console']),
  setting: z.string(),
  approvedAt: z.string(),
});
export type AddressApproval = z.infer<typeof approvalSchema>;

/** The open workspace as approvals key it, and its name for people. */
export interface WorkspaceRef {
  readonly id: string;
  readonly label: string;
  readonly settingsFile: string;
}

/** Where the approvals are kept: the extension's global state (`vscode.Memento`), as far as they need it. */
export interface ApprovalsMemento {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export class AddressApprovals implements ApprovalStore {
  constructor(
    private readonly memento: ApprovalsMemento,
    /** The open workspace (undefined in a window without a folder: nothing is approved there). */
    private readonly workspace: () => WorkspaceRef | undefined,
  ) {}

  /** Every approval, of every workspace (unreadable entries, those without a purpose among them, dropped). */
  all(): AddressApproval[] {
    const stored = this.memento.get(STATE_KEY);
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((entry) => {
      const parsed = approvalSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  has(origin: string, purpose: AddressPurpose): boolean {
    const workspace = this.workspace();
    return workspace !== undefined && this.all().some((entry) => same(entry, workspace.id, origin, purpose));
  }

  async add(origin: string, purpose: AddressPurpose, setting: string): Promise<void> {
    const workspace = this.workspace();
    if (workspace === undefined) return;
    const others = this.all().filter((entry) => !same(entry, workspace.id, origin, purpose));
    await this.memento.update(STATE_KEY, [
      ...others,
      { workspace: workspace.id, label: workspace.label, origin, purpose, setting, approvedAt: new Date().toISOString() },
    ]);
  }

  async revoke(entries: readonly AddressApproval[]): Promise<void> {
    const gone = (entry: AddressApproval): boolean => entries.some((e) => same(entry, e.workspace, e.origin, e.purpose));
    await this.memento.update(
      STATE_KEY,
      this.all().filter((entry) => !gone(entry)),
    );
  }
}

function same(entry: AddressApproval, workspace: string, origin: string, purpose: AddressPurpose): boolean {
  return entry.workspace === workspace && entry.origin === origin && entry.purpose === purpose;
}
