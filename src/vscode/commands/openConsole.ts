// MaaS: Open Console — opens the service's web console (maas.consoleUrl) in the browser; resolves with the address
// opened (undefined when none is set or the user would not open it), which the in-host test checks. A console address
// that only the workspace's settings name is opened only after the user allows it: a repository must not choose the
// page where a user creates and pastes keys.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import { actionTitles } from '../../shared/chatWords';
import type { Prompter } from '../prompter';
import { openSettings } from '../settings/openSettings';
import type { SettingsReader } from '../settings/settings';

export function openConsoleCommand(settings: SettingsReader, credentials: Credentials, prompter: Prompter): () => Promise<string | undefined> {
  return async () => {
    const url = settings.settings.consoleUrl;
    if (url === '') {
      const open = actionTitles(vscode.l10n).openSettings;
      const choice = await prompter.showWarningMessage(vscode.l10n.t("Set maas.consoleUrl to the address of the service's web console first."), open);
      if (choice === open) await openSettings('consoleUrl');
      return undefined;
    }
    if (!(await credentials.mayOpenPage(url))) return undefined;
    await vscode.env.openExternal(vscode.Uri.parse(url));
    return url;
  };
}
