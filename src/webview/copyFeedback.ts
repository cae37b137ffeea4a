// The visible answer to a Copy click: the button reads "Copied" (an icon button shows a check and says "Copied" to
// screen readers) for a moment, then comes back. The host does the copying (clipboard access is the host's); the
// view only confirms the click was taken.
import { setIcon } from './element';

const feedbackMs = 1500;
const timers = new WeakMap<HTMLElement, number>();
/** The icon a button had before its feedback (a second click during the feedback must not keep the check). */
const icons = new WeakMap<HTMLElement, string>();

export function showCopied(control: HTMLElement, copiedLabel: string, label: string): void {
  const previous = timers.get(control);
  if (previous !== undefined) clearTimeout(previous);
  const icon = icons.get(control) ?? control.dataset.icon;
  if (icon !== undefined) {
    icons.set(control, icon);
    setIcon(control, 'check', copiedLabel);
  } else control.textContent = copiedLabel;
  control.classList.add('copied');
  timers.set(
    control,
    window.setTimeout(() => {
      timers.delete(control);
      icons.delete(control);
      if (icon !== undefined) setIcon(control, icon, label);
      else control.textContent = label;
      control.classList.remove('copied');
    }, feedbackMs),
  );
}
