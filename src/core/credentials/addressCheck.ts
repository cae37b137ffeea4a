// Where a credential may go (pure, so the rule is tested without VS Code). An address is the user's choice when it
// comes from the user's own settings (or the remote machine's); an address that only a workspace's or a folder's
// settings name is a stranger's until the user approves its origin for that workspace. Anything else (an address no
// setting names) is refused: the client never sends a credential to an address it was not configured with.

/** The settings that decide where a credential goes or which page opens. */
export type AddressSettingKey = 'baseUrl' | 'altBaseUrl' | 'consoleUrl';

/** What one address setting holds, and who chose it. */
export interface AddressSetting {
  readonly key: AddressSettingKey;
  /** The setting's full name, e.g. `maas.baseUrl`. */
  readonly name: string;
  /** The value in use ('' when none). */
  readonly value: string;
  /** Who chose the value in use: the user (user or remote-machine settings), a workspace, or nobody (the default). */
  readonly from: 'user' | 'workspace' | 'default';
  /** The user's own value ('' when the user set none). */
  readonly userValue: string;
  /**
   * A workspace value that is not used because the workspace is not trusted (Restricted Mode), for the log and the
   * words shown to the user.
   */
  readonly ignoredWorkspaceValue?: string;
}

/** The origin (`scheme://host:port`) of an http(s) address, or undefined when it is not one. */
export function originOf(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export type AddressVerdict =
  /** The user chose this origin (or approved it for this workspace): send. */
  | { readonly kind: 'allowed' }
  /** Only the workspace names this origin, and the user has not approved it yet: ask first. */
  | { readonly kind: 'ask'; readonly origin: string; readonly setting: AddressSetting }
  /** No setting in use names this origin: never send. */
  | { readonly kind: 'refused'; readonly origin: string | undefined };

/**
 * Whether a credential (or the user) may be sent to `address`, given the address settings in use and the origins the
 * user approved for this workspace.
 */
export function checkAddress(address: string, settings: readonly AddressSetting[], approved: (origin: string) => boolean): AddressVerdict {
  const origin = originOf(address);
  if (origin === undefined) return { kind: 'refused', origin };
  if (settings.some((setting) => setting.userValue !== '' && originOf(setting.userValue) === origin)) return { kind: 'allowed' };
  const named = settings.find((setting) => setting.from === 'workspace' && originOf(setting.value) === origin);
  if (named === undefined) return { kind: 'refused', origin };
  return approved(origin) ? { kind: 'allowed' } : { kind: 'ask', origin, setting: named };
}
