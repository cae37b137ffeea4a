import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyHttpError, extractErrorMessage } from '../../../../src/core/http/classifyError';

const body = (status: number, message: string): string => JSON.stringify({ error: { message, type: 'svc_error', param: '', code: status } });

// Every row of the spec's error table (section 7), with its status and message.
const TABLE: readonly [number, string, string, boolean][] = [
  [400, '参数错误: temperature 超出范围', 'badRequest', false],
  [401, 'apikey缺失', 'keyMissing', false],
  [401, 'apikey不存在', 'keyUnknown', false],
  [403, 'apikey被禁用', 'keyDisabled', false],
  [403, '请先完成实名认证', 'realNameRequired', false],
  [403, 'apikey无权限调用该模型', 'keyNoModelPermission', false],
  [403, '当前用户无权限调用该模型', 'userNoModelPermission', false],
  [403, '余额不足,请及时充值', 'insufficientBalance', false],
  [403, '非常抱歉,这个问题我暂时无法回答,如果您有其他的问题咨询,我非常乐意帮助你。', 'contentRefused', false],
  [500, '系统异常,请联系技术支持', 'systemError', true],
  [503, '服务繁忙,请稍后再试', 'busy', true],
  [503, '内部模型服务鉴权失败', 'internalAuthFailed', false],
  [503, '内部模型服务不存在', 'internalServiceMissing', false],
  [503, '内部模型服务禁止预测', 'internalPredictionForbidden', false],
];

describe('classifyHttpError', () => {
  for (const [status, message, kind, retryable] of TABLE) {
    it(`${status} ${message} -> ${kind}${retryable ? ' (retryable)' : ''}, keeping the server's message`, () => {
      const error = classifyHttpError({ status, body: body(status, message) });
      assert.equal(error.kind, kind);
      assert.equal(error.retryable, retryable);
      assert.equal(error.status, status);
      assert.equal(error.serverMessage, message);
      assert.ok(error.message.includes(message));
    });
  }

  it("reads the newer gateway's {message, error} body as insufficient balance", () => {
    const error = classifyHttpError({ status: 403, body: '{"message":"账户余额不足","error":{"message":"账户余额不足"}}' });
    assert.equal(error.kind, 'insufficientBalance');
    assert.equal(error.serverMessage, '账户余额不足');
  });

  it('treats 429 like busy and honours Retry-After in seconds', () => {
    const error = classifyHttpError({ status: 429, body: 'Too Many Requests', retryAfter: '3' });
    assert.equal(error.kind, 'busy');
    assert.equal(error.retryable, true);
    assert.equal(error.retryAfterMs, 3000);
  });

  it('falls back on the status when the message is unknown', () => {
    assert.equal(classifyHttpError({ status: 401, body: '{"error":{"message":"unauthorized"}}' }).kind, 'keyUnknown');
    assert.equal(classifyHttpError({ status: 503, body: '<html>bad gateway</html>' }).kind, 'busy');
    assert.equal(classifyHttpError({ status: 502, body: '' }).kind, 'systemError');
    assert.equal(classifyHttpError({ status: 404, body: 'not found' }).kind, 'badRequest');
  });

  it('classifies by message when the status does not match the row (error inside a 200 answer)', () => {
    assert.equal(classifyHttpError({ status: 200, body: body(200, '服务繁忙,请稍后再试') }).kind, 'busy');
  });
});

describe('extractErrorMessage', () => {
  it('reads a data: line or a bare JSON line out of an event-stream body', () => {
    assert.equal(extractErrorMessage(`: hi\ndata: ${body(503, '服务繁忙,请稍后再试')}\n\n`), '服务繁忙,请稍后再试');
    assert.equal(extractErrorMessage(`\n${body(401, 'apikey不存在')}\n`), 'apikey不存在');
  });

  it('keeps a plain-text body as the message', () => {
    assert.equal(extractErrorMessage('upstream connect error'), 'upstream connect error');
  });
});
