// The read-aloud player of the chat view: plays the host's synthesised segments in order from Blob URLs (the CSP
// allows `media-src blob:`), with play/pause, stop, previous/next sentence, position, speed, the current sentence
// and save. It tells the host which sentence plays (`speechProgress`), which paces the synthesis and lets a reloaded
// page resume there (`speechStart.resumeAt`). When the
// browser refuses play() without a user gesture (NotAllowedError), a prominent play control takes its place; a
// click on it is the gesture. The host's play() resolves on `speechEnded` (or fails on `speechError`).
// An answer spoken as it streams (`sentences` 0 at the start) learns its count at `speechDone`; its position reads
// "Sentence n" until then. The sentence being spoken is marked in the answer (spokenSentence.ts); a sentence whose
// synthesis failed is skipped, marked in the answer and named in the player, and the reading goes on.

import * as l10n from '@vscode/l10n';
import type { HostToWebview } from '../shared/protocol';
import { assertNever } from '../shared/protocol';
import { button, h, setIcon } from './element';
import type { SpokenSentence } from './spokenSentence';
import type { ViewContext } from './viewContext';

export type SpeechMessage = Extract<HostToWebview, { type: 'speechStart' | 'speechSegment' | 'speechDone' | 'speechStop' }>;

const speeds = [0.75, 1, 1.25, 1.5, 2];
const mime = { wav: 'audio/wav', mp3: 'audio/mpeg' } as const;

