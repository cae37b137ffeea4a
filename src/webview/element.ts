// Builds DOM elements with text content only (never innerHTML): the one way the view creates its own markup.
export interface ElementOptions {
  readonly className?: string;
  readonly testId?: string;
  readonly text?: string;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className !== undefined) node.className = options.className;
  if (options.testId !== undefined) node.dataset.testid = options.testId;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attrs ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A `type=button` button (a bare button inside a form would submit it) with a click handler. */
export function button(text: string, onClick: (event: MouseEvent) => void, options: ElementOptions = {}): HTMLButtonElement {
  const node = h('button', { ...options, text });
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

/**
 * A compact button showing one of VS Code's codicons (the font VS Code itself uses); its label is its accessible
 * name and its tooltip.
 */
export function iconButton(icon: string, label: string, onClick: (event: MouseEvent) => void, options: ElementOptions = {}): HTMLButtonElement {
  const node = button('', onClick, { ...options, className: `icon-button${options.className === undefined ? '' : ` ${options.className}`}` });
  setIcon(node, icon, label);
  return node;
}

/** Changes an icon button's icon and label (Play becomes Pause, Copy becomes Copied). */
export function setIcon(node: HTMLElement, icon: string, label: string): void {
  if (node.dataset.icon !== icon) {
    node.replaceChildren(h('span', { className: `codicon codicon-${icon}`, attrs: { 'aria-hidden': 'true' } }));
    node.dataset.icon = icon;
  }
  node.setAttribute('aria-label', label);
  node.title = label;
}

/** Sets an attribute unless it already has that value: a write of the same value still invalidates the node's style. */
export function setAttribute(node: Element, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}
