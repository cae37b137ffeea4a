// Delegated handling of what a rendered answer holds: links (never followed by the webview: the host opens them)
// and the code blocks' buttons (copy, insert at cursor, open in editor), for the whole transcript in one listener.
import * as l10n from '@vscode/l10n';
import { codeLanguage, codeText } from './codeBlocks';
import { showCopied } from './copyFeedback';
import type { ViewContext } from './viewContext';

export function handleAnswerClicks(root: HTMLElement, context: ViewContext): void {
  root.addEventListener('click', (event) => onClick(event, root, context));
  root.addEventListener('auxclick', (event) => {
    if (event.target instanceof Element && event.target.closest('a') !== null) event.preventDefault();
  });
}

function onClick(event: MouseEvent, root: HTMLElement, context: ViewContext): void {
  if (!(event.target instanceof Element)) return;
  const link = event.target.closest('a');
  if (link !== null && root.contains(link)) {
    // Model output never navigates the webview: the host decides what to do with the link.
    event.preventDefault();
    const href = link.getAttribute('href');
    if (href !== null && href !== '') context.post({ type: 'openLink', href });
    return;
  }
  const control = event.target.closest<HTMLElement>('[data-code-action]');
  const pre = control?.closest('.code-block')?.querySelector('pre');
  if (control === null || pre === null || pre === undefined) return;
  const code = codeText(pre);
  switch (control.dataset.codeAction) {
    case 'copy':
      context.post({ type: 'copyText', text: code });
      showCopied(control, l10n.t('Copied'), l10n.t('Copy'));
      break;
    case 'insert':
      context.post({ type: 'insertCode', code });
      break;
    case 'open':
      context.post({ type: 'openCode', code, language: codeLanguage(pre).slice(0, 64) });
      break;
    default:
      // Not one of the code block's buttons: nothing to do.
      break;
  }
}
