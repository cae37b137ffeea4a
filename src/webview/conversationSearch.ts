// The search field of the conversation panel and what it found. The view has only the conversations' summaries; the
// host searches their titles, questions and answers (its index) and answers each query, named by an id, with the
// first results (a page; more as the reader gets to the end) and again whenever they change. A query goes out once
// typing pauses, not per keystroke, and never mid-composition (an input method's text is not the query yet); results
// for an older query are dropped. The status line under the field, a polite live region, says how many match. The
// keys: Ctrl/Cmd+F or a character typed anywhere in the panel goes to the field; from the field, Down goes into the
// rows, Enter opens the first result, Escape clears the search and, on an empty field, closes the panel.
import * as l10n from '@vscode/l10n';
import type { SearchMatchView, SearchResultsView } from '../shared/protocol';
import { maxSearchQueryLength } from '../shared/searchQuery';
import { h } from './element';
import type { ViewContext } from './viewContext';

/** Results asked for at first: more than the panel shows. More pages of this many come as the reader scrolls. */
export const searchPage = 10;
/** A query goes out once typing has paused this long. */
const pauseMs = 150;

/** What the search asks of the panel. */
export interface SearchPanel {
  /** The results to show changed (or the search ended). */
  changed(): void;
  /** The text of the field, to keep while the view is hidden. */
  keep(query: string): void;
  /** Focus to the first row. */
  intoRows(): void;
  /** Opens a conversation. */
  choose(id: string): void;
  /** Closes the panel. */
  close(): void;
}

export class ConversationSearch {
  readonly field: HTMLInputElement;
  /** How many conversations match, announced politely. */
  readonly status: HTMLElement;
  private queryId = 0;
  /** The query last sent, and how many results it asked for. */
  private sent = '';
  private limit = searchPage;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private results: SearchResultsView | undefined;
  private number: Intl.NumberFormat | undefined;

  constructor(
    private readonly context: ViewContext,
    query: string,
    private readonly panel: SearchPanel,
  ) {
    this.field = h('input', {
      className: 'conversation-search',
      testId: 'conversation-search',
      attrs: { type: 'search', maxlength: String(maxSearchQueryLength), spellcheck: 'false', autocomplete: 'off' },
    });
    this.field.value = query;
    this.status = h('p', { className: 'search-status', testId: 'search-status', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.status.hidden = true;
    this.field.addEventListener('input', (event) => {
      if (!(event as InputEvent).isComposing) this.typed();
    });
    this.field.addEventListener('compositionend', () => this.typed());
    this.field.addEventListener('keydown', (event) => this.fieldKey(event));
  }

  /** The query as typed, trimmed: '' when there is none. */
  get query(): string {
    return this.field.value.trim();
  }

  /** The conversations the search found, while one is shown; undefined when the whole list is. */
  get matches(): readonly SearchMatchView[] | undefined {
    return this.query === '' ? undefined : this.results?.matches;
  }

  /** How many conversations match (the results shown may be fewer: a page at a time). */
  get total(): number {
    return this.results?.total ?? 0;
  }

  /** The words of the field, in the UI language. */
  render(): void {
    const label = l10n.t('Search conversations');
    this.field.setAttribute('aria-label', label);
    this.field.placeholder = label;
    this.number ??= new Intl.NumberFormat(this.context.lang);
    this.renderStatus();
  }

  /** The host's answer to a query: kept when it is for the last one sent. */
  receive(results: SearchResultsView): void {
    if (results.queryId !== this.queryId || this.sent === '') return;
    this.results = results;
    this.renderStatus();
    this.panel.changed();
  }

  /** The next page of results, once those asked for have come and more match. */
  more(): void {
    const results = this.results;
    if (results === undefined || this.sent === '' || results.matches.length < this.limit || results.total <= this.limit) return;
    this.limit += searchPage;
    this.post();
  }

  /** Empties the field: the whole list shows again. */
  clear(): void {
    this.field.value = '';
    this.typed();
  }

  /** The panel opened: the query kept in the field is searched again. */
  resume(): void {
    if (this.query !== '') this.send();
  }

  /** The panel closed: the host stops answering (the field keeps its text for the next opening). */
  end(): void {
    clearTimeout(this.timer);
    if (this.sent === '') return;
    this.sent = '';
    this.queryId += 1;
    this.post();
  }

  /** Puts the cursor in the field, its text selected (typing replaces it). */
  focus(): void {
    this.field.focus();
    this.field.select();
  }

  /**
   * A key in the panel outside the field: Escape clears a search (and else is the panel's); Ctrl/Cmd+F, or a
   * character typed on a row, goes to the field.
   */
  panelKey(event: KeyboardEvent): void {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'Escape') {
      if (this.query === '') this.panel.close();
      else {
        this.clear();
        this.field.focus();
      }
    } else if (event.key.toLowerCase() === 'f' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      this.focus();
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // The character typed starts (or goes on) the query.
      event.preventDefault();
      this.field.focus();
      this.field.setRangeText(event.key, this.field.value.length, this.field.value.length, 'end');
      this.typed();
    }
  }

  /** Down goes into the rows, Enter opens the first result, Escape clears the search or else closes the panel. */
  private fieldKey(event: KeyboardEvent): void {
    if (event.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      this.panel.intoRows();
    } else if (event.key === 'Enter') {
      const first = this.matches?.[0];
      if (first === undefined) return;
      event.preventDefault();
      this.panel.choose(first.id);
    } else if (event.key === 'Escape') {
      // The panel's own Escape must not also act on it.
      event.preventDefault();
      event.stopPropagation();
      if (this.field.value === '') this.panel.close();
      else this.clear();
    }
  }

  private typed(): void {
    clearTimeout(this.timer);
    this.panel.keep(this.field.value);
    if (this.query === '') {
      this.end();
      this.results = undefined;
      this.renderStatus();
      this.panel.changed();
      return;
    }
    this.timer = setTimeout(() => this.send(), pauseMs);
  }

  private send(): void {
    clearTimeout(this.timer);
    this.queryId += 1;
    this.sent = this.query;
    this.limit = searchPage;
    this.post();
  }

  private post(): void {
    this.context.post({ type: 'searchConversations', queryId: this.queryId, query: this.sent, limit: this.limit });
  }

  private renderStatus(): void {
    const results = this.results;
    this.status.hidden = this.query === '' || results === undefined;
    if (results === undefined || this.query === '') {
      this.status.textContent = '';
      return;
    }
    const format = (n: number): string => this.number?.format(n) ?? String(n);
    const { total, conversations, indexing } = results;
    let text: string;
    if (total === 0) {
      text = indexing
        ? l10n.t('No conversation matches "{0}" so far: the history is still being indexed.', this.sent)
        : l10n.t('No conversation matches "{0}".', this.sent);
    } else {
      text = indexing
        ? l10n.t('{0} of {1} conversations so far: the history is still being indexed.', format(total), format(conversations))
        : l10n.t('{0} of {1} conversations', format(total), format(conversations));
    }
    if (this.status.textContent !== text) this.status.textContent = text;
  }
}
