// The speech routes' error codes: the contract between the local service (which sends them) and the client
// (which classifies them). The hosted service documents only 0 = success; these non-zero codes are our [choice].
export const SpeechErrorCode = {
  invalidParameter: 40000,
  badCredentials: 40100,
  unknownTask: 40400,
  textTooLong: 41300,
  synthesisFailed: 50000,
} as const;
export type SpeechErrorCode = (typeof SpeechErrorCode)[keyof typeof SpeechErrorCode];
