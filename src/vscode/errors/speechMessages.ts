// Speech failures in words (the chat's error presentation covers the chat kinds; this adds the speech problems the
// client can name, speechProblems.ts, always with the service's own message), and the missing-credentials message
// with its Set Speech Credentials button.
import * as vscode from 'vscode';
import { isServiceError } from '../../core/http/serviceError';
import { REALTIME_MAX_CHARS } from '../../core/speech/speechLimits';
import { storedErrorFrom } from '../../core/requests/askErrors';
import { errorView } from './errorPresentation';
import { CommandId } from '../commandIds';
import type { Prompter } from '../prompter';
import type { Credentials } from '../../core/credentials/credentials';

/** A failure in words: ours (with names in them), and the speech service's own message where it gave one. */
export interface SpeechErrorWords {
  readonly words: string;
  readonly serviceSaid?: string;
}

export function speechErrorWords(error: unknown, redact: (text: string) => string): SpeechErrorWords {
  if (isServiceError(error) && error.kind === 'speech') {
    const serviceSaid = error.serverMessage === undefined ? {} : { serviceSaid: redact(error.serverMessage) };
    switch (error.speechProblem) {
      case 'credentials':
        return { words: vscode.l10n.t('The speech service refused the appkey or token; set the speech credentials again.'), ...serviceSaid };
      case 'parameter':
        return { words: vscode.l10n.t('The speech service refused a parameter; check the maas.speech settings.'), ...serviceSaid };
      case 'textTooLong':
        return {
          words: vscode.l10n.t(
            'The text is too long for the speech service (real-time synthesis takes at most {0} characters); MaaS: Read Aloud to File sends long text to the long-text task.',
            REALTIME_MAX_CHARS,
          ),
          ...serviceSaid,
        };
      case 'unknownTask':
        return { words: vscode.l10n.t('The speech service no longer knows this task.'), ...serviceSaid };
      case 'synthesisFailed':
      case undefined:
        return { words: vscode.l10n.t('Speech synthesis failed.'), ...serviceSaid };
    }
  }
  const view = errorView(storedErrorFrom(error, redact));
  return { words: `${view.title}: ${view.detail}` };
}

export function speechErrorText(error: unknown, redact: (text: string) => string): string {
  const { words, serviceSaid } = speechErrorWords(error, redact);
  return serviceSaid === undefined ? words : `${words} (${serviceSaid})`;
}

/** The stored credentials, or undefined after telling the user how to set them. */
export async function requireSpeechCredentials(credentials: Pick<Credentials, 'hasSpeech'>, prompter: Prompter): Promise<boolean> {
  if (await credentials.hasSpeech()) return true;
  await offerSpeechCredentials(prompter, vscode.l10n.t('Reading aloud needs the speech appkey and token. Set them first.'));
  return false;
}

/** Says why the speech credentials are needed, with the action that sets them (run when chosen). */
export async function offerSpeechCredentials(prompter: Pick<Prompter, 'showWarningMessage'>, message: string): Promise<void> {
  const set = vscode.l10n.t('Set Speech Credentials');
  if ((await prompter.showWarningMessage(message, set)) === set) await vscode.commands.executeCommand(CommandId.setSpeechCredentials);
}
