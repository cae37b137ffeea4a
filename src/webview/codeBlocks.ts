// Wraps each rendered code block with its toolbar (Copy, Insert at cursor, Open in editor). The buttons carry no
// handlers: the transcript handles their clicks by delegation and reads the code from the block itself.
import * as l10n from '@vscode/l10n';
import { h, iconButton } from './element';

export type CodeAction = 'copy' | 'insert' | 'open';

export function decorateCodeBlocks(root: DocumentFragment): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const toolbar = h('div', { className: 'code-toolbar', attrs: { role: 'toolbar', 'aria-label': l10n.t('Code block actions') } });
    const language = codeLanguage(pre);
    if (language !== '') toolbar.append(h('span', { className: 'code-language', text: language }));
    const actions: readonly [CodeAction, string, string, string][] = [
      ['copy', 'copy', l10n.t('Copy'), 'code-copy'],
      ['insert', 'insert', l10n.t('Insert at cursor'), 'code-insert'],
      ['open', 'go-to-file', l10n.t('Open in editor'), 'code-open'],
    ];
    for (const [action, icon, label, testId] of actions) {
      const control = iconButton(icon, label, () => undefined, { className: 'code-action', testId });
      control.dataset.codeAction = action;
      toolbar.append(control);
    }
    // A long line scrolls sideways: the block takes focus so the keyboard can scroll it (as GitHub's code blocks do).
    pre.tabIndex = 0;
    const wrapper = h('div', { className: 'code-block' });
    pre.replaceWith(wrapper);
    wrapper.append(toolbar, pre);
  }
}

export function codeLanguage(pre: Element): string {
  const code = pre.querySelector('code');
  const match = /(?:^|\s)language-(\S+)/.exec(code?.className ?? '');
  return match?.[1] ?? '';
}

/** The block's code as the model wrote it (markdown-it ends every fence's content with a newline). */
export function codeText(pre: Element): string {
  return (pre.querySelector('code')?.textContent ?? '').replace(/\n$/, '');
}
