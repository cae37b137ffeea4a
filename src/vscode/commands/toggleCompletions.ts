// MaaS: Toggle Inline Completions (and a click on the completions' status bar item): switches
// maas.completions.enabled in the user's settings and says which way it went.
import * as vscode from 'vscode';
import type { Prompter } from '../prompter';
import { writtenSetting } from '../settings/settings';
import { setUserFlag } from '../settings/userFlag';

export function toggleCompletionsCommand(prompter: Pick<Prompter, 'showWarningMessage'>): () => Promise<boolean> {
  return async () => {
    const on = writtenSetting('completionsEnabled') !== true;
    const done = await setUserFlag('completionsEnabled', on, prompter);
    if (done)
      vscode.window.setStatusBarMessage(
        on ? vscode.l10n.t('$(sparkle) MaaS: inline completions are on') : vscode.l10n.t('$(circle-slash) MaaS: inline completions are off'),
        4000,
      );
    return on;
  };
}
