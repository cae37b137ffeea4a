// Every error of the service's table (spec section 7) reaches the user as its own explanation and actions, in
// English and in Chinese; an error the classifier does not know shows the server's own message instead.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { classifyHttpError } from '../../../../src/core/http/classifyError';
import type { CertificateProblem } from '../../../../src/core/http/certificateProblem';
import { storedErrorFrom } from '../../../../src/core/requests/askErrors';
import type { Localiser } from '../../../../src/shared/localiser';
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

  describe('what the network refused', () => {
    const facts = {
      host: 'maas.corp.test:8443',
      subject: 'CN=maas.corp.test',
      issuer: 'CN=Corp Inspection Root',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
    };
    const certificate = (problem: Partial<CertificateProblem>) => ({
      kind: 'certificate',
      message: 'refused',
      certificate: { reason: 'untrusted', code: 'SELF_SIGNED_CERT_IN_CHAIN', ...facts, ...problem } as CertificateProblem,
    });
    const reasons = ['untrusted', 'selfSigned', 'expired', 'notYetValid', 'hostMismatch', 'revoked', 'invalid'] as const;

    it('a refused certificate names the host, the certificate and the reason, in English and Chinese, and never says to turn verification off', () => {
      const titles = new Set<string>();
      for (const reason of reasons) {
        for (const zh of [false, true]) {
          const shown = presentError(certificate({ reason, code: 'CODE_X' }), localiser(zh));
          assert.equal(shown.matched, true);
          assert.ok(shown.title.includes('maas.corp.test:8443'), shown.title);
          assert.ok(shown.detail.includes('CN=Corp Inspection Root') && shown.detail.includes('CODE_X'), shown.detail);
          assert.doesNotMatch(shown.title + shown.detail, /strictSSL|rejectUnauthorized|NODE_TLS|verification off|关闭/);
          assert.deepEqual(shown.actions, ['retry', 'showLogs']);
          if (!zh) titles.add(shown.title);
        }
      }
      assert.equal(titles.size, reasons.length, 'each reason has its own title');
    });

    it("an unknown issuer or a self-signed certificate points to the system's certificate store and http.systemCertificates", () => {
      for (const reason of ['untrusted', 'selfSigned'] as const) {
        const english = presentError(certificate({ reason }), localiser(false));
        assert.match(english.detail, /It was issued to CN=maas\.corp\.test by CN=Corp Inspection Root\./);
        assert.match(english.detail, /system's certificate store/);
        assert.match(english.detail, /http\.systemCertificates/);
        assert.match(presentError(certificate({ reason }), localiser(true)).detail, /系统的证书存储[^]*http\.systemCertificates/);
      }
      const expired = presentError(certificate({ reason: 'expired', code: 'CERT_HAS_EXPIRED' }), localiser(false));
      assert.match(expired.detail, /valid from 2026-01-01 to 2026-12-31[^]*date and time/);
      const mismatch = presentError(certificate({ reason: 'hostMismatch', names: 'DNS:elsewhere.corp.test' }), localiser(false));
      assert.match(mismatch.detail, /valid for DNS:elsewhere\.corp\.test[^]*maas\.baseUrl/);
    });

    it("a proxy's 407 names the setting whose credentials were sent, or both settings when none were", () => {
      const proxyAuth = (credentials: 'none' | 'url' | 'authorization') =>
        presentError({ kind: 'proxyAuth', message: '407', proxy: { address: 'http://proxy.corp.test:8080', credentials } }, localiser(false));
      assert.match(proxyAuth('none').title, /asks for credentials/);
      assert.match(proxyAuth('none').detail, /http:\/\/proxy\.corp\.test:8080[^]*http\.proxy[^]*http\.proxyAuthorization/);
      assert.match(proxyAuth('url').title, /refused your credentials/);
      assert.match(proxyAuth('url').detail, /user name and password in http\.proxy/);
      assert.match(proxyAuth('authorization').detail, /value of http\.proxyAuthorization/);
      for (const credentials of ['none', 'url', 'authorization'] as const) {
        const zh = presentError({ kind: 'proxyAuth', message: '407', proxy: { address: 'http://p:1', credentials } }, localiser(true));
        assert.match(zh.detail, /407[^]*http\.proxy/);
      }
      const withheld = presentError(
        { kind: 'proxyAuth', message: '407', proxy: { address: 'http://env-proxy:3128', credentials: 'withheld', from: 'environment' } },
        localiser(false),
      );
      assert.match(withheld.title, /asks for credentials/);
      assert.match(
        withheld.detail,
        /http:\/\/env-proxy:3128, which the environment names[^]*http\.proxyAuthorization goes only to the proxy your own http\.proxy names/,
      );
      const environmentUrl = presentError(
        { kind: 'proxyAuth', message: '407', proxy: { address: 'http://env-proxy:3128', credentials: 'url', from: 'environment' } },
        localiser(false),
      );
      assert.match(environmentUrl.detail, /which the environment names[^]*user name and password in its address there/);
      for (const [credentials, from] of [
        ['withheld', 'environment'],
        ['url', 'environment'],
      ] as const) {
        const zh = presentError({ kind: 'proxyAuth', message: '407', proxy: { address: 'http://p:1', credentials, from } }, localiser(true));
        assert.match(zh.detail, /407[^]*http\.proxy/);
      }
    });

    it('an unusable proxy address is named by its scheme and host, or not at all: it is never quoted as written', () => {
      const unnamed = presentError({ kind: 'invalidProxy', message: 'x', proxy: { address: '', credentials: 'none' } }, localiser(false));
      assert.equal(unnamed.title, 'The proxy address is invalid');
      assert.match(unnamed.detail, /http\.proxy is not written as http:\/\/host:port[^]*not shown/);
      const named = presentError({ kind: 'invalidProxy', message: 'x', proxy: { address: 'socks4://proxy:1080', credentials: 'none' } }, localiser(false));
      assert.match(named.detail, /http\.proxy names socks4:\/\/proxy:1080, which is not an http:\/\/, https:\/\/ or socks5:\/\/ proxy/);
      assert.match(presentError({ kind: 'invalidProxy', message: 'x', proxy: { address: '', credentials: 'none' } }, localiser(true)).detail, /http\.proxy/);
    });
  });

  it('an answer past the size cap is named as such, in both languages, with the part received kept', () => {
    const english = presentError({ kind: 'tooLarge', message: 'The answer is larger than 32 MB' }, localiser(false));
    assert.equal(english.title, 'The answer is too large');
    assert.match(english.detail, /the part that arrived is kept/);
    assert.deepEqual(english.actions, ['retry', 'openSettings', 'showLogs']);
    assert.equal(presentError({ kind: 'tooLarge', message: 'raw' }, localiser(true)).title, '回答过大');
  });
});
