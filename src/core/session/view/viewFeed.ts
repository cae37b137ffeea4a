// Everything the chat view is sent, as it follows the session: a full snapshot after a change of what it shows (the
// user's edits, a question placed, another window's change, the waiting context), the notices alone when only they
// changed, and for a running turn (RunningTurns.onDidProgress) its text batched into deltas, the whole turn when its
// state changes, the failover notice following the address that answered, and, as it ends, what the next question
// of its conversation carries. A view only forwards these (`onDidEmit`); a hidden one asks for a snapshot when shown.
import type { Turn } from '../../conversations/conversationModel';
import { Emitter, type Event, type Subscription } from '../../emitter';
import type { Localiser } from '../../../shared/localiser';
import { assertNever, type HostToWebview } from '../../../shared/protocol';
import type { ChatSettings } from '../chatSettings';
import { openConversation, withNotices, type ChangeReason, type ChatLog, type ChatState, type StateChange } from '../sessionState';
import type { TurnProgress } from '../turns/runningTurns';
import { nextQuestionContext } from '../turns/contextBudget';
import { buildSnapshot } from './chatSnapshot';
import { turnView, type ChatViewText } from './turnView';
import { DeltaBatcher } from './deltaBatcher';

/** The changes after which the view gets a full snapshot; after the others, at most the notices. */
const shownWhole: ReadonlySet<ChangeReason> = new Set<ChangeReason>(['edit', 'question', 'external', 'forgotten', 'context']);

export interface ViewFeedDeps {
  readonly state: ChatState;
  readonly progress: Event<TurnProgress>;
  /** The settings as the view may show them (an invalid address masked). */
  readonly settings: () => ChatSettings;
  readonly text: ChatViewText;
  readonly l10n: Localiser;
  readonly log: ChatLog;
  readonly extensionVersion: string;
  readonly deltaIntervalMs: number;
}

export class ViewFeed {
  private readonly emitter = new Emitter<HostToWebview>();
  private readonly deltas: DeltaBatcher;
  private readonly subscriptions: Subscription[];
  /** Whether an API key is set, as last read (undefined until the history is loaded: nothing is shown before). */
  private apiKeySet: boolean | undefined;

  /** Every message for the chat view: snapshots, deltas, turn updates, notices. */
  readonly onDidEmit: Event<HostToWebview> = this.emitter.event;

  constructor(private readonly deps: ViewFeedDeps) {
    this.deltas = new DeltaBatcher((message) => this.emitter.fire(message), deps.deltaIntervalMs);
    this.subscriptions = [deps.state.onDidChange((change) => this.changed(change)), deps.progress((progress) => this.follow(progress))];
  }

  /** Whether an API key is set, read as the history loaded: the view may be sent what it shows from now on. */
  keyRead(apiKeySet: boolean): void {
    this.apiKeySet = apiKeySet;
  }

  /** Sends a full snapshot now (the view is ready, the key or the settings changed), with whether a key is set. */
  show(apiKeySet: boolean): void {
    this.apiKeySet = apiKeySet;
    this.sendSnapshot();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.deltas.dispose();
    this.emitter.dispose();
  }

  private changed({ before, after, reason }: StateChange): void {
    if (shownWhole.has(reason)) this.sendSnapshot();
    else if (before.notices !== after.notices && this.apiKeySet !== undefined) {
      this.emitter.fire({ type: 'notices', notices: after.notices.visibleIn(after.conversations.activeId) });
    }
  }

  /** A snapshot of the state as it is now, once an open conversation is there to show (while one is read, none). */
  private sendSnapshot(): void {
    const state = this.deps.state.current;
    if (this.apiKeySet === undefined || openConversation(state) === undefined) return;
    // The deltas waiting go first, so nothing arrives out of order.
    this.deltas.flush();
    const { extensionVersion, text } = this.deps;
    this.emitter.fire({
      type: 'snapshot',
      snapshot: buildSnapshot({ extensionVersion, apiKeySet: this.apiKeySet, settings: this.deps.settings(), state, text }),
    });
  }

  private follow({ conversationId, event, before, turn }: TurnProgress): void {
    switch (event.type) {
      case 'delta':
        // The first text turns the pending turn into a streaming one: that update already carries it, so it is not
        // sent again as a delta (the view would show the first word twice).
        if (before.status === 'pending') this.showTurn(conversationId, turn);
        else this.deltas.add(conversationId, turn.id, event.answer, event.reasoning);
        return;
      case 'retry':
      case 'imageDescription':
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
        const { conversations, waitingContext } = this.deps.state.current;
        const conversation = conversations.conversations.find((c) => c.id === conversationId);
        if (conversation !== undefined) {
          this.emitter.fire({ type: 'conversationContext', conversationId, ...nextQuestionContext(conversation, this.deps.settings(), waitingContext) });
        }
        return;
      }
      case 'references':
      case 'usage':
      case 'finish':
      case 'toolCall':
        return;
      default:
        assertNever(event, 'turn event');
    }
  }

  /** Shows a turn whole (after the deltas sent before it). */
  private showTurn(conversationId: string, turn: Turn): void {
    this.deltas.flush();
    this.emitter.fire({ type: 'turnUpdate', conversationId, turn: turnView(turn, this.deps.text, this.deps.state.current.retries.get(turn.id)) });
  }

  /** The failover notice follows the address that answered: set while the alternative answers, gone once the primary does. */
  private followAddress(baseUrl: string, primary: boolean): void {
    const { l10n } = this.deps;
    const text = l10n.t('{0} did not answer; the chat uses the alternative address {1} until it does.', this.deps.settings().baseUrl, baseUrl);
    this.deps.state.update('notice', (s) => withNotices(s, primary ? s.notices.clear('failover') : s.notices.set('failover', 'warning', text)));
  }
}
