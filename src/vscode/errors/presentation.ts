// An error in words: what every row of errorMessages.ts and networkMessages.ts gives for a kind, before the view or
// VS Code's chat shows it (errorPresentation.ts).
import type { TurnAction } from '../../shared/protocol';

export interface Presentation {
  readonly title: string;
  readonly detail: string;
  readonly actions: readonly TurnAction[];
  /** The server message's meaning for this kind (one row of the spec's table). */
  readonly meaning?: string;
}
