// MaaS: Choose Voice — picks maas.speech.voice from the service's speaker list (cached; a Refresh item fetches it
// again).
import * as vscode from 'vscode';
import type { Speaker } from '../../core/speech/speechPayloads';
import { speechErrorText } from '../errors/speechMessages';
import type { FeatureDependencies } from './featureDependencies';
import { writeSetting } from '../settings/settings';

type VoiceItem = vscode.QuickPickItem & { readonly speaker?: Speaker; readonly refresh?: true };

export function chooseVoiceCommand(deps: FeatureDependencies): () => Promise<string | undefined> {
  return async () => {
    let refresh = false;
    for (;;) {
      let speakers: readonly Speaker[];
      try {
        speakers = await deps.speech().voices.speakers({ refresh });
      } catch (error) {
        void deps.prompter.showErrorMessage(
          vscode.l10n.t(
            'The speaker list could not be loaded: {0}',
            speechErrorText(error, (t) => deps.logger.redact(t)),
          ),
        );
        return undefined;
      }
      const current = deps.settings.settings.speechVoice;
      const items: VoiceItem[] = [
        ...speakers.map((speaker) => ({
          label: speaker.name,
          description: speaker.id,
          detail: speaker.id === current ? vscode.l10n.t('Current voice') : undefined,
          speaker,
        })),
        { label: '', kind: vscode.QuickPickItemKind.Separator },
        { label: `$(refresh) ${vscode.l10n.t('Refresh the speaker list')}`, refresh: true },
      ];
      const picked = await deps.prompter.showQuickPick(items, { title: vscode.l10n.t('Choose a voice for reading aloud'), matchOnDescription: true });
      if (picked === undefined) return undefined;
      if (picked.refresh === true) {
        refresh = true;
        continue;
      }
      if (picked.speaker === undefined) return undefined;
      await writeSetting('speechVoice', picked.speaker.id, vscode.ConfigurationTarget.Global);
      return picked.speaker.id;
    }
  };
}
