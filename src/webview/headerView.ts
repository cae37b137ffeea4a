// The top of the view: what stops the chat from working (no API key; no or an invalid service address, with the
// button that fixes it) and the host's notices (each with its action, dismissable). The address in use is not
// shown here (the parameters panel names it): a working chat spends no room on it.
import * as l10n from '@vscode/l10n';
import { actionTitles } from '../shared/chatWords';
import type { ChatSnapshot, NoticeView } from '../shared/protocol';
import { button, h, iconButton } from './element';
import type { ViewContext } from './viewContext';

export class HeaderView {
  readonly element: HTMLElement;
  private readonly banner = h('div', { className: 'banner', testId: 'api-key-banner', attrs: { role: 'alert' } });
  private readonly serviceBanner = h('div', { className: 'banner', testId: 'service-banner', attrs: { role: 'alert' } });
  private serviceKey = '';
  private readonly notices = h('div', { className: 'notices' });
  private noticesKey = '';

  constructor(private readonly context: ViewContext) {
    this.element = h('header', { className: 'status-bar' }, this.serviceBanner, this.banner, this.notices);
  }

  render(snapshot: ChatSnapshot): void {
    this.banner.hidden = snapshot.apiKeyState !== 'missing';
    if (!this.banner.hidden && this.banner.childElementCount === 0) {
      this.banner.append(
        h('span', { className: 'banner-text' }),
        button('', () => this.context.post({ type: 'runCommand', command: 'setApiKey' }), { testId: 'set-api-key' }),
      );
    }
    const [text, action] = Array.from(this.banner.children);
    if (text !== undefined) text.textContent = l10n.t('No API key is set. Set the key you created in the service console to start chatting.');
    if (action !== undefined) action.textContent = actionTitles(l10n).setApiKey;
    this.renderService(snapshot);
    this.renderNotices(snapshot.notices);
  }

  /** No address, or one that is not an http(s) URL (quoted as written), with Open Settings. */
  private renderService(snapshot: ChatSnapshot): void {
    const problem =
      snapshot.baseUrlProblem !== undefined
        ? l10n.t('The service address in maas.baseUrl is not an http:// or https:// URL: “{0}”.', snapshot.baseUrlProblem)
        : snapshot.baseUrl === ''
          ? l10n.t('Service address not configured (maas.baseUrl)')
          : '';
    const key = JSON.stringify([problem, actionTitles(l10n).openSettings]);
    if (key === this.serviceKey) return;
    this.serviceKey = key;
    this.serviceBanner.hidden = problem === '';
    this.serviceBanner.replaceChildren(
      ...(problem === ''
        ? []
        : [
            h('span', { className: 'banner-text', text: problem }),
            button(actionTitles(l10n).openSettings, () => this.context.post({ type: 'runCommand', command: 'openSettings' }), { testId: 'open-settings' }),
          ]),
    );
  }

  renderNotices(notices: readonly NoticeView[]): void {
    const key = JSON.stringify([notices, l10n.t('Close'), actionTitles(l10n).openSettings]);
    if (key === this.noticesKey) return;
    this.noticesKey = key;
    this.notices.replaceChildren(...notices.map((notice) => this.notice(notice)));
  }

  private notice(notice: NoticeView): HTMLElement {
    const action = notice.action;
    return h(
      'div',
      { className: `notice notice-${notice.level}`, testId: 'notice', attrs: { role: notice.level === 'error' ? 'alert' : 'status' } },
      h('span', { className: 'notice-text', text: notice.text }),
      ...(action === undefined || action === 'retry'
        ? []
        : [
            button(actionTitles(l10n)[action], () => this.context.post({ type: 'runCommand', command: action }), {
              className: 'secondary',
              testId: 'notice-action',
            }),
          ]),
      iconButton('close', l10n.t('Close'), () => this.context.post({ type: 'dismissNotice', noticeId: notice.id }), { className: 'chip-remove' }),
    );
  }
}
