// The chat view's root: applies host messages to the mirrored state at once and repaints at most once per
// animation frame, so a burst of streaming deltas costs one render (docs/style.md rule 6: the host owns the state).
import * as l10n from '@vscode/l10n';
import { type HostToWebview, assertNever } from '../shared/protocol';
import { Composer } from './composer';
import { ConversationList } from './conversationList';
import { h, setAttribute } from './element';
import { SettingsPanel, ReadAnswersToggle } from './settingsPanel';
import { ContextMeter } from './contextMeter';
import { RENDERED_OUT_OF_FRAME } from './markdownView';
import { SpokenSentence } from './spokenSentence';
import { SpeechPlayerView } from './speechPlayerView';
import { HeaderView } from './headerView';
import { TranscriptView } from './transcriptView';
import { isLive } from '../shared/turnStatus';
import type { ViewContext } from './viewContext';
import { initialViewState, reduceViewState, type ViewState } from './viewState';

/** What the view keeps across being hidden and rebuilt (webview state; never a secret). */
export interface PersistedState {
  readonly draft?: string;
  readonly conversationsOpen?: boolean;
  /** The text of the conversation panel's search field. */
  readonly search?: string;
}

export class ChatApp {
  private state: ViewState = initialViewState;
  private dirtyAll = false;
  private readonly dirtyTurns = new Set<string>();
  private frame: number | undefined;
  private readonly pendingDeltas = new Map<string, { type: 'turnDelta'; conversationId: string; turnId: string; answer: string; reasoning: string }>();
  private mounted = false;
  private readonly header: HeaderView;
  private readonly conversations: ConversationList;
  private readonly settings: SettingsPanel;
  private readonly transcript: TranscriptView;
  private readonly composer: Composer;
  private readonly meter: ContextMeter;
  private readonly readAnswers: ReadAnswersToggle;
  /** The sentence being spoken, marked in its answer (put back after each render). */
  private readonly spoken = new SpokenSentence();
  private readonly player: SpeechPlayerView;

  constructor(
    private readonly root: HTMLElement,
    context: ViewContext,
    persisted: PersistedState,
    private readonly persist: (state: PersistedState) => void,
  ) {
    let saved = persisted;
    const save = (patch: PersistedState): void => {
      saved = { ...saved, ...patch };
      this.persist(saved);
    };
    this.header = new HeaderView(context);
    this.conversations = new ConversationList(
      context,
      persisted.conversationsOpen ?? false,
      (open) => save({ conversationsOpen: open }),
      () => this.composer.input.focus(),
      { query: persisted.search ?? '', keep: (search) => save({ search }) },
    );
    this.settings = new SettingsPanel(context);
    this.transcript = new TranscriptView(context);
    this.meter = new ContextMeter(context);
    this.composer = new Composer(context, (draft) => {
      save({ draft });
      this.meter.draft(draft);
    });
    this.readAnswers = new ReadAnswersToggle(context);
    this.composer.addTools(...this.settings.pickerField, this.settings.toggle, this.readAnswers.element, this.meter.element);
    this.composer.addAboveInput(this.settings.workspacePersona);
    this.composer.addAboveInput(this.meter.warning);
    this.player = new SpeechPlayerView(context, this.spoken);
    // A large answer is rendered in a task of its own (markdownView.ts): the spoken sentence's mark goes back on it then.
    this.root.addEventListener(RENDERED_OUT_OF_FRAME, () => this.spoken.apply());
    this.composer.restoreDraft(persisted.draft ?? '');
    this.meter.draft(persisted.draft ?? '');
  }

  /**
   * Applies a host message; the DOM follows on the next animation frame. Streaming deltas are only collected
   * here and folded into the state once per frame: a burst of thousands of tiny deltas costs one reduction and
   * one render, not one each. Any other message first folds the collected deltas, so order is kept.
   */
  receive(message: HostToWebview): void {
    if (message.type === 'speechStart' || message.type === 'speechSegment' || message.type === 'speechDone' || message.type === 'speechStop') {
      // The player needs the strings of a snapshot; the host sends one before any playback.
      if (this.state.snapshot !== null) this.player.receive(message);
      return;
    }
    if (message.type === 'toggleConversations') {
      this.conversations.setOpen(!this.conversations.open, true);
      return;
    }
    if (message.type === 'searchResults') {
      this.conversations.receiveResults(message.results);
      return;
    }
    if (message.type === 'turnDelta') {
      const pending = this.pendingDeltas.get(message.turnId);
      if (pending === undefined || pending.conversationId !== message.conversationId) {
        this.foldDeltas();
        this.pendingDeltas.set(message.turnId, { ...message, answer: message.answer ?? '', reasoning: message.reasoning ?? '' });
      } else {
        pending.answer += message.answer ?? '';
        pending.reasoning += message.reasoning ?? '';
      }
      this.frame ??= requestAnimationFrame(() => this.flush());
      return;
    }
    this.foldDeltas();
    this.apply(message);
  }

  private foldDeltas(): void {
    if (this.pendingDeltas.size === 0) return;
    const deltas = [...this.pendingDeltas.values()];
    this.pendingDeltas.clear();
    for (const delta of deltas) this.apply(delta);
  }

  private apply(message: HostToWebview): void {
    const { state, change } = reduceViewState(this.state, message);
    this.state = state;
    switch (change.kind) {
      case 'none':
        return;
      case 'focusInput':
        this.composer.input.focus();
        return;
      case 'all':
      case 'notices':
        this.dirtyAll = true;
        break;
      case 'turn':
        this.dirtyTurns.add(change.turnId);
        break;
      default:
        assertNever(change, 'view change');
    }
    this.frame ??= requestAnimationFrame(() => this.flush());
  }

  private flush(): void {
    // Folded while this frame is still the one asked for, so that folding asks for no other.
    this.foldDeltas();
    this.frame = undefined;
    const snapshot = this.state.snapshot;
    if (snapshot === null) return;
    this.mount();
    const liveTurn = snapshot.active.turns.find((turn) => isLive(turn.status));
    if (this.dirtyAll) {
      document.documentElement.style.setProperty('--chat-font-size', `${snapshot.settings.fontSize}px`);
      document.title = l10n.t('MaaS Assistant');
      this.header.render(snapshot);
      this.conversations.render(snapshot.conversations, snapshot.active.id);
      this.settings.render(snapshot);
      this.transcript.render(snapshot.active);
      this.meter.render(snapshot);
      this.readAnswers.render(snapshot);
    } else {
      for (const turnId of this.dirtyTurns) this.transcript.render(snapshot.active, turnId);
    }
    this.composer.render(snapshot, liveTurn?.id);
    // A render may have replaced the nodes of the answer being spoken: its mark goes back on them.
    this.spoken.apply();
    this.dirtyAll = false;
    this.dirtyTurns.clear();
    setAttribute(this.root, 'aria-busy', 'false');
  }

  private mount(): void {
    if (this.mounted) return;
    this.mounted = true;
    const transcriptWrap = h('div', { className: 'transcript-wrap' }, this.transcript.element, this.transcript.jumpButton);
    const dropTarget = h('div', { className: 'drop-target', testId: 'drop-target', attrs: { 'aria-hidden': 'true' } });
    this.composer.acceptDrops(this.root, dropTarget);
    this.root.replaceChildren(
      dropTarget,
      this.header.element,
      this.conversations.element,
      transcriptWrap,
      this.player.element,
      this.settings.element,
      this.composer.element,
      this.transcript.liveRegion,
    );
  }
}
