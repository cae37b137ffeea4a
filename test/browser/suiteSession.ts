// One webview session (server + Chromium) for a whole describe block: started before its tests, closed after.
import { after, before } from 'node:test';
import { startSession, type WebviewSession } from './webviewHarness';
import type { WebviewServerOptions } from './webviewServer';

/** Registers the suite's start and close; the returned getter gives the session inside the suite's tests. */
export function suiteSession(options: WebviewServerOptions = {}): () => WebviewSession {
  let session: WebviewSession | undefined;
  before(async () => {
    session = await startSession(options);
  });
  after(async () => {
    await session?.close();
  });
  return () => {
    if (session === undefined) throw new Error('The suite session is used before its start or after its close.');
    return session;
  };
}
