// Answers read aloud as they stream (maas.speech.readAnswers). Each answer of the chat view (and of @maas, through
// `begin`) is cut into spoken sentences as they complete (core/speech/answerSentences.ts, Read Aloud's rules), each is
// synthesised with real-time synthesis at most two sentences ahead of the one heard (synthesizeQueued starts one past
// the segment pulled, and the player pulls at most one segment past the sentence playing), and the chat view's player
// plays them in order, marking the sentence spoken in the answer. One voice at a time: a new answer, Stop, another
// conversation opened (the session's onDidChangeActiveConversation, which deleting the open one fires too), the view
// closed or the setting turned off ends the one before (its audio stopped, its queue dropped). A dropped stream speaks
// what arrived; a sentence whose synthesis fails is skipped, marked; missing speech credentials are said once, with
// the action that sets them, and the answer's text is never touched.
import * as vscode from 'vscode';
import { AnswerSentences } from '../../core/speech/answerSentences';
import { SentenceQueue, SpeculativeSynthesis, synthesizeQueued } from '../../core/speech/pipelinedSynthesizer';
import type { Credentials } from '../../core/credentials/credentials';
import type { MaasClient } from '../../core/maasClient';
import type { Subscription } from '../../core/emitter';
import type { ChatSession, TurnProgress } from '../../core/session/chatSession';
import { offerSpeechCredentials } from '../errors/speechMessages';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import type { SettingsReader } from '../settings/settings';
import type { SpeechFeature } from './speechFeature';
import type { SpeechPlayer } from './speechPlayer';
import { sentenceSynthesizer } from './speechRequest';

export interface AnswerVoiceDeps {
  readonly settings: Pick<SettingsReader, 'settings' | 'onDidChange'>;
  readonly credentials: Pick<Credentials, 'hasSpeech' | 'onDidChange'>;
  readonly client: () => MaasClient;
  /** Read aloud's player, as the speech feature has it when an answer starts. */
  readonly speech: Pick<SpeechFeature, 'player'>;
  readonly prompter: Pick<Prompter, 'showWarningMessage'>;
  readonly logger: Pick<Logger, 'warn'>;
  /** Shows the chat view, whose player speaks (an answer of @maas is spoken there too). */
  readonly revealView?: () => Promise<void>;
}

/** One answer being spoken: the text so far goes in, sentences come out as they complete. */
export interface LiveVoice {
  /** The whole answer so far. */
  update(answer: string): void;
  /** The answer ended (done, dropped, failed): what it holds is spoken to the end. */
  end(answer: string): void;
  /** Stop now: the audio stops and the sentences not spoken are dropped. */
  stop(): void;
}

/** A voice with what it follows: the turn and conversation of the chat view's answer, and how much was heard of it. */
type Voice = LiveVoice & { readonly turnId?: string; readonly conversationId?: string; answered: number };

export class AnswerVoice implements vscode.Disposable {
  private current: Voice | undefined;
  private credentialsNoticeShown = false;
  private readonly subscriptions: Subscription[];

  constructor(private readonly deps: AnswerVoiceDeps) {
    this.subscriptions = [
      deps.credentials.onDidChange(() => (this.credentialsNoticeShown = false)),
      deps.settings.onDidChange((change) => {
        if (change.affects('readAnswers') && !change.settings.readAnswers) this.stop();
      }),
    ];
  }

  /** Whether answers are read aloud now (maas.speech.readAnswers). */
  get enabled(): boolean {
    return this.deps.settings.settings.readAnswers;
  }

  /**
   * Speaks the answers of the chat view's open conversation as they stream, while the setting is on. Another
   * conversation opened (chosen, started, or the one spoken deleted) stops the answer being spoken, and an answer
   * of a conversation that is not open is not begun.
   */
  follow(session: Pick<ChatSession, 'onTurnProgress' | 'onDidChangeActiveConversation' | 'state'>): Subscription {
    let open = session.state.current.conversations.activeId;
    const progress = session.onTurnProgress((event) => this.onProgress(event, open));
    const opened = session.onDidChangeActiveConversation((id) => {
      open = id;
      if (this.current?.conversationId !== undefined && this.current.conversationId !== id) this.stop();
    });
    return { dispose: () => [progress, opened].forEach((s) => s.dispose()) };
  }

  /** A new voice for an answer starting now (the one before stops); undefined while the setting is off. */
  begin(title: string, where: { readonly turnId?: string; readonly conversationId?: string } = {}): Voice | undefined {
    this.stop();
    if (!this.enabled) return undefined;
    const voice = this.startVoice(title, where);
    this.current = voice;
    return voice;
  }

