// The webview's strings as the host sends them in an English UI: the host's own table
// (src/vscode/chat/webviewStrings.ts), each message as written, placeholders left for the webview to fill.
import type { WebviewStrings } from '../../src/shared/protocol';
import { webviewStrings } from '../../src/vscode/chat/webviewStrings';

export const englishStrings: WebviewStrings = webviewStrings({ t: (message) => message });
