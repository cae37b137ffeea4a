// Every error of the service's table (spec section 7) reaches the user as its own explanation and actions, in
// English and in Chinese; an error the classifier does not know shows the server's own message instead.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { classifyHttpError } from '../../../../src/core/http/classifyError';
import { storedErrorFrom } from '../../../../src/core/session/turnRunner';
import type { Localiser } from '../../../../src/core/localiser';
import { presentError } from '../../../../src/vscode/errors/errorMessages';

const bundle = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;

/** Fills placeholders like vscode.l10n.t; `zh` answers from the Chinese bundle and fails on a missing entry. */
function localiser(zh: boolean): Localiser {
  return {
    t: (message, ...args) => {
      const text = zh ? bundle[message] : message;
      assert.ok(text !== undefined, `no Chinese for: ${message}`);
      return text.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
    },
  };
}

// status, the server's message, the kind, and the buttons the user gets.
const TABLE: readonly [number, string, string, readonly string[]][] = [
  [400, '参数错误: temperature 超出范围', 'badRequest', ['openSettings', 'showLogs']],
  [401, 'apikey缺失', 'keyMissing', ['setApiKey']],
  [401, 'apikey不存在', 'keyUnknown', ['setApiKey', 'openConsole']],
  [403, 'apikey被禁用', 'keyDisabled', ['openConsole', 'setApiKey']],
  [403, '请先完成实名认证', 'realNameRequired', ['openConsole', 'retry']],
  [403, 'apikey无权限调用该模型', 'keyNoModelPermission', ['openConsole', 'setApiKey']],
  [403, '当前用户无权限调用该模型', 'userNoModelPermission', ['openConsole']],
  [403, '余额不足,请及时充值', 'insufficientBalance', ['openConsole', 'retry']],
  [403, '非常抱歉,这个问题我暂时无法回答,如果您有其他的问题咨询,我非常乐意帮助你。', 'contentRefused', []],
  [500, '系统异常,请联系技术支持', 'systemError', ['retry', 'showLogs']],
  [503, '服务繁忙,请稍后再试', 'busy', ['retry']],
  [503, '内部模型服务鉴权失败', 'internalAuthFailed', ['retry', 'showLogs']],
  [503, '内部模型服务不存在', 'internalServiceMissing', ['retry', 'showLogs']],
  [503, '内部模型服务禁止预测', 'internalPredictionForbidden', ['retry', 'showLogs']],
];

const stored = (status: number, message: string) =>
  storedErrorFrom(classifyHttpError({ status, body: JSON.stringify({ error: { message, type: 'svc_error', code: status } }) }), (text) => text);

describe('error messages', () => {
  const generic = presentError({ kind: 'no-such-kind', message: 'x' }, localiser(false)).title;

  for (const [status, message, kind, actions] of TABLE) {
    it(`${status} ${message.slice(0, 12)} -> ${kind}: its own explanation, actions ${actions.join(', ') || '(none)'}, in English and Chinese`, () => {
      const error = stored(status, message);
      assert.equal(error.kind, kind);
      assert.equal(error.matched, true);
      for (const zh of [false, true]) {
        const shown = presentError(error, localiser(zh));
        assert.equal(shown.matched, true);
        assert.notEqual(shown.title, generic, 'not the generic title');
        assert.ok(shown.detail.length > 10 && shown.detail !== error.message, 'an explanation, not the raw text');
        assert.deepEqual(shown.actions, actions);
        assert.ok(shown.meaning, 'the server message has a meaning to show beside it');
      }
    });
  }

  it('each row of the table reads differently (the three internal-service rows share one explanation)', () => {
    const titles = new Set(TABLE.map(([status, message]) => presentError(stored(status, message), localiser(false)).title));
    assert.equal(titles.size, TABLE.length - 2);
  });

  it("an error whose message matches no row is not explained as the status's guess: the server's own message is shown", () => {
    const error = stored(403, '令牌已过期');
    assert.equal(error.kind, 'userNoModelPermission', 'the kind is still a guess from the status (for retries and actions)');
    assert.equal(error.matched, false);
    assert.equal(error.serverMessage, '令牌已过期');
    const shown = presentError(error, localiser(false));
    assert.equal(shown.matched, false);
    assert.equal(shown.title, 'The service answered with an error (HTTP 403)');
    assert.doesNotMatch(shown.title + shown.detail, /account may not call the model/i);
    assert.equal(presentError(error, localiser(true)).title, '服务返回了错误（HTTP 403）');
  });

  it('local failures have their own words; an unknown kind shows its raw message', () => {
    for (const kind of ['network', 'timeout', 'protocol', 'interrupted', 'noBaseUrl']) {
      const shown = presentError({ kind, message: 'raw' }, localiser(true));
      assert.equal(shown.matched, true, kind);
      assert.notEqual(shown.detail, 'raw', kind);
    }
    const unknown = presentError({ kind: 'unexpected', message: 'TypeError: boom' }, localiser(false));
    assert.deepEqual([unknown.matched, unknown.detail], [false, 'TypeError: boom']);
  });

  it('an answer past the size cap is named as such, in both languages, with the part received kept', () => {
    const english = presentError({ kind: 'tooLarge', message: 'The answer is larger than 32 MB' }, localiser(false));
    assert.equal(english.title, 'The answer is too large');
    assert.match(english.detail, /the part that arrived is kept/);
    assert.deepEqual(english.actions, ['retry', 'openSettings', 'showLogs']);
    assert.equal(presentError({ kind: 'tooLarge', message: 'raw' }, localiser(true)).title, '回答过大');
  });
});
