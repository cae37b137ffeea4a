// The visible answer to a Copy click: the button reads "Copied" for a moment, then its label comes back. The host
// does the copying (clipboard access is the host's); the view only confirms the click was taken.
const feedbackMs = 1500;
const timers = new WeakMap<HTMLElement, number>();

export function showCopied(control: HTMLElement, copiedLabel: string, label: string): void {
  const previous = timers.get(control);
  if (previous !== undefined) clearTimeout(previous);
  control.textContent = copiedLabel;
  control.classList.add('copied');
  timers.set(
    control,
    window.setTimeout(() => {
      timers.delete(control);
      control.textContent = label;
      control.classList.remove('copied');
    }, feedbackMs),
  );
}
