// The inline-completion engine: what an InlineCompletionItemProvider asks for a suggestion (docs/completions.md).
// A suggestion comes from the cache when the user types through or returns to one; otherwise after a debounce (an
// automatic trigger only) one request is streamed, the previous one aborted first, and cut as soon as the suggestion
// is decided. The caller's signal aborts the wait and the request at once. Errors that the next request would meet
// too pause the engine (its state says why and until when); it resumes by itself when the pause is over.
import { formatCompletionPrompt, type CompletionMode } from '../../../packages/completions/completionPrompt';
import type { ChatRequest } from '../chat/chatRequest';
import { Emitter, type Event } from '../emitter';
import { isServiceError, type ServiceError } from '../http/serviceError';
import { cleanCompletion, completionDecided, type CleaningContext } from './cleanCompletion';
import { CompletionCache, type CachedPosition } from './completionCache';
import { systemClock, type CompletionClock } from './completionClock';
import { DEFAULT_PAUSE_DURATIONS, pauseFor, type PauseDurations, type PauseReason } from './completionPause';
import type { CompletionRequest, CompletionSuggestion, StreamChat } from './completionRequest';

export type CompletionState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working' }
  | { readonly kind: 'paused'; readonly reason: PauseReason; readonly until: number; readonly error: ServiceError };

export interface CompletionOptions {
  readonly model: string;
  /** How long typing must stop before an automatic completion is asked for. */
  readonly debounceMs: number;
  readonly temperature: number;
  readonly maxTokens: Readonly<Record<CompletionMode, number>>;
  readonly pauses: PauseDurations;
}

export const DEFAULT_COMPLETION_OPTIONS: CompletionOptions = {
  model: 'svc_llm',
  debounceMs: 300,
  temperature: 0.2,
  maxTokens: { line: 128, block: 512 },
  pauses: DEFAULT_PAUSE_DURATIONS,
};

export interface CompletionEngineDeps {
  readonly streamChat: StreamChat;
  readonly clock?: CompletionClock;
  readonly options?: Partial<CompletionOptions>;
}

export class CompletionEngine {
  private readonly stateEmitter = new Emitter<CompletionState>();
  /** Idle, working (a request in flight) or paused with the reason; for the status bar. */
  readonly onDidChangeState: Event<CompletionState> = this.stateEmitter.event;
  private current: CompletionState = { kind: 'idle' };
  private options: CompletionOptions;
  private readonly clock: CompletionClock;
  private readonly cache = new CompletionCache();
  /** The call waiting out its debounce: a newer call ends its wait. */
  private waiting: AbortController | undefined;
  /** The request in flight: a newer request aborts it. */
  private inFlight: AbortController | undefined;
  private pauseTimer: AbortController | undefined;

  constructor(private readonly deps: CompletionEngineDeps) {
    this.clock = deps.clock ?? systemClock;
    this.options = { ...DEFAULT_COMPLETION_OPTIONS, ...deps.options };
  }

  get state(): CompletionState {
    return this.current;
  }

  /** New settings; another model's completions are not the cache's any more. */
  configure(options: Partial<CompletionOptions>): void {
    if (options.model !== undefined && options.model !== this.options.model) this.cache.clear();
    this.options = { ...this.options, ...options };
  }

  /** The suggestion at the cursor, or undefined: nothing fits, the request was cancelled or superseded, or paused. */
  async complete(request: CompletionRequest): Promise<CompletionSuggestion | undefined> {
    if (request.signal.aborted) return undefined;
    const context = cleaningContext(request);
    const position: CachedPosition = { path: request.path, prefix: context.prefix, suffix: context.suffix };
    const cached = this.cache.get(position);
    if (cached !== undefined) return suggestion(request, cached);
    if (this.paused() || !(await this.debounce(request))) return undefined;
    // While this call waited, an answer may have come for this position, or a pause may have begun.
    const cachedMeanwhile = this.cache.get(position);
    if (cachedMeanwhile !== undefined) return suggestion(request, cachedMeanwhile);
    if (this.paused()) return undefined;
    const raw = await this.ask(request, context);
    if (raw === undefined || request.signal.aborted) return undefined;
    const text = cleanCompletion(raw, context) ?? '';
    this.cache.set(position, text);
    return suggestion(request, text);
  }

