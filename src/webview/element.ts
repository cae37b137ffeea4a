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
