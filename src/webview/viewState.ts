// The webview's mirror of the host's state, as a pure reducer: each host message gives a new state and says what
// changed, so the view repaints only that (one turn for a streaming delta, everything for a snapshot).
import type { ChatSnapshot, ConversationView, HostToWebview, TurnView } from '../shared/protocol';
import { assertNever } from '../shared/protocol';

export interface ViewState {
  readonly snapshot: ChatSnapshot | null;
}

/** What a message changed: nothing, one turn of the active conversation, the notices, or everything. */
export type ViewChange =
  | { readonly kind: 'none' }
  | { readonly kind: 'all' }
  | { readonly kind: 'turn'; readonly turnId: string }
  | { readonly kind: 'notices' }
  | { readonly kind: 'focusInput' };

export interface Reduced {
  readonly state: ViewState;
  readonly change: ViewChange;
}

export const initialViewState: ViewState = { snapshot: null };

const unchanged = (state: ViewState): Reduced => ({ state, change: { kind: 'none' } });

function withActive(snapshot: ChatSnapshot, active: ConversationView): ViewState {
  return { snapshot: { ...snapshot, active } };
}

function replaceTurn(active: ConversationView, index: number, turn: TurnView): ConversationView {
  const turns = active.turns.slice();
  turns[index] = turn;
  return { ...active, turns };
}

export function reduceViewState(state: ViewState, message: HostToWebview): Reduced {
  switch (message.type) {
    case 'snapshot':
      return { state: { snapshot: message.snapshot }, change: { kind: 'all' } };
    case 'focusInput':
      return { state, change: { kind: 'focusInput' } };
    case 'notices': {
      if (state.snapshot === null) return unchanged(state);
      return { state: { snapshot: { ...state.snapshot, notices: message.notices } }, change: { kind: 'notices' } };
    }
    case 'turnDelta': {
      const snapshot = state.snapshot;
      // A delta for another conversation or an unknown turn is stale (the host sends a snapshot on switches).
      if (snapshot === null || snapshot.active.id !== message.conversationId) return unchanged(state);
      const index = snapshot.active.turns.findIndex((turn) => turn.id === message.turnId);
      const turn = snapshot.active.turns[index];
      if (turn === undefined) return unchanged(state);
      if ((message.answer ?? '') === '' && (message.reasoning ?? '') === '') return unchanged(state);
      const updated: TurnView = {
        ...turn,
        answer: turn.answer + (message.answer ?? ''),
        reasoning: turn.reasoning + (message.reasoning ?? ''),
        status: turn.status === 'pending' ? 'streaming' : turn.status,
        retry: undefined,
      };
      return { state: withActive(snapshot, replaceTurn(snapshot.active, index, updated)), change: { kind: 'turn', turnId: turn.id } };
    }
    case 'conversationContext': {
      const snapshot = state.snapshot;
      if (snapshot === null || snapshot.active.id !== message.conversationId) return unchanged(state);
      const active = { ...snapshot.active, omittedTurns: message.omittedTurns, contextTokens: message.contextTokens };
      return { state: withActive(snapshot, active), change: { kind: 'all' } };
    }
    case 'turnUpdate': {
      const snapshot = state.snapshot;
      if (snapshot === null || snapshot.active.id !== message.conversationId) return unchanged(state);
      const index = snapshot.active.turns.findIndex((turn) => turn.id === message.turn.id);
      if (index === -1) {
        // A turn the host just added: appended, so the transcript shows it without waiting for a snapshot.
        const active = { ...snapshot.active, turns: [...snapshot.active.turns, message.turn] };
        return { state: withActive(snapshot, active), change: { kind: 'all' } };
      }
      return { state: withActive(snapshot, replaceTurn(snapshot.active, index, message.turn)), change: { kind: 'turn', turnId: message.turn.id } };
    }
    case 'speechStart':
    case 'speechSegment':
    case 'speechDone':
    case 'speechStop':
    case 'toggleConversations':
    case 'searchResults':
      // The player and the conversation panel are not part of the mirrored state (ChatApp hands these to them directly).
      return unchanged(state);
    default:
      // The host and this view ship in one extension, so an unknown type is a bug; main.ts drops the message.
      return assertNever(message, 'host message');
  }
}
