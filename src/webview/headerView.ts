// The top of the view: what stops the chat from working (no API key; no or an invalid service address, with the
// button that fixes it) and the host's notices (each with its action, dismissable). The address in use is not
// shown here (the parameters panel names it): a working chat spends no room on it.
import type { ChatSnapshot, NoticeView, WebviewStrings } from '../shared/protocol';
import { button, h, iconButton } from './element';
import { formatString } from '../shared/formatString';
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
    const s = snapshot.strings;
    this.banner.hidden = snapshot.apiKeyState !== 'missing';
    if (!this.banner.hidden && this.banner.childElementCount === 0) {
      this.banner.append(
        h('span', { className: 'banner-text' }),
        button('', () => this.context.post({ type: 'runCommand', command: 'setApiKey' }), { testId: 'set-api-key' }),
      );
    }
    const [text, action] = Array.from(this.banner.children);
    if (text !== undefined) text.textContent = s.apiKeyMissing;
    if (action !== undefined) action.textContent = s.setApiKey;
    this.renderService(snapshot, s);
    this.renderNotices(snapshot.notices, s);
  }

  /** No address, or one that is not an http(s) URL (quoted as written), with Open Settings. */
  private renderService(snapshot: ChatSnapshot, s: WebviewStrings): void {
    const problem =
      snapshot.baseUrlProblem !== undefined ? formatString(s.baseUrlInvalid, snapshot.baseUrlProblem) : snapshot.baseUrl === '' ? s.serviceNotConfigured : '';
    const key = JSON.stringify([problem, s.openSettings]);
    if (key === this.serviceKey) return;
    this.serviceKey = key;
    this.serviceBanner.hidden = problem === '';
    this.serviceBanner.replaceChildren(
      ...(problem === ''
        ? []
        : [
            h('span', { className: 'banner-text', text: problem }),
            button(s.openSettings, () => this.context.post({ type: 'runCommand', command: 'openSettings' }), { testId: 'open-settings' }),
          ]),
    );
  }

  renderNotices(notices: readonly NoticeView[], s: WebviewStrings): void {
    const key = JSON.stringify([notices, s.close, s.openSettings]);
    if (key === this.noticesKey) return;
    this.noticesKey = key;
    this.notices.replaceChildren(...notices.map((notice) => this.notice(notice, s)));
  }

  private notice(notice: NoticeView, s: WebviewStrings): HTMLElement {
    const action = notice.action;
    return h(
      'div',
      { className: `notice notice-${notice.level}`, testId: 'notice', attrs: { role: notice.level === 'error' ? 'alert' : 'status' } },
      h('span', { className: 'notice-text', text: notice.text }),
      ...(action === undefined || action === 'retry'
        ? []
        : [button(s[action], () => this.context.post({ type: 'runCommand', command: action }), { className: 'secondary', testId: 'notice-action' })]),
      iconButton('close', s.close, () => this.context.post({ type: 'dismissNotice', noticeId: notice.id }), { className: 'chip-remove' }),
    );
  }
}