  /** Ends a pause now (the status bar's "try again"). */
  resume(): void {
    this.pauseTimer?.abort();
    this.pauseTimer = undefined;
    if (this.current.kind === 'paused') this.setState({ kind: 'idle' });
  }

  dispose(): void {
    this.waiting?.abort();
    this.inFlight?.abort();
    this.pauseTimer?.abort();
    this.stateEmitter.dispose();
  }

  private paused(): boolean {
    return this.current.kind === 'paused';
  }

  /** Waits out the debounce; false when the caller cancelled or a newer call came meanwhile. */
  private async debounce(request: CompletionRequest): Promise<boolean> {
    this.waiting?.abort();
    this.waiting = undefined;
    if (request.trigger === 'explicit' || this.options.debounceMs <= 0) return true;
    const waiting = new AbortController();
    this.waiting = waiting;
    const waited = await this.clock.wait(this.options.debounceMs, AbortSignal.any([request.signal, waiting.signal]));
    if (this.waiting === waiting) this.waiting = undefined;
    return waited;
  }

  /** The answer's text up to where the suggestion was decided; undefined when it failed, was cancelled or superseded. */
  private async ask(request: CompletionRequest, context: CleaningContext): Promise<string | undefined> {
    this.inFlight?.abort();
    const own = new AbortController();
    this.inFlight = own;
    const signal = AbortSignal.any([request.signal, own.signal]);
    const { language, mode, prefix, suffix } = context;
    const messages = formatCompletionPrompt({ path: request.path, language, mode, prefix, suffix });
    const chat: ChatRequest = {
      model: this.options.model,
      messages: [
        { role: 'system', content: messages.system },
        { role: 'user', content: messages.user },
      ],
      temperature: this.options.temperature,
      max_tokens: this.options.maxTokens[request.mode],
    };
    this.setState({ kind: 'working' });
    let raw = '';
    let decided = false;
    try {
      for await (const event of this.deps.streamChat(chat, { signal })) {
        if (event.type === 'text') {
          raw += event.text;
          if (completionDecided(raw, context)) {
            decided = true;
            own.abort();
            break;
          }
        } else if (event.type === 'retry') {
          // A retry's answer would come too late for this suggestion; an error that pauses completions pauses them now.
          this.pauseOn(event.error);
          return undefined;
        }
      }
      return decided || !signal.aborted ? raw : undefined;
    } catch (error) {
      if (!isServiceError(error)) throw error;
      this.pauseOn(error);
      return undefined;
    } finally {
      own.abort();
      if (this.inFlight === own) {
        this.inFlight = undefined;
        if (this.current.kind === 'working') this.setState({ kind: 'idle' });
      }
    }
  }

  private pauseOn(error: ServiceError): void {
    const pause = pauseFor(error, this.options.pauses);
    if (pause === undefined) return;
    this.pauseTimer?.abort();
    const timer = new AbortController();
    this.pauseTimer = timer;
    this.setState({ kind: 'paused', reason: pause.reason, until: this.clock.now() + pause.ms, error });
    void this.clock.wait(pause.ms, timer.signal).then((elapsed) => {
      if (elapsed && this.pauseTimer === timer) this.resume();
    });
  }

  private setState(state: CompletionState): void {
    if (state.kind !== 'paused' && state.kind === this.current.kind) return;
    this.current = state;
    this.stateEmitter.fire(state);
  }
}

/** The code around the cursor with the selected IntelliSense item's text in place, as if typed. */
function cleaningContext(request: CompletionRequest): CleaningContext {
  const { prefix, suffix } = request.window;
  const selected = request.selected;
  const lineStart = prefix.lastIndexOf('\n') + 1;
  const before = selected === undefined ? 0 : Math.min(Math.max(selected.replaceBefore, 0), prefix.length - lineStart);
  return {
    prefix: selected === undefined ? prefix : prefix.slice(0, prefix.length - before) + selected.text,
    suffix: selected === undefined ? suffix : suffix.slice(Math.max(selected.replaceAfter, 0)),
    mode: request.mode,
    language: request.language,
    ...(request.indentation === undefined ? {} : { indentation: request.indentation }),
  };
}

function suggestion(request: CompletionRequest, text: string): CompletionSuggestion | undefined {
  if (text === '') return undefined;
  const selected = request.selected;
  return { insertText: (selected?.text ?? '') + text, replaceBefore: selected?.replaceBefore ?? 0, replaceAfter: selected?.replaceAfter ?? 0 };
}
