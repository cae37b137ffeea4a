// What the chat view makes of a running turn's events (TurnRuns.onDidProgress): its text batched into deltas, the
// whole turn when its state changes, the failover notice following the address that answered, saves at most once
// per interval while it streams, and, as it ends, what the next question of its conversation carries.
import type { Turn } from '../conversations/conversationModel';
import type { Localiser } from '../localiser';
import { assertNever, type HostToWebview, type RetryView } from '../../shared/protocol';
import { turnView, type ChatViewText } from './chatViews';
import { DeltaBatcher } from './deltaBatcher';
import type { Notices } from './notices';
import type { ChatLog } from './turnInputs';
import type { TurnProgress } from './turnRuns';

export interface TurnFollowerDeps {
  readonly emit: (message: HostToWebview) => void;
  readonly deltaIntervalMs: number;
  readonly retryOf: (turnId: string) => RetryView | undefined;
  /** Writes the conversations within the save interval. */
  readonly saveSoon: () => void;
  readonly notices: Notices;
  /** Sends the notices shown now. */
  readonly showNotices: () => void;
  /** The address the settings name first (the failover notice names it). */
  readonly primaryBaseUrl: () => string;
  /** What the next question of a conversation carries, with the context waiting for it; undefined when it is gone. */
  readonly nextContext: (conversationId: string) => { readonly omittedTurns: number; readonly contextTokens: number } | undefined;
  readonly text: ChatViewText;
  readonly l10n: Localiser;
  readonly log: ChatLog;
}

export class TurnFollower {
  private readonly deltas: DeltaBatcher;

  constructor(private readonly deps: TurnFollowerDeps) {
    this.deltas = new DeltaBatcher(deps.emit, deps.deltaIntervalMs);
  }

  follow({ conversationId, event, before, turn }: TurnProgress): void {
    switch (event.type) {
      case 'delta':
        // The first text turns the pending turn into a streaming one: that update already carries it, so it is not
        // sent again as a delta (the view would show the first word twice).
        if (before.status === 'pending') this.showTurn(conversationId, turn);
        else this.deltas.add(conversationId, turn.id, event.answer, event.reasoning);
        this.deps.saveSoon();
        return;
      case 'retry':
        this.showTurn(conversationId, turn);
        return;
      case 'connected':
        this.followAddress(event.baseUrl, event.primary);
        return;
      case 'failover':
        this.deps.log.warn(`The chat tries ${event.baseUrl} now.`);
        return;
      case 'end': {
        if (event.outcome.status === 'error' || event.outcome.status === 'interrupted') {
          this.deps.log.warn(`Turn ${turn.id} failed: ${event.outcome.error.kind} ${event.outcome.error.message}`);
        }
        this.showTurn(conversationId, turn);
        // The answer is now history the next question carries: the meter and the omitted marker follow.
        const next = this.deps.nextContext(conversationId);
        if (next !== undefined) this.deps.emit({ type: 'conversationContext', conversationId, ...next });
        return;
      }
      case 'imageDescription':
        this.showTurn(conversationId, turn);
        this.deps.saveSoon();
        return;
      case 'references':
      case 'usage':
      case 'finish':
      case 'toolCall':
        return;
      default:
        assertNever(event, 'turn event');
    }
  }

  /** Sends the deltas waiting (before a snapshot or a whole turn, so nothing arrives out of order). */
  flush(): void {
    this.deltas.flush();
  }

  dispose(): void {
    this.deltas.dispose();
  }

  /**
   * Shows a turn whole (after the deltas sent before it). It saves nothing: a turn is written as it starts, at most
   * once per interval while it streams, and once as it ends (TurnRuns).
   */
  private showTurn(conversationId: string, turn: Turn): void {
    this.deltas.flush();
    this.deps.emit({ type: 'turnUpdate', conversationId, turn: turnView(turn, this.deps.text, this.deps.retryOf(turn.id)) });
  }

  /** The failover notice follows the address that answered: set while the alternative answers, gone once the primary does. */
  private followAddress(baseUrl: string, primary: boolean): void {
    const { notices, l10n } = this.deps;
    if (primary) {
      if (notices.clear('failover')) this.deps.showNotices();
      return;
    }
    notices.set(
      'failover',
      'warning',
      l10n.t('{0} did not answer; the chat uses the alternative address {1} until it does.', this.deps.primaryBaseUrl(), baseUrl),
    );
    this.deps.showNotices();
  }
}
