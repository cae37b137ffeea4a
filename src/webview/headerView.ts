// The top of the view: the missing-API-key banner, the service in use, and the host's notices (dismissable).
import type { ChatSnapshot, NoticeView } from '../shared/protocol';
import { button, h } from './element';
import type { ViewContext } from './viewContext';

export class HeaderView {
  readonly element: HTMLElement;
  private readonly banner = h('div', { className: 'banner', testId: 'api-key-banner', attrs: { role: 'alert' } });
  private readonly service = h('div', { className: 'service-status', testId: 'service-status' });
  private readonly notices = h('div', { className: 'notices' });
  private noticesKey = '';

  constructor(private readonly context: ViewContext) {
    this.element = h('header', { className: 'status-bar' }, this.banner, this.service, this.notices);
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
    this.service.textContent = snapshot.baseUrl === '' ? s.serviceNotConfigured : snapshot.baseUrl;
    this.service.title = snapshot.extensionVersion;
    this.renderNotices(snapshot.notices, s.close);
  }

  renderNotices(notices: readonly NoticeView[], closeLabel: string): void {
    const key = JSON.stringify([notices, closeLabel]);
    if (key === this.noticesKey) return;
    this.noticesKey = key;
    this.notices.replaceChildren(
      ...notices.map((notice) =>
        h(
          'div',
          { className: `notice notice-${notice.level}`, testId: 'notice', attrs: { role: notice.level === 'error' ? 'alert' : 'status' } },
          h('span', { className: 'notice-text', text: notice.text }),
          button('×', () => this.context.post({ type: 'dismissNotice', noticeId: notice.id }), {
            className: 'chip-remove',
            attrs: { 'aria-label': closeLabel },
          }),
        ),
      ),
    );
  }
}
