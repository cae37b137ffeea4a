// Ends every switch over a union of the protocol (or of the view's own changes) in the webview: a new member is a
// compile error until it is handled. The host's twin is in src/shared/protocol.ts, whose runtime code the webview
// bundle does not import (only its types reach the webview).
export function assertNever(value: never, what: string): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
