// The chat view's browser program. It mirrors the host's state: it says `ready`, renders each snapshot it
// receives, and turns clicks into intents. It never imports vscode, node or core (enforced by the linter).
import type { ChatSnapshot, HostToWebview, WebviewToHost } from '../shared/protocol';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app');

function post(message: WebviewToHost): void {
  vscode.postMessage(message);
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className !== undefined) node.className = className;
  return node;
}

function row(list: HTMLDListElement, label: string, value: string, testId: string): void {
  const term = element('dt', label);
  const detail = element('dd', value);
  detail.dataset.testid = testId;
  list.append(term, detail);
}

function render(snapshot: ChatSnapshot): void {
  if (app === null) return;
  const s = snapshot.strings;
  const heading = element('h1', s.title);
  const status = element('dl', undefined, 'status');
  status.dataset.testid = 'snapshot';
  row(status, s.apiKeyLabel, snapshot.apiKeyState === 'set' ? s.apiKeySet : s.apiKeyMissing, 'api-key-state');
  row(status, s.serviceLabel, snapshot.baseUrl === '' ? s.serviceNotConfigured : snapshot.baseUrl, 'base-url');
  row(status, s.chatModelLabel, snapshot.models.chat, 'chat-model');
  row(status, s.visionModelLabel, snapshot.models.vision, 'vision-model');

  const actions = element('div', undefined, 'actions');
  const setKey = element('button', s.setApiKey);
  setKey.type = 'button';
  setKey.addEventListener('click', () => post({ type: 'runCommand', command: 'setApiKey' }));
  const logs = element('button', s.showLogs, 'secondary');
  logs.type = 'button';
  logs.addEventListener('click', () => post({ type: 'runCommand', command: 'showLogs' }));
  actions.append(setKey, logs);

  app.replaceChildren(heading, status, actions);
  app.setAttribute('aria-busy', 'false');
  app.dataset.version = snapshot.extensionVersion;
}

window.addEventListener('message', (event: MessageEvent<HostToWebview>) => {
  const message = event.data;
  if (message.type === 'snapshot') render(message.snapshot);
});

post({ type: 'ready' });
