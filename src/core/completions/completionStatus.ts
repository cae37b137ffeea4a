// What the completions' status bar item shows, decided from the settings, the key and the engine's state: free of the
// VS Code API so the unit tests cover it. Off; on but unable to ask (no address, no key), silently; on and idle;
// working (a request in flight); paused after an error the next request would meet too, until when and why.
import type { CompletionState } from './completionEngine';
import type { PauseReason } from './completionPause';

export type CompletionStatus =
  | { readonly kind: 'off' }
  | { readonly kind: 'noAddress' }
  | { readonly kind: 'noKey' }
  | { readonly kind: 'on' }
  | { readonly kind: 'working' }
  | { readonly kind: 'paused'; readonly reason: PauseReason; readonly until: number };

export interface StatusInputs {
  readonly enabled: boolean;
  readonly baseUrl: string;
  readonly keySet: boolean;
  readonly engine: CompletionState;
}

export function completionStatus(inputs: StatusInputs): CompletionStatus {
  if (!inputs.enabled) return { kind: 'off' };
  if (inputs.baseUrl === '') return { kind: 'noAddress' };
  if (!inputs.keySet) return { kind: 'noKey' };
  switch (inputs.engine.kind) {
    case 'idle':
      return { kind: 'on' };
    case 'working':
      return { kind: 'working' };
    case 'paused':
      return { kind: 'paused', reason: inputs.engine.reason, until: inputs.engine.until };
  }
}