interface Segment {
  readonly url: string;
  readonly text: string;
  /** Its synthesis failed: no audio, skipped. */
  readonly failed: boolean;
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class SpeechPlayerView {
  readonly element = h('section', { className: 'player', testId: 'player' });
  private readonly audio = h('audio', { testId: 'player-audio', attrs: { preload: 'auto' } });
  private readonly title = h('div', { className: 'player-title' });
  private readonly sentence = h('mark', { className: 'player-sentence', testId: 'player-sentence' });
  private readonly skipped = h('div', { className: 'player-skipped', testId: 'player-skipped', attrs: { role: 'status' } });
  private readonly position = h('span', { className: 'player-position', testId: 'player-position', attrs: { 'aria-live': 'off' } });
  private readonly toggle: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly previous: HTMLButtonElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly save: HTMLButtonElement;
  private readonly blocked: HTMLButtonElement;
  private readonly speed = h('select', { className: 'player-speed', testId: 'player-speed' });
  private playbackId: string | undefined;
  /** The answer being read, whose spoken sentence is marked; undefined for other text. */
  private turnId: string | undefined;
  /** The count of sentences; 0 while an answer spoken as it streams has not ended. */
  private sentences = 0;
  private readonly segments = new Map<number, Segment>();
  /** The segment in the audio element, or undefined while waiting for the next one. */
  private current: number | undefined;
  private next = 0;
  private lastIndex: number | undefined;
  /** Each played segment's length in seconds, for the position shown after a seek. */
  private readonly durations = new Map<number, number>();

  constructor(
    private readonly context: ViewContext,
    private readonly spoken: SpokenSentence,
  ) {
    this.toggle = button('', () => this.onToggle(), { className: 'icon-button player-toggle', testId: 'player-toggle' });
    this.stopButton = button('', () => this.onStop(), { className: 'icon-button', testId: 'player-stop' });
    this.previous = button('', () => this.seek(this.position0() - 1), { className: 'icon-button', testId: 'player-previous' });
    this.nextButton = button('', () => this.seek(this.position0() + 1), { className: 'icon-button', testId: 'player-next' });
    this.save = button('', () => this.onSave(), { className: 'icon-button', testId: 'player-save' });
    this.blocked = button('', () => this.startAudio(), { className: 'player-autoplay-blocked', testId: 'player-autoplay-blocked' });
    this.blocked.hidden = true;
    for (const rate of speeds) this.speed.append(h('option', { text: `${rate}×`, attrs: { value: String(rate) } }));
    this.speed.value = '1';
    this.speed.addEventListener('change', () => this.applyRate());
    this.audio.addEventListener('ended', () => this.onEnded());
    this.audio.addEventListener('timeupdate', () => this.renderPosition());
    this.audio.addEventListener('loadedmetadata', () => {
      if (this.current !== undefined && Number.isFinite(this.audio.duration)) this.durations.set(this.current, this.audio.duration);
    });
    this.audio.addEventListener('play', () => this.renderToggle());
    this.audio.addEventListener('pause', () => this.renderToggle());
    this.audio.addEventListener('error', () => this.fail(this.audio.error?.message ?? ''));
    const controls = h(
      'div',
      { className: 'player-controls' },
      this.previous,
      this.toggle,
      this.nextButton,
      this.stopButton,
      this.position,
      this.speed,
      this.save,
    );
    this.skipped.hidden = true;
    this.element.append(this.title, this.blocked, h('div', { className: 'player-strip' }, this.sentence), this.skipped, controls, this.audio);
    this.element.hidden = true;
  }

  receive(message: SpeechMessage): void {
    switch (message.type) {
      case 'speechStart':
        this.reset();
        this.playbackId = message.playbackId;
        this.turnId = message.turnId;
        this.sentences = message.sentences;
        this.next = message.sentences === 0 ? 0 : Math.min(message.resumeAt ?? 0, Math.max(0, message.sentences - 1));
        this.title.textContent = message.title;
        this.renderLabels();
        this.element.hidden = false;
        return;
      case 'speechSegment': {
        if (message.playbackId !== this.playbackId) return;
        const failed = message.failed === true;
        const url = failed ? '' : URL.createObjectURL(new Blob([bytesOf(message.audioBase64)], { type: mime[message.format] }));
        this.segments.set(message.index, { url, text: message.text, failed });
        if (message.last === true) this.lastIndex = message.index;
        if (this.current === undefined && message.index === this.next) this.playIndex(message.index);
        return;
      }
      case 'speechDone':
        if (message.playbackId !== this.playbackId) return;
        this.sentences = message.sentences;
        this.lastIndex = message.sentences - 1;
        // Every sentence already played (or none came): the reading is over.
        if (this.current === undefined && this.next >= message.sentences) this.finish();
        else this.renderPosition();
        return;
      case 'speechStop':
        if (message.playbackId === this.playbackId) this.close();
        return;
      default:
        assertNever(message, 'speech message');
    }
  }

  private playIndex(index: number): void {
    const segment = this.segments.get(index);
    if (segment === undefined) return;
    this.current = index;
    this.next = index;
    if (this.playbackId !== undefined) this.context.post({ type: 'speechProgress', playbackId: this.playbackId, index });
    if (segment.failed) {
      // Skipped, with a mark in the answer and a word in the player; the reading goes on with the next sentence.
      this.skipped.textContent = l10n.t('Sentence {0} was skipped: the speech service could not synthesise it.', index + 1);
      this.skipped.hidden = false;
      if (this.turnId !== undefined) this.spoken.mark(this.turnId, segment.text, true);
      this.onEnded();
      return;
    }
    if (this.turnId !== undefined) this.spoken.mark(this.turnId, segment.text);
    this.audio.src = segment.url;
    this.applyRate();
    this.sentence.textContent = segment.text;
    this.renderPosition();
    this.startAudio();
  }

  private startAudio(): void {
    if (this.current === undefined) return;
    this.audio.play().then(
      () => {
        this.blocked.hidden = true;
      },
      (error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        // AbortError: the source changed before playing began (the next segment, a stop); not a failure.
        if (name === 'NotAllowedError') this.blocked.hidden = false;
        else if (name !== 'AbortError') this.fail(error instanceof Error ? error.message : String(error));
        this.renderToggle();
      },
    );
  }

  private onEnded(): void {
    const index = this.current;
    if (index === undefined) return;
    this.current = undefined;
    this.next = index + 1;
    if (index === this.lastIndex || (this.sentences > 0 && index + 1 >= this.sentences)) {
      this.finish();
      return;
    }
    if (this.segments.has(this.next)) this.playIndex(this.next);
  }

  /** The last sentence was played: the host's play() resolves, and the player folds to its bar of controls. */
  private finish(): void {
    if (this.playbackId !== undefined) this.context.post({ type: 'speechEnded', playbackId: this.playbackId });
    // Folded to its bar of controls (play again, save, close): the transcript gets its room back.
    this.element.classList.add('ended');
    this.spoken.clear();
    this.renderToggle();
    this.renderPosition();
  }

  private onToggle(): void {
    if (this.current === undefined && this.sentences > 0 && this.next >= this.sentences && this.segments.size > 0) {
      // Finished: play again from the start (the segments are still here).
      this.element.classList.remove('ended');
      this.next = 0;
      this.playIndex(0);
      return;
    }
    if (this.audio.paused) this.startAudio();
    else this.audio.pause();
  }

  /** The sentence shown: the one playing, or the one waited for. */
  private position0(): number {
    return this.current ?? (this.sentences === 0 ? this.next : Math.min(this.next, Math.max(0, this.sentences - 1)));
  }

  /** Plays sentence `index` now if it is here; otherwise waits for it and tells the host, which synthesises up to it. */
  private seek(index: number): void {
    // While an answer is still being spoken as it streams, any sentence up to the next one to come can be asked for.
    const limit = this.sentences > 0 ? this.sentences : Math.max(this.next, ...this.segments.keys()) + 1;
    if (this.playbackId === undefined || index < 0 || index >= limit) return;
    if (this.segments.has(index)) {
      this.playIndex(index);
      return;
    }
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.current = undefined;
    this.next = index;
    this.sentence.textContent = '';
    this.context.post({ type: 'speechProgress', playbackId: this.playbackId, index });
    this.renderPosition();
  }

  private onStop(): void {
    if (this.playbackId !== undefined) this.context.post({ type: 'speechEnded', playbackId: this.playbackId, stopped: true });
    this.close();
  }

  private onSave(): void {
    if (this.playbackId !== undefined) this.context.post({ type: 'saveAudio', playbackId: this.playbackId });
  }

  /** Reports a playback failure in the user's language, with the browser's own detail (English) after it. */
  private fail(detail: string): void {
    const failed = l10n.t('The audio could not be played.');
    const message = detail === '' ? failed : `${failed} (${detail})`;
    if (this.playbackId !== undefined) this.context.post({ type: 'speechError', playbackId: this.playbackId, message: message.slice(0, 500) });
    this.close();
  }

  private applyRate(): void {
    const rate = Number(this.speed.value);
    // A new source resets playbackRate to defaultPlaybackRate, so both are set.
    this.audio.defaultPlaybackRate = rate;
    this.audio.playbackRate = rate;
  }

  private close(): void {
    this.reset();
    this.element.hidden = true;
  }

  private reset(): void {
    this.element.classList.remove('ended');
    this.audio.pause();
    this.audio.removeAttribute('src');
    for (const segment of this.segments.values()) if (segment.url !== '') URL.revokeObjectURL(segment.url);
    this.segments.clear();
    this.playbackId = undefined;
    this.current = undefined;
    this.next = 0;
    this.lastIndex = undefined;
    this.durations.clear();
    this.sentence.textContent = '';
    this.skipped.textContent = '';
    this.skipped.hidden = true;
    this.blocked.hidden = true;
    this.turnId = undefined;
    this.spoken.clear();
  }

  private renderLabels(): void {
    this.element.setAttribute('aria-label', l10n.t('Read-aloud player'));
    setIcon(this.stopButton, 'debug-stop', l10n.t('Stop reading'));
    setIcon(this.previous, 'arrow-left', l10n.t('Previous sentence'));
    setIcon(this.nextButton, 'arrow-right', l10n.t('Next sentence'));
    setIcon(this.save, 'save', l10n.t('Save audio'));
    this.blocked.replaceChildren(
      h('span', { className: 'codicon codicon-play', attrs: { 'aria-hidden': 'true' } }),
      ` ${l10n.t('Click to start reading aloud')}`,
    );
    this.speed.setAttribute('aria-label', l10n.t('Playback speed'));
    this.speed.title = l10n.t('Playback speed');
    this.renderToggle();
    this.renderPosition();
  }

  private renderToggle(): void {
    if (this.audio.paused) setIcon(this.toggle, 'play', l10n.t('Play'));
    else setIcon(this.toggle, 'debug-pause', l10n.t('Pause'));
  }

  private renderPosition(): void {
    const at = this.position0();
    let before = 0;
    for (const [index, seconds] of this.durations) if (index < at) before += seconds;
    const elapsed = before + (this.current === undefined ? 0 : this.audio.currentTime);
    this.position.textContent =
      this.sentences === 0 ? l10n.t('Sentence {0} · {1}', at + 1, clock(elapsed)) : l10n.t('Sentence {0} of {1} · {2}', at + 1, this.sentences, clock(elapsed));
  }
}
