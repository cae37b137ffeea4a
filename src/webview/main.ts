// The chat view's browser program: says `ready`, mirrors the host's state (snapshot, deltas, turn updates,
// notices) and turns the user's actions into intents. Never imports vscode, node or core (enforced by the linter).
// Its words come from @vscode/l10n, given the UI language's bundle that the host put in the page (webviewHtml.ts).
import * as l10n from '@vscode/l10n';
import type { HostToWebview, WebviewToHost } from '../shared/protocol';
import { ChatApp, type PersistedState } from './chatApp';
import { createMarkdownEngine } from './markdownEngine';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: PersistedState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const bundle = document.querySelector<HTMLMetaElement>('meta[name="l10n-bundle"]')?.content;
if (bundle !== undefined) l10n.config({ contents: bundle });
const vscode = acquireVsCodeApi();
const root = document.getElementById('app') ?? document.body;

function persisted(): PersistedState {
  const state = vscode.getState();
  if (typeof state !== 'object' || state === null) return {};
  const { draft, conversationsOpen, search } = state as Record<string, unknown>;
  return {
    draft: typeof draft === 'string' ? draft : undefined,
    conversationsOpen: typeof conversationsOpen === 'boolean' ? conversationsOpen : undefined,
    search: typeof search === 'string' ? search : undefined,
  };
}

const app = new ChatApp(
  root,
  {
    md: createMarkdownEngine(),
    post: (message) => vscode.postMessage(message),
    lang: document.documentElement.lang || navigator.language,
  },
  persisted(),
  (state) => vscode.setState(state),
);

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  // Only messages shaped like the protocol's events are considered; the host is the only sender.
  if (typeof message !== 'object' || message === null || typeof (message as { type?: unknown }).type !== 'string') return;
  const typed = message as HostToWebview;
  try {
    app.receive(typed);
  } catch (error) {
    // A message type this view does not handle (assertNever): dropped, and the view keeps working.
    console.warn('Dropped a message from the host', error);
  }
});

vscode.postMessage({ type: 'ready' });
