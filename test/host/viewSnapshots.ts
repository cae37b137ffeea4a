// The chat view's snapshots as the in-host suites read them: what the host sends a view that (re)loads.
import assert from 'node:assert/strict';
import type { HostToWebview } from '../../src/shared/protocol';
import type { MaasTestHook } from '../../src/vscode/activation/testHook';
import { waitFor } from '../harness/waitFor';

export type ViewSnapshot = Extract<HostToWebview, { type: 'snapshot' }>['snapshot'];

export function lastSnapshot(messages: readonly HostToWebview[]): ViewSnapshot {
  const last = messages.filter((m) => m.type === 'snapshot').at(-1);
  assert.ok(last?.type === 'snapshot', 'the view got a snapshot');
  return last.snapshot;
}

/** Asks the host for snapshots (as a reloading view does) until one satisfies `ok`: settings apply asynchronously. */
export async function snapshotWhere(h: MaasTestHook, ok: (snapshot: ViewSnapshot) => boolean): Promise<ViewSnapshot> {
  const record = h.chat.recordView();
  try {
    // The caller asserts on what arrived, so a snapshot that never fits is returned for its message.
    return await waitFor(
      async () => {
        await h.chat.fromView({ type: 'ready' });
        const snapshot = lastSnapshot(record.messages);
        return ok(snapshot) ? snapshot : undefined;
      },
      { what: 'a snapshot showing the change', timeoutMs: 5000, intervalMs: 100 },
    ).catch(() => lastSnapshot(record.messages));
  } finally {
    record.dispose();
  }
}
