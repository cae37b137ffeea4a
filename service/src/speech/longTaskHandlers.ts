// tts-long-commit and tts-long-query (spec 4.6, 4.7). Both answer with the task's structure; a complete task's
// audio_address is signed afresh on every query, valid for the configured lifetime from that query.
import type { ServerResponse } from 'node:http';
import { SpeechErrorCode } from './speechCodes';
import { SpeechError, sendSpeechJson } from './speechError';
import { optionalString } from './requestFields';
import { parseTtsParams } from './ttsParams';
import { hashAppkey, requireCredentials } from './speechDeps';
import type { RequestFields } from './requestFields';
import type { SpeechDeps } from './speechDeps';
import type { TaskRecord } from './taskStore';

export function handleLongCommit(deps: SpeechDeps, fields: RequestFields, requestId: string, res: ServerResponse): void {
  const appkeyHash = requireCredentials(fields, deps.context);
  const params = parseTtsParams(fields, deps.options.maxLongChars);
  const task = deps.queue.submit(params, requestId, appkeyHash);
  deps.context.log(`speech: task ${task.taskId} created (${[...params.text].length} characters, ${params.format})`);
  sendTask(deps, res, requestId, task);
}

export function handleLongQuery(deps: SpeechDeps, fields: RequestFields, requestId: string, res: ServerResponse): void {
  const appkey = optionalString(fields, 'appkey');
  if (appkey === undefined || appkey === '') throw new SpeechError(SpeechErrorCode.badCredentials, 'appkey is missing');
  const token = optionalString(fields, 'token');
  // The spec's query carries only the appkey; a token, when sent anyway, must match it.
  const known = token === undefined || token === '' ? deps.context.appkeyKnown(appkey) : deps.context.credentialsValid(appkey, token);
  if (!known) throw new SpeechError(SpeechErrorCode.badCredentials, 'appkey or token is invalid');
  const taskId = optionalString(fields, 'task_id');
  if (taskId === undefined || taskId === '') throw new SpeechError(SpeechErrorCode.invalidParameter, 'task_id is missing');
  const task = deps.store.get(taskId);
  // Another appkey's task is reported as unknown, not as forbidden: task ids are not to be probed.
  if (task === undefined || task.appkeyHash !== hashAppkey(appkey)) {
    throw new SpeechError(SpeechErrorCode.unknownTask, `task_id ${JSON.stringify(taskId)} is not a known task`);
  }
  sendTask(deps, res, requestId, task);
}

function sendTask(deps: SpeechDeps, res: ServerResponse, requestId: string, task: TaskRecord): void {
  let audioAddress = '';
  if (task.status === 'complete' && task.audioFile !== undefined) {
    const expiresAt = Math.floor(deps.options.now() / 1000) + deps.options.audioUrlTtlSeconds;
    audioAddress = `${deps.context.publicBaseUrl()}${deps.signer.sign(task.audioFile, expiresAt)}`;
  }
  sendSpeechJson(res, 200, {
    request_id: requestId,
    code: deps.options.successCode,
    message: task.status === 'failed' ? (task.message ?? 'synthesis failed') : 'success',
    task_id: task.taskId,
    audio_address: audioAddress,
    task_status: task.status,
  });
}
