// Runs the answers of the chat's turns: one request per running turn (abortable), its streamed deltas batched
// to the view, its state changes written into the conversations and saved, its pending automatic retry shown.
// The chat controller owns the conversations; this asks it for them and gives back every change.
import * as vscode from 'vscode';
import type { Turn } from '../../core/conversations/conversationModel';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import * as ops from '../../core/conversations/conversationsState';
import type { MaasClient } from '../../core/maasClient';
import type { HostToWebview, NoticeLevel, RetryView } from '../../shared/protocol';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import { DeltaBatcher } from './deltaBatcher';
import { isVisionModel, turnView } from './snapshotBuilder';
import { imageUrls, lastEarlierImages, retrievalRequestOf } from './turnInputs';
import { runTurn } from './turnRunner';

const DELTA_INTERVAL_MS = 30;

export interface TurnSchedulerHost {
  readonly store: ConversationStore;
  readonly client: () => MaasClient;
  readonly settings: SettingsReader;
  readonly logger: Logger;
  readonly maxAttempts: number;
  state(): ops.ConversationsState;
  setState(state: ops.ConversationsState): void;
  notify(level: NoticeLevel, text: string): void;
  post(message: HostToWebview): void;
  saveNow(): Promise<void>;
  saveSoon(): void;
}

export class TurnScheduler {
  private readonly running = new Map<string, AbortController>();
  private readonly retryViews = new Map<string, RetryView>();
  private readonly deltas: DeltaBatcher;

  constructor(private readonly host: TurnSchedulerHost) {
    this.deltas = new DeltaBatcher((message) => host.post(message), DELTA_INTERVAL_MS);
  }

  /** The automatic retries waiting now, by turn id (the snapshot shows their countdown). */
  get retries(): ReadonlyMap<string, RetryView> {
    return this.retryViews;
  }

  /**
   * Whether this window answers that turn: from claim() (before its first save) until its final state is saved.
   * A change from another window, or a merge with one, keeps this window's version of such a turn: were it
   * only kept while streaming, a version saved before the turn started or ended could take it back to pending.
   */
  isRunning(turnId: string): boolean {
    return this.running.has(turnId);
  }

  /** Marks a new or re-run turn as this window's before anything is awaited; run() then answers it. */
  claim(turnId: string): void {
    this.running.set(turnId, new AbortController());
  }

  /** Posts the deltas still batched (before a snapshot, so nothing arrives out of order). */
  flushDeltas(): void {
    this.deltas.flush();
  }

  async run(conversationId: string, turnId: string): Promise<void> {
    const abort = this.running.get(turnId) ?? new AbortController();
    this.running.set(turnId, abort);
    const found = ops.findTurn(this.host.state(), turnId);
    if (found === undefined) {
      this.release(turnId, abort);
      return;
    }
    const settings = this.host.settings.settings;
    if (settings.baseUrl === '') {
      const message = 'maas.baseUrl is not set.';
      this.turnChanged(conversationId, { ...found.turn, status: 'error', error: { kind: 'noBaseUrl', message }, completedAt: Date.now() });
      await this.host.saveNow();
      this.release(turnId, abort);
      return;
    }
    const { store, logger } = this.host;
    const vision = isVisionModel(settings, found.turn.model);
    try {
      const final = await runTurn(
        {
          client: this.host.client(),
          conversation: found.conversation,
          turn: found.turn,
          persona: found.conversation.persona.trim() !== '' ? found.conversation.persona : settings.persona,
          limits: { maxTurns: settings.historyMaxTurns, maxCharacters: settings.historyMaxCharacters },
          vision,
          imageUrls: vision ? await imageUrls(store, found.turn) : [],
          // A follow-up about an earlier image sends it again; a question that brings its own images is about those.
          earlierImageUrls:
            vision && found.turn.images.length === 0 ? await lastEarlierImages(store, logger, found.conversation.turns.slice(0, found.index)) : new Map(),
          extraRequest: retrievalRequestOf(found.turn),
          maxAttempts: this.host.maxAttempts,
          signal: abort.signal,
          redact: (text) => logger.redact(text),
        },
        {
          // A run that a re-run of the same turn replaced (Regenerate while streaming) no longer writes the turn.
          changed: (turn, retry) => {
            if (this.running.get(turnId) === abort) this.turnChanged(conversationId, turn, retry);
          },
          delta: (turn, answer, reasoning) => {
            if (this.running.get(turnId) === abort) this.turnDelta(conversationId, turn, answer, reasoning);
          },
          failover: (baseUrl) => this.host.notify('warning', vscode.l10n.t('The service address did not answer; using {0} for now.', baseUrl)),
        },
      );
      if (final.status === 'error') logger.warn(`Turn ${turnId} failed: ${final.error?.kind} ${final.error?.message}`);
    } finally {
      this.retryViews.delete(turnId);
      await this.host.saveNow();
      this.release(turnId, abort);
    }
  }

  /** Ends this window's claim on a turn, unless a re-run has claimed it again since. */
  private release(turnId: string, abort: AbortController): void {
    if (this.running.get(turnId) === abort) this.running.delete(turnId);
  }

  stop(turnId: string): void {
    const running = this.running.get(turnId);
    if (running !== undefined) {
      running.abort();
      return;
    }
    const turn = ops.findTurn(this.host.state(), turnId)?.turn;
    // Shown streaming here but answered by another window (the history is shared): only that window can stop it.
    if (turn?.status === 'pending' || turn?.status === 'streaming') {
      this.host.notify('info', vscode.l10n.t('This answer is being written in another VS Code window; stop it there.'));
    }
  }

  stopAll(turnIds: readonly string[]): void {
    for (const id of turnIds) this.running.get(id)?.abort();
  }

  /** The window is closing: the unfinished turns keep what arrived, marked interrupted (the caller saves them). */
  interruptAll(state: ops.ConversationsState): ops.ConversationsState {
    let next = state;
    for (const turnId of this.running.keys()) {
      const found = ops.findTurn(next, turnId);
      if (found === undefined || (found.turn.status !== 'pending' && found.turn.status !== 'streaming')) continue;
      next = ops.updateTurn(next, found.conversation.id, turnId, (t) => ({ ...t, status: 'interrupted', completedAt: Date.now() }));
    }
    return next;
  }

  dispose(): void {
    for (const abort of this.running.values()) abort.abort();
    this.deltas.dispose();
  }

  private turnChanged(conversationId: string, turn: Turn, retry?: RetryView): void {
    this.host.setState(ops.updateTurn(this.host.state(), conversationId, turn.id, () => turn));
    if (retry === undefined) this.retryViews.delete(turn.id);
    else this.retryViews.set(turn.id, retry);
    this.deltas.flush();
    this.host.post({ type: 'turnUpdate', conversationId, turn: turnView(turn, retry) });
    void this.host.saveNow();
  }

  private turnDelta(conversationId: string, turn: Turn, answer: string, reasoning: string): void {
    this.host.setState(ops.updateTurn(this.host.state(), conversationId, turn.id, () => turn));
    this.deltas.add(conversationId, turn.id, answer, reasoning);
    this.host.saveSoon();
  }
}
