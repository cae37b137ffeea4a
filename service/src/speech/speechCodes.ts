// The local service's speech error codes. The spec documents only `code` 0 = success; these non-zero codes are
// our [choice], owned here (the README's "Speech error codes" lists them). The extension does not import them: it
// names a failure from the spec and HTTP, and knows these numbers only behind its `maas.speech.errorCodes` switch.
export const SpeechErrorCode = {
  invalidParameter: 40000,
  badCredentials: 40100,
  unknownTask: 40400,
  textTooLong: 41300,
  synthesisFailed: 50000,
} as const;
export type SpeechErrorCode = (typeof SpeechErrorCode)[keyof typeof SpeechErrorCode];
