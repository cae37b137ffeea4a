// MaaS: Read Aloud to File — short text through one real-time synthesis, long text through the long-text task
// (followed under a cancellable progress notification, resumed after a reload). The file is chosen first, so a
// task that outlives the window still knows where its audio goes.
import path from 'node:path';
import * as vscode from 'vscode';
import { isServiceError } from '../../core/http/serviceError';
import { isLongText } from '../../core/speech/speechLimits';
import { FileSpeechPlayer } from '../speech/fileSpeechPlayer';
import { readAloudSource } from '../speech/readAloudSource';
import { defaultAudioUri, diskPath } from '../speech/saveAudioFile';
import { requireSpeechCredentials, speechErrorText } from '../errors/speechMessages';
import { synthesisRequest } from '../speech/speechRequest';
import type { FeatureDependencies } from './featureDependencies';

export function readAloudToFileCommand(deps: FeatureDependencies): () => Promise<string | undefined> {
  return async () => {
    const source = await readAloudSource(deps.prompter);
    if (source === undefined) return undefined;
    if (!(await requireSpeechCredentials(deps.credentials, deps.prompter))) return undefined;
    const settings = deps.settings.settings;
    const format = settings.speechFormat;
    const chosen = await deps.prompter.showSaveDialog({
      title: vscode.l10n.t('Save the audio'),
      defaultUri: defaultAudioUri(`${source.baseName}.${format}`),
      filters: { [format.toUpperCase()]: [format] },
    });
    const file = chosen === undefined ? undefined : diskPath(chosen, deps.prompter);
    if (file === undefined) return undefined;
    const target = file.toLowerCase().endsWith(`.${format}`) ? file : `${file}.${format}`;
    const client = deps.client();
    const request = synthesisRequest(settings, source.text);
    try {
      if (isLongText(source.text, settings.speechLongTextThreshold)) {
        const task = await client.submitLongTask(request);
        return await deps.speech().longTasks.follow({ taskId: task.taskId, target, title: path.basename(target) });
      }
      const audio = await client.synthesize(request);
      let written: string | undefined;
      const player = new FileSpeechPlayer(
        () => Promise.resolve(target),
        (file) => {
          written = file;
          return Promise.resolve();
        },
      );
      await player.play(single({ index: 0, text: source.text, audio: audio.audio, format: audio.format }), {
        title: source.title,
        sentences: 1,
        format,
        baseName: source.baseName,
      });
      if (written !== undefined) void deps.prompter.showInformationMessage(vscode.l10n.t('The audio was saved to {0}.', written));
      return written;
    } catch (error) {
      if (isServiceError(error) && error.kind === 'cancelled') return undefined;
      deps.logger.warn(`Read Aloud to File failed: ${error instanceof Error ? error.message : String(error)}`);
      void deps.prompter.showErrorMessage(speechErrorText(error, (text) => deps.logger.redact(text)));
      return undefined;
    }
  };
}

async function* single<T>(item: T): AsyncGenerator<T> {
  yield item;
}
