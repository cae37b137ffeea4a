// One question and its answer in the transcript: question (editable in place), reasoning, the Markdown answer,
// its status marks, an error with its actions, an automatic retry's countdown, usage and the turn's actions.
import * as l10n from '@vscode/l10n';
import { actionTitles, knowledgeWords } from '../shared/chatWords';
import type { TurnView as Turn } from '../shared/protocol';
import { decorateCitations, retitleCitations } from './citationChips';
import { showCopied } from './copyFeedback';
import { button, h, iconButton } from './element';
import { isLive } from '../shared/turnStatus';
import { MarkdownView } from './markdownView';
import { thumbnailUrl } from './imageAttachment';
import type { ViewContext } from './viewContext';

/** A question longer than this (characters or lines) is shown folded, with Show more. */
const longQuestionCharacters = 600;
const longQuestionLines = 6;

export class TurnView {
  readonly element: HTMLElement;
  private readonly questionSlot = h('div', { className: 'question-slot' });
  private readonly meta = h('div', { className: 'turn-meta' });
  private readonly reasoning: HTMLDetailsElement;
  private readonly reasoningSummary = h('summary');
  private readonly reasoningView: MarkdownView;
  /** The vision model's description of the images, made for a language model: plain text (model output), collapsed. */
  private readonly description = h('details', { className: 'reasoning image-description', testId: 'image-description' });
  private readonly descriptionSummary = h('summary');
  private readonly descriptionBody = h('div', { className: 'image-description-body' });
  private readonly answerView: MarkdownView;
  private readonly after = h('div', { className: 'turn-after' });
  private readonly sources = h('section', { className: 'sources', testId: 'sources' });
  private sourcesKey = '';
  private turn: Turn | undefined;
  private isLast = false;
  private editing = false;
  private lastAnyLive = false;
  /** A decision of the knowledge badge and the meta line is queued behind the answer's pending render (one per view). */
  private decideAfterRender = false;
  private afterKey = '';
  private metaKey = '';
  private countdown: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly context: ViewContext) {
    const reasoningBody = h('div', { className: 'reasoning-body markdown' });
    this.reasoning = h('details', { className: 'reasoning', testId: 'reasoning' }, this.reasoningSummary, reasoningBody);
    this.reasoningView = new MarkdownView(reasoningBody, context.md);
    const answer = h('div', { className: 'answer markdown', testId: 'answer' });
    this.answerView = new MarkdownView(answer, context.md, (fragment) => {
      const knowledge = this.turn?.knowledge;
      if (knowledge !== undefined) decorateCitations(fragment, knowledge.references);
    });
    answer.addEventListener('click', (event) => {
      const chip = event.target instanceof Element ? event.target.closest<HTMLElement>('.citation-chip') : null;
      if (chip !== null) this.showSource(Number(chip.dataset.citation));
    });
    this.sources.hidden = true;
    this.description.append(this.descriptionSummary, this.descriptionBody);
    this.description.hidden = true;
    this.element = h(
      'article',
      { className: 'turn', testId: 'turn' },
      this.questionSlot,
      this.meta,
      this.description,
      this.reasoning,
      answer,
      this.sources,
      this.after,
    );
  }

  /** The turn's answer text as the user sees it, for the screen-reader announcement. */
  get answerText(): string {
    return this.answerView.element.textContent ?? '';
  }

  /** Calls `then` once the answer's text last given is in the page (a large one is rendered in a task of its own). */
  whenAnswerRendered(then: () => void): void {
    this.answerView.whenRendered(then);
  }

  update(turn: Turn, isLast: boolean, anyLive: boolean): void {
    const previous = this.turn;
    this.turn = turn;
    this.isLast = isLast;
    if (previous?.status !== turn.status) {
      this.element.dataset.turnId = turn.id;
      this.element.dataset.status = turn.status;
      this.element.setAttribute('aria-busy', String(isLive(turn.status)));
    }
    const final = !isLive(turn.status);
    if (previous === undefined || previous.question !== turn.question || previous.images !== turn.images || this.lastAnyLive !== anyLive) {
      if (!this.editing) this.renderQuestion(turn, anyLive);
    }
    this.lastAnyLive = anyLive;
    this.renderDescription(turn);
    // Written only when it changes, as the other parts below: the turn is updated on every streaming delta.
    if (this.reasoning.hidden !== (turn.reasoning === '')) this.reasoning.hidden = turn.reasoning === '';
    const summary = isLive(turn.status) && turn.answer === '' ? l10n.t('Thinking…') : l10n.t('Reasoning');
    if (this.reasoningSummary.textContent !== summary) this.reasoningSummary.textContent = summary;
    this.reasoningView.render(turn.reasoning, final);
    this.answerView.render(turn.answer, final);
    this.renderKnowledge(turn);
    this.renderMeta(turn);
    // Whether a knowledge answer found nothing is read from its chips, so a render still to come (a long final answer
    // renders in a task of its own) decides it again once the text is in the page.
    if (this.answerView.pending && !this.decideAfterRender) {
      this.decideAfterRender = true;
      this.answerView.whenRendered(() => {
        this.decideAfterRender = false;
        if (this.turn === undefined) return;
        this.renderKnowledge(this.turn);
        this.renderMeta(this.turn);
      });
    }
    // Rebuilt only when something it shows changed, so a focused button survives streaming and snapshots.
    const afterKey = JSON.stringify([
      turn.status,
      turn.finishReason,
      turn.usage,
      turn.error,
      turn.retry,
      isLast,
      turn.answer === '',
      l10n.t('Copy'),
      l10n.t('Retry'),
      l10n.t('Read aloud'),
    ]);
    if (afterKey !== this.afterKey) {
      this.afterKey = afterKey;
      this.renderAfter(turn);
    }
  }

  dispose(): void {
    this.stopCountdown();
    this.reasoningView.dispose();
    this.answerView.dispose();
  }

  private stopCountdown(): void {
    if (this.countdown !== undefined) clearInterval(this.countdown);
    this.countdown = undefined;
  }

  private renderQuestion(turn: Turn, anyLive: boolean): void {
    const images = h('div', { className: 'turn-images' });
    for (const image of turn.images) {
      const url = thumbnailUrl(image.thumbnail);
      if (url !== undefined)
        images.append(h('img', { className: 'thumbnail', attrs: { src: url, alt: image.name, width: String(Math.min(96, image.width)) } }));
      // No thumbnail (an image sent by its https address): its name, with the address on hover; nothing is loaded.
      else images.append(h('span', { className: 'chip chip-image', testId: 'image-chip', text: image.name, attrs: { title: image.url ?? image.name } }));
    }
    const chips = h('div', { className: 'chips' }, ...turn.context.map((chip) => h('span', { className: `chip chip-${chip.kind}`, text: chip.label })));
    const actions = h('div', { className: 'question-actions' });
    if (!anyLive) actions.append(iconButton('edit', l10n.t('Edit'), () => this.startEdit(), { testId: 'edit' }));
    const question = h('div', { className: 'question', testId: 'question', text: turn.question });
    const parts: Node[] = [h('div', { className: 'speaker', text: l10n.t('You') }), question];
    // A long question (a pasted file) is folded to a few lines, so the transcript keeps its room.
    if (turn.question.length > longQuestionCharacters || turn.question.split('\n').length > longQuestionLines) {
      question.classList.add('collapsed');
      const toggle = button(
        l10n.t('Show more'),
        () => {
          const collapsed = question.classList.toggle('collapsed');
          toggle.textContent = collapsed ? l10n.t('Show more') : l10n.t('Show less');
          toggle.setAttribute('aria-expanded', String(!collapsed));
        },
        { className: 'link-button', testId: 'question-toggle', attrs: { 'aria-expanded': 'false' } },
      );
      parts.push(toggle);
    }
    this.questionSlot.replaceChildren(...parts, images, chips, actions);
  }

  private startEdit(): void {
    const turn = this.turn;
    if (turn === undefined) return;
    this.editing = true;
    const input = h('textarea', { className: 'edit-input', attrs: { 'aria-label': l10n.t('Edit'), rows: '3' } });
    input.value = turn.question;
    const finish = (): void => {
      this.editing = false;
      this.renderQuestion(turn, false);
    };
    const save = (): void => {
      const text = input.value.trim();
      if (text === '') return;
      this.context.post({ type: 'edit', turnId: turn.id, text });
      finish();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') finish();
      else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
        event.preventDefault();
        save();
      }
    });
    const actions = h(
      'div',
      { className: 'edit-actions' },
      button(l10n.t('Save and re-run'), save, { testId: 'edit-save' }),
      button(l10n.t('Cancel'), finish, { className: 'secondary', testId: 'edit-cancel' }),
    );
    this.questionSlot.replaceChildren(h('div', { className: 'speaker', text: l10n.t('You') }), input, actions);
    input.focus();
  }

  private renderDescription(turn: Turn): void {
    const described = turn.imageDescription;
    if (this.description.hidden !== (described === undefined)) this.description.hidden = described === undefined;
    if (described === undefined) return;
    const summary = l10n.t('Image described by {0}', described.model);
    if (this.descriptionSummary.textContent !== summary) this.descriptionSummary.textContent = summary;
    if (this.descriptionBody.textContent !== described.text) this.descriptionBody.textContent = described.text;
  }

  private renderMeta(turn: Turn): void {
    const noHits = this.noHits(turn);
    const key = JSON.stringify([
      turn.model,
      turn.status === 'pending' && turn.retry === undefined,
      l10n.t('Assistant'),
      l10n.t('Thinking…'),
      turn.knowledge?.mode,
      turn.knowledge?.bases,
      noHits,
    ]);
    if (key === this.metaKey) return;
    this.metaKey = key;
    const nodes: Node[] = [h('span', { className: 'speaker', text: l10n.t('Assistant') }), h('span', { className: 'model', text: turn.model })];
    const knowledge = turn.knowledge;
    if (knowledge !== undefined) {
      const mode = knowledge.mode === 'strict' ? knowledgeWords(l10n).strict : knowledgeWords(l10n).divergent;
      nodes.push(
        h('span', {
          className: `badge knowledge-${knowledge.mode}`,
          testId: 'knowledge-badge',
          text: mode,
          attrs: { title: knowledge.bases.map((b) => b.name).join(', ') },
        }),
      );
      if (noHits) nodes.push(h('span', { className: 'badge no-hits', testId: 'no-hits', text: knowledgeWords(l10n).noHits }));
    }
    if (turn.status === 'pending' && turn.retry === undefined) nodes.push(h('span', { className: 'thinking', text: l10n.t('Thinking…') }));
    this.meta.replaceChildren(...nodes);
  }

  private renderAfter(turn: Turn): void {
    const nodes: Node[] = [];
    const marks: string[] = [];
    if (turn.status === 'interrupted') marks.push(l10n.t('The answer was interrupted before it finished.'));
    if (turn.status === 'stopped') marks.push(l10n.t('Stopped.'));
    if (turn.finishReason === 'length') marks.push(l10n.t('The answer reached the max tokens limit.'));
    if (turn.finishReason === 'content_filter') marks.push(l10n.t("The rest of the answer was withheld by the service's content review."));
    for (const mark of marks) nodes.push(h('div', { className: 'turn-mark', text: mark }));
    if (turn.retry !== undefined) nodes.push(this.retryCountdown(turn.retry.at, turn.retry.attempt, turn.retry.maxAttempts));
    else this.stopCountdown();
    if (turn.error !== undefined) nodes.push(this.errorBox(turn));
    const actions = h('div', { className: 'turn-actions' });
    if (turn.usage !== undefined && !isLive(turn.status)) {
      nodes.push(
        h('div', {
          className: 'usage',
          testId: 'usage',
          text: l10n.t('Tokens: {0} prompt + {1} completion = {2}', turn.usage.promptTokens, turn.usage.completionTokens, turn.usage.totalTokens),
        }),
      );
    }
    if (turn.answer !== '' && !isLive(turn.status))
      actions.append(iconButton('copy', l10n.t('Copy'), (event) => this.copyAnswer(event), { testId: 'copy-answer' }));
    if (turn.status === 'interrupted' && turn.error === undefined)
      actions.append(button(l10n.t('Retry'), () => this.context.post({ type: 'retry', turnId: turn.id }), { testId: 'retry' }));
    if (this.isLast && !isLive(turn.status))
      actions.append(iconButton('refresh', l10n.t('Regenerate'), () => this.context.post({ type: 'regenerate', turnId: turn.id }), { testId: 'regenerate' }));
    if (turn.answer !== '' && !isLive(turn.status))
      actions.append(iconButton('unmute', l10n.t('Read aloud'), () => this.context.post({ type: 'readAloud', turnId: turn.id }), { testId: 'read-aloud' }));
    if (actions.childElementCount > 0) nodes.push(actions);
    this.after.replaceChildren(...nodes);
  }

  /**
   * A finished knowledge answer without any citation and without references: the service's apology or tips. When
   * the marks were asked away (remove_corner_mark), their absence proves nothing, so no badge is guessed.
   */
  private noHits(turn: Turn): boolean {
    const knowledge = turn.knowledge;
    if (knowledge === undefined || knowledge.marksRemoved === true || turn.status !== 'done' || turn.answer === '') return false;
    // Until the answer is in the page its chips cannot be counted: no badge is guessed from an earlier render.
    if (this.answerView.pending) return false;
    return knowledge.references.length === 0 && this.answerView.element.querySelector('.citation-chip') === null;
  }

  private renderKnowledge(turn: Turn): void {
    this.answerView.element.classList.toggle('answer-notice', this.noHits(turn));
    const references = turn.knowledge?.references ?? [];
    const key = JSON.stringify([references, l10n.t('Sources'), l10n.t('Source {0}')]);
    if (key === this.sourcesKey) return;
    this.sourcesKey = key;
    retitleCitations(this.answerView.element, references);
    const list = h('ol', { className: 'sources-list' });
    for (const reference of references) {
      const item = h('li', { className: 'source', attrs: { 'data-index': String(reference.index), tabindex: '-1' } });
      item.append(h('span', { className: 'source-number', text: l10n.t('Source {0}', reference.index) }));
      if (reference.title !== undefined) item.append(h('strong', { className: 'source-title', text: reference.title }));
      if (reference.text !== undefined) item.append(h('div', { className: 'source-text', text: reference.text }));
      list.append(item);
    }
    this.sources.replaceChildren(h('div', { className: 'sources-heading', text: l10n.t('Sources') }), list);
    if (references.length === 0) this.sources.hidden = true;
  }

  /** A chip was clicked (or activated with Enter): the sources open with that one marked. */
  /** Without a reference for that number (none sent, or not this one), a note says so: a click always answers. */
  private showSource(number: number): void {
    const items = Array.from(this.sources.querySelectorAll<HTMLElement>('.source'));
    this.sources.querySelector('.source-missing')?.remove();
    this.sources.hidden = false;
    for (const item of items) item.classList.toggle('selected', item.dataset.index === String(number));
    const selected = items.find((item) => item.dataset.index === String(number));
    if (selected === undefined) {
      const note = l10n.t('Source {0}: the service sent no text for this source.', number);
      this.sources.append(h('div', { className: 'source-missing', testId: 'source-missing', text: note, attrs: { role: 'status' } }));
    }
    (selected ?? this.sources).scrollIntoView({ block: 'nearest' });
  }

  private copyAnswer(event: MouseEvent): void {
    const turn = this.turn;
    if (turn === undefined) return;
    this.context.post({ type: 'copyText', text: turn.answer });
    if (event.currentTarget instanceof HTMLElement) showCopied(event.currentTarget, l10n.t('Copied'), l10n.t('Copy'));
  }

  private errorBox(turn: Turn): HTMLElement {
    const error = turn.error;
    const box = h('div', { className: 'turn-error', testId: 'turn-error', attrs: { role: 'alert' } });
    if (error === undefined) return box;
    box.append(h('div', { className: 'error-title', text: error.title }), h('div', { className: 'error-detail', text: error.detail }));
    if (error.serverMessage !== undefined && error.serverMessage !== '') {
      const server = h(
        'div',
        { className: 'server-message' },
        h('span', { className: 'label', text: l10n.t('Server message') }),
        h('q', { text: error.serverMessage }),
      );
      if (error.serverMessageTranslation !== undefined && error.serverMessageTranslation !== '')
        server.append(h('div', { className: 'translation', text: error.serverMessageTranslation }));
      box.append(server);
    }
    const actions = h('div', { className: 'error-actions' });
    for (const action of error.actions) {
      const label = action === 'retry' ? l10n.t('Retry') : actionTitles(l10n)[action];
      const control = button(label, () => this.context.post(action === 'retry' ? { type: 'retry', turnId: turn.id } : { type: 'runCommand', command: action }));
      control.dataset.action = action;
      actions.append(control);
    }
    box.append(actions);
    return box;
  }

  private retryCountdown(at: number, attempt: number, maxAttempts: number): HTMLElement {
    const node = h('div', { className: 'retry-countdown', testId: 'retry-countdown', attrs: { role: 'status' } });
    const tick = (): void => {
      const seconds = Math.max(0, Math.ceil((at - Date.now()) / 1000));
      node.textContent = l10n.t('The service is busy. Retrying in {0} s (attempt {1} of {2})…', seconds, attempt, maxAttempts);
    };
    tick();
    this.stopCountdown();
    this.countdown = setInterval(tick, 250);
    return node;
  }
}
