// What a failed speech call was about, as far as the client can tell. The spec documents only `code` 0 =
// success, so the client names a problem from what HTTP itself says (401/403 credentials, 400 a parameter, 413 too
// long) and otherwise shows the service's own message. The local service's non-zero codes (service/src/speech/
// speechCodes.ts, our [choice]) are named only when whoever starts the extension host says the service is the local
// one (MAAS_TEST_SPEECH_CODES=localService: the tests, the demo and the screenshots): a real service may use the same
// numbers for other things. No setting changes it, so it is never offered to a user.
export type SpeechProblem = 'credentials' | 'parameter' | 'textTooLong' | 'unknownTask' | 'synthesisFailed';

/** 'spec': only what the spec and HTTP say; 'localService': also the local service's codes. */
export type SpeechCodeConvention = 'spec' | 'localService';

/** The variable of the extension host's environment that names the local service's codes. */
export const SPEECH_CODES_VARIABLE = 'MAAS_TEST_SPEECH_CODES';

/** The convention the environment asks for: `localService` only when the variable says exactly that. */
export function speechCodeConvention(env: NodeJS.ProcessEnv): SpeechCodeConvention {
  return env[SPEECH_CODES_VARIABLE] === 'localService' ? 'localService' : 'spec';
}

/** The local service's codes, as its README documents them. */
const LOCAL_SERVICE_CODES: ReadonlyMap<number, SpeechProblem> = new Map([
  [40000, 'parameter'],
  [40100, 'credentials'],
  [40400, 'unknownTask'],
  [41300, 'textTooLong'],
  [50000, 'synthesisFailed'],
]);

export function speechProblemOf(code: number | undefined, status: number, convention: SpeechCodeConvention): SpeechProblem | undefined {
  const named = convention === 'localService' && code !== undefined ? LOCAL_SERVICE_CODES.get(code) : undefined;
  if (named !== undefined) return named;
  switch (status) {
    case 400:
      return 'parameter';
    case 401:
    case 403:
      return 'credentials';
    case 413:
      return 'textTooLong';
    default:
      return status >= 500 ? 'synthesisFailed' : undefined;
  }
}

/** Whether the local service's code says the error is one it knows (an error whatever else the answer holds). */
export function isLocalServiceCode(code: number, convention: SpeechCodeConvention): boolean {
  return convention === 'localService' && LOCAL_SERVICE_CODES.has(code);
}
