// The chat interface's error table (docs/service.md section 7): each row's status and exact message, and the body
// every chat error carries.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/httpIo';

export const CHAT_ERRORS = {
  keyMissing: { status: 401, message: 'apikey缺失' },
  keyUnknown: { status: 401, message: 'apikey不存在' },
  keyDisabled: { status: 403, message: 'apikey被禁用' },
  realNameRequired: { status: 403, message: '请先完成实名认证' },
  keyNoModel: { status: 403, message: 'apikey无权限调用该模型' },
  userNoModel: { status: 403, message: '当前用户无权限调用该模型' },
  balance: { status: 403, message: '余额不足,请及时充值' },
  refused: { status: 403, message: '非常抱歉,这个问题我暂时无法回答,如果您有其他的问题咨询,我非常乐意帮助你。' },
  system: { status: 500, message: '系统异常,请联系技术支持' },
  busy: { status: 503, message: '服务繁忙,请稍后再试' },
  upstreamAuth: { status: 503, message: '内部模型服务鉴权失败' },
  upstreamMissing: { status: 503, message: '内部模型服务不存在' },
  upstreamForbidden: { status: 503, message: '内部模型服务禁止预测' },
} as const;

export interface ChatError {
  readonly status: number;
  readonly message: string;
}

export function parameterError(detail: string): ChatError {
  return { status: 400, message: `参数错误:${detail}` };
}

export function chatErrorBody(error: ChatError): { error: { message: string; type: string; param: string; code: number } } {
  return { error: { message: error.message, type: 'svc_error', param: '', code: error.status } };
}

export function sendChatError(res: ServerResponse, error: ChatError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, chatErrorBody(error), headers);
}

/** The default error message for a bare status (used by injected faults without a body). */
export function defaultErrorForStatus(status: number): ChatError {
  const row = Object.values(CHAT_ERRORS).find((e) => e.status === status);
  return row ?? { status, message: status >= 500 ? CHAT_ERRORS.system.message : parameterError('injected fault').message };
}