  /** Stops the answer being spoken, if any. */
  stop(): void {
    const voice = this.current;
    this.current = undefined;
    voice?.stop();
  }

  dispose(): void {
    this.stop();
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private onProgress({ conversationId, event, turn }: TurnProgress, open: string | undefined): void {
    let voice = this.current;
    // With the setting off nothing is being spoken (turning it off stopped the voice): a delta costs this check only.
    if (voice === undefined && !this.enabled) return;
    if (event.type === 'delta') {
      // A new answer (or the same turn asked again: Regenerate, Retry) begins a new voice; the one before stops.
      if (voice?.turnId !== turn.id || turn.answer.length < voice.answered) {
        if (conversationId !== open) return;
        voice = this.begin(vscode.l10n.t('Answer'), { turnId: turn.id, conversationId });
        if (voice === undefined) return;
      }
      voice.answered = turn.answer.length;
      voice.update(turn.answer);
    } else if (event.type === 'end' && voice?.turnId === turn.id) {
      // Stop drops what was not spoken yet; every other end (done, dropped, failed) speaks what arrived.
      if (event.outcome.status === 'stopped') this.stop();
      else voice.end(turn.answer);
    }
  }

  private startVoice(title: string, where: { readonly turnId?: string; readonly conversationId?: string }): Voice {
    const { deps } = this;
    const sentences = new AnswerSentences();
    const queue = new SentenceQueue();
    const abort = new AbortController();
    const chain: Promise<void> = this.checkCredentials().then((ok) => {
      if (!ok) abort.abort();
    });
    let player: SpeechPlayer | undefined;
    const settings = (): SettingsReader['settings'] => deps.settings.settings;
    // A sentence ending in a full stop is synthesised while the next delta is awaited, when the listener waits for it.
    const early = new SpeculativeSynthesis(sentenceSynthesizer(deps.client, settings), abort.signal);
    const startPlayer = (): void => {
      if (player !== undefined || abort.signal.aborted) return;
      const chosen = deps.speech.player;
      player = chosen;
      const format = settings().speechFormat;
      const segments = synthesizeQueued(queue, early.synthesizer, { prefetch: 1, format, signal: abort.signal });
      void (async () => {
        await deps.revealView?.().catch(() => undefined);
        await chosen.play(segments, {
          title,
          sentences: 0,
          format,
          baseName: 'answer',
          live: true,
          ...(where.turnId === undefined ? {} : { turnId: where.turnId }),
        });
      })().catch((error: unknown) => {
        if (!abort.signal.aborted) deps.logger.warn(`An answer could not be read aloud: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    // The answer is cleaned and cut again for each update: updates that arrive while one is being cleaned are folded
    // into the newest (the answer so far holds them all), so a fast stream costs one cleaning at a time.
    let latest: { answer: string; ended: boolean } | undefined;
    let running = false;
    const run = async (): Promise<void> => {
      running = true;
      try {
        await chain;
        while (latest !== undefined && !abort.signal.aborted) {
          const { answer, ended } = latest;
          latest = undefined;
          const fresh = await sentences.update(answer, ended);
          early.next(fresh, !ended && queue.starved ? sentences.tentative : undefined);
          queue.push(...fresh);
          if (queue.peek(0) !== undefined) startPlayer();
          if (ended) queue.end();
        }
      } catch (error) {
        deps.logger.warn(`An answer could not be read aloud: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = false;
      }
    };
    const push = (answer: string, ended: boolean): void => {
      latest = { answer, ended: ended || latest?.ended === true };
      if (!running) void run();
    };
    return {
      ...where,
      answered: 0,
      update: (answer) => push(answer, false),
      end: (answer) => push(answer, true),
      stop: () => {
        if (abort.signal.aborted) return;
        abort.abort();
        queue.end();
        player?.stop();
      },
    };
  }

  /** Whether the speech credentials are set; when not, says so once (until they change), with the action that sets them. */
  private async checkCredentials(): Promise<boolean> {
    if (await this.deps.credentials.hasSpeech()) return true;
    if (!this.credentialsNoticeShown) {
      this.credentialsNoticeShown = true;
      void offerSpeechCredentials(
        this.deps.prompter,
        vscode.l10n.t('Reading answers aloud needs the speech appkey and token. The answers are still written in full.'),
      );
    }
    return false;
  }
}
