// @maas /read: the text after /read, or @maas's last answer, read aloud in the MaaS view's player.
import * as vscode from 'vscode';
import { FeatureName, featureUnavailable } from '../services/featureNames';
import { CommandId } from '../commandIds';
import { turnText } from './participantHistory';
import type { MaasChatResult, ParticipantParts, ParticipantRequest } from './participantTypes';

export async function readAloud({ request, context, stream }: ParticipantRequest, { deps }: ParticipantParts): Promise<MaasChatResult> {
  const last = [...context.history].reverse().find((turn): turn is vscode.ChatResponseTurn => turn instanceof vscode.ChatResponseTurn);
  const text = request.prompt.trim() !== '' ? request.prompt.trim() : last === undefined ? '' : turnText(last);
  if (text === '') {
    stream.markdown(vscode.l10n.t('There is nothing to read: write the text after /read, or ask @maas something first.'));
    return { metadata: { command: 'read', answered: false } };
  }
  if (deps.readAloud === undefined) throw featureUnavailable(FeatureName.readAloud());
  await deps.readAloud({ text, title: vscode.l10n.t('@maas answer'), baseName: 'maas-answer' });
  stream.markdown(vscode.l10n.t('Reading aloud in the MaaS Assistant view (play, pause and stop are in its player).'));
  stream.button({ title: vscode.l10n.t('Open Chat'), command: CommandId.openChat });
  return { metadata: { command: 'read', answered: true } };
}
