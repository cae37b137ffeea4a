// Where a credential may go (pure, so the rule is tested without VS Code). Each credential, and the console page, has
// its own settings: the API key goes where maas.baseUrl and maas.altBaseUrl point, the speech appkey/token where
// maas.baseUrl points, the user is sent to the page maas.consoleUrl names. An address is the user's choice for a
// purpose when the user's own settings for that purpose name its origin; an address that only a workspace (or the
// machine settings of a dev container or Codespace, which a repository writes) names for that purpose is a stranger's
// until the user approves that origin for that purpose. Anything else is refused: a credential never goes to an
// address no setting of its purpose names, so allowing a console page sends no key there.
import { isThisComputer } from '../http/thisComputer';

/** The settings that decide where a credential goes or which page opens. */
export type AddressSettingKey = 'baseUrl' | 'altBaseUrl' | 'consoleUrl';

/** What a credential (or a page) is wanted for: an approval, and the question asking for one, is for one purpose. */
export type AddressPurpose = 'apiKey' | 'speech' | 'console';

/** The settings whose addresses may receive each purpose (the speech client talks to maas.baseUrl only). */
const purposeSettings: Readonly<Record<AddressPurpose, readonly AddressSettingKey[]>> = {
  apiKey: ['baseUrl', 'altBaseUrl'],
  speech: ['baseUrl'],
  console: ['consoleUrl'],
};

/**
 * Who chose the value in use: the user (user or remote-machine settings), a workspace (its or a folder's settings),
 * a container (the machine settings of a dev container or Codespace, which its devcontainer.json writes), or nobody.
 */
export type AddressSource = 'user' | 'workspace' | 'container' | 'default';

/** What one address setting holds, and who chose it. */
export interface AddressSetting {
  readonly key: AddressSettingKey;
  /** The setting's full name, e.g. `maas.baseUrl`. */
  readonly name: string;
  /** The value in use ('' when none). */
  readonly value: string;
  readonly from: AddressSource;
  /** The user's own value ('' when the user set none, or when it cannot be told from a container's). */
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

/**
 * Whether what goes to `address` would cross a network unencrypted: plain http:// to a host other than this computer
 * (isThisComputer), where anyone on the way can read the key and change the answers.
 */
export function travelsInClear(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && !isThisComputer(url);
}

/**
 * The user's own key addresses in use that travel in clear (maas.baseUrl, maas.altBaseUrl), each origin once with the
 * first setting naming it. The user chose them, so nothing is refused; the user is told once (addresses a workspace or
 * a container names are asked about instead, with the same warning in the question).
 */
export function ownCleartextAddresses(settings: readonly AddressSetting[]): { readonly origin: string; readonly setting: AddressSetting }[] {
  const found: { origin: string; setting: AddressSetting }[] = [];
  for (const setting of settings) {
    const origin = originOf(setting.value);
    if (setting.from !== 'user' || !purposeSettings.apiKey.includes(setting.key) || origin === undefined || !travelsInClear(origin)) continue;
    if (!found.some((entry) => entry.origin === origin)) found.push({ origin, setting });
  }
  return found;
}

/** Whether a value was chosen by someone other than the user: the workspace, or a container's configuration. */
function chosenForTheUser(setting: AddressSetting): boolean {
  return setting.from === 'workspace' || setting.from === 'container';
}

export type AddressVerdict =
  /** The user chose this origin for this purpose (or approved it for this workspace and purpose): send. */
  | { readonly kind: 'allowed' }
  /** Only the workspace names this origin for this purpose, and the user has not approved it yet: ask first. */
  | { readonly kind: 'ask'; readonly origin: string; readonly setting: AddressSetting; readonly cleartext: boolean }
  /** No setting of this purpose names this origin: never send. */
  | { readonly kind: 'refused'; readonly origin: string | undefined };

/**
 * Whether a credential of `purpose` (or the user, for the console) may be sent to `address`, given the address
 * settings in use and the origins the user approved for this workspace and this purpose.
 */
export function checkAddress(
  address: string,
  purpose: AddressPurpose,
  settings: readonly AddressSetting[],
  approved: (origin: string) => boolean,
): AddressVerdict {
  const origin = originOf(address);
  if (origin === undefined) return { kind: 'refused', origin };
  const own = settings.filter((setting) => purposeSettings[purpose].includes(setting.key));
  if (own.some((setting) => setting.userValue !== '' && originOf(setting.userValue) === origin)) return { kind: 'allowed' };
  const named = own.find((setting) => chosenForTheUser(setting) && originOf(setting.value) === origin);
  if (named === undefined) return { kind: 'refused', origin };
  return approved(origin) ? { kind: 'allowed' } : { kind: 'ask', origin, setting: named, cleartext: travelsInClear(origin) };
}
