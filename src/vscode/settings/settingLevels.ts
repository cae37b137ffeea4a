// The levels of `WorkspaceConfiguration.inspect()` the extension reads to tell who chose a setting's value: the
// user (`globalValue`; in a remote window the user's and the remote machine's settings merged), or the workspace (a
// `.code-workspace` file's or a folder's `.vscode/settings.json`, written by whoever wrote the repository); and the
// value of a setting only the user may choose. Free of the VS Code API so the unit tests cover it.

/** The levels of `WorkspaceConfiguration.inspect()` these rules read. */
export interface InspectedSetting {
  readonly globalValue?: unknown;
  readonly workspaceValue?: unknown;
  readonly workspaceFolderValue?: unknown;
}

/** The workspace's value (a folder's wins over the workspace file's, as in VS Code), or undefined when it sets none. */
export function workspaceLevelValue(levels: InspectedSetting | undefined): unknown {
  return levels?.workspaceFolderValue ?? levels?.workspaceValue;
}

/**
 * Whether the value in use is the workspace's: it sets one and the workspace is trusted (in Restricted Mode VS Code
 * ignores a workspace's value of a restricted setting, and the extension its address settings).
 */
export function chosenByWorkspace(levels: InspectedSetting | undefined, trusted: boolean): boolean {
  return trusted && workspaceLevelValue(levels) !== undefined;
}

/**
 * Whether a setting of this scope is the user's alone: `application` (the user's settings only, not even a remote
 * machine's) and `machine` (the user's or the remote machine's) are scopes VS Code never reads from a workspace.
 */
export function userScoped(scope: string | undefined): boolean {
  return scope === 'application' || scope === 'machine';
}

/**
 * The value of a setting to parse: for a setting of a user's scope, the user's level alone (`globalValue`), so that a
 * workspace's value never counts even where a host did not leave it out by the scope, in Restricted Mode or not; for
 * any other, the value in effect.
 */
export function valueToUse(scope: string | undefined, levels: () => InspectedSetting | undefined, inEffect: () => unknown): unknown {
  return userScoped(scope) ? levels()?.globalValue : inEffect();
}

/**
 * A list setting whose entries only ever add protection (a deny-list): the entries of every level together, the user's
 * and the workspace's and the folder's, so that a repository's settings may add patterns but never drop the user's.
 * A level that is not a list of strings adds nothing (the declared type is the reader's to report).
 */
export function entriesOfEveryLevel(levels: InspectedSetting | undefined): string[] {
  const entries = [levels?.globalValue, levels?.workspaceValue, levels?.workspaceFolderValue].flatMap((value) =>
    Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [],
  );
  return [...new Set(entries)];
}
