// The context meter in the composer's bottom row, as VS Code's chat has one: how much of the model's context the
// next question takes (the persona, the earlier turns re-sent and the waiting context, counted by the host, plus the
// question being typed, counted here by the same rule), against the model's limit. Before a question would go over
// the limit, a line above the question box says so, with what the user can do: start a new conversation, or send
// fewer earlier turns (the history settings). The host refuses such a request all the same.
import * as l10n from '@vscode/l10n';
import { actionTitles } from '../shared/chatWords';
import type { ChatSnapshot } from '../shared/protocol';
import { countTokens } from '../shared/tokenCount';
import { button, h } from './element';
import type { ViewContext } from './viewContext';

/** Above this share of the limit the meter turns to the warning colour. */
const HIGH_SHARE = 0.8;

/** 32768 as "32K", as model context sizes are written (K = 1024 tokens). */
function compact(tokens: number): string {
  return tokens < 1024 ? String(tokens) : `${(tokens / 1024).toFixed(tokens < 10_240 ? 1 : 0)}K`;
}

export class ContextMeter {
  /** The meter itself, for the composer's bottom row. */
  readonly element: HTMLElement;
  /** The warning line, for above the question box. */
  readonly warning: HTMLElement;
  private readonly bar = h('span', { className: 'context-meter-fill' });
  private readonly label = h('span', { className: 'context-meter-label' });
  private readonly warningText = h('span', { className: 'context-warning-text' });
  private readonly newConversation: HTMLButtonElement;
  private readonly settings: HTMLButtonElement;
  private snapshot: ChatSnapshot | null = null;
  private draftTokens = 0;

  constructor(context: ViewContext) {
    this.element = h(
      'span',
      { className: 'context-meter', testId: 'context-meter', attrs: { role: 'meter', tabindex: '0', 'aria-valuemin': '0' } },
      h('span', { className: 'context-meter-track' }, this.bar),
      this.label,
    );
    this.newConversation = button('', () => context.post({ type: 'newConversation' }), { className: 'secondary', testId: 'context-new-conversation' });
    this.settings = button('', () => context.post({ type: 'runCommand', command: 'openSettings' }), { className: 'secondary', testId: 'context-settings' });
    this.warning = h(
      'div',
      { className: 'context-warning', testId: 'context-warning', attrs: { role: 'status' } },
      this.warningText,
      h('span', { className: 'context-warning-actions' }, this.newConversation, this.settings),
    );
    this.warning.hidden = true;
  }

  render(snapshot: ChatSnapshot): void {
    this.snapshot = snapshot;
    this.update();
  }

  /** The question being typed, counted as it changes. */
  draft(text: string): void {
    this.draftTokens = countTokens(text);
    this.update();
  }

  private update(): void {
    const snapshot = this.snapshot;
    if (snapshot === null) return;
    const limit = snapshot.settings.contextLimit;
    const used = snapshot.active.contextTokens + this.draftTokens;
    const share = limit > 0 ? used / limit : 0;
    const described = l10n.t('Context: {0} of {1} tokens ({2}%) for the next question', used.toLocaleString(), limit.toLocaleString(), Math.round(share * 100));
    this.element.setAttribute('aria-valuemax', String(limit));
    this.element.setAttribute('aria-valuenow', String(Math.min(used, limit)));
    this.element.setAttribute('aria-label', described);
    this.element.title = described;
    this.label.textContent = `${compact(used)}/${compact(limit)}`;
    this.bar.style.setProperty('width', `${Math.min(100, share * 100).toFixed(1)}%`);
    this.element.classList.toggle('high', share >= HIGH_SHARE && share <= 1);
    this.element.classList.toggle('over', share > 1);
    const over = used > limit;
    this.warning.hidden = !over;
    if (over) {
      this.warningText.textContent = l10n.t(
        'With this question the request comes to about {0} tokens, more than the {1} the model takes. Start a new conversation, or send fewer earlier turns.',
        used.toLocaleString(),
        limit.toLocaleString(),
      );
      this.newConversation.textContent = actionTitles(l10n).newConversation;
      this.settings.textContent = actionTitles(l10n).openSettings;
    }
  }
}
