// What the in-host suites share: the extension's test hook, and the local service the harness started for them
// (its address, key and speech credentials arrive in MAAS_HOST_TEST_SERVICE).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Turn } from '../../src/core/conversations/conversationModel';
import { findTurn, type ConversationsState } from '../../src/core/conversations/conversationsState';
import { isLive } from '../../src/shared/turnStatus';
import type { HostToWebview } from '../../src/shared/protocol';
import type { MaasTestHook } from '../../src/vscode/activation/testHook';

export interface ServiceInfo {
  readonly baseUrl: string;
  readonly altBaseUrl: string;
  readonly key: string;
  readonly speech: { appkey: string; token: string };
}

export const service = JSON.parse(process.env.MAAS_HOST_TEST_SERVICE ?? '{}') as ServiceInfo;

export async function hook(): Promise<MaasTestHook> {
  const value = await vscode.extensions.getExtension<MaasTestHook | undefined>('maas-assistant.maas-assistant')?.activate();
  assert.ok(value, 'the test hook');
  return value;
}

/** Calls the local service's console or test API: GET without a body, POST with one. */
export async function api<T>(route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.baseUrl}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${route}: ${response.status}`);
  return (await response.json()) as T;
}

/** The conversations as the host holds them, once the history is loaded. */
export async function chatState(h: MaasTestHook): Promise<ConversationsState> {
  await h.chat.session.refresh(); // as the view's `ready` does: it resolves once the history is loaded
  return h.chat.session.state.current.conversations;
}

/** Asks a question in the active conversation, as the chat view's Send does; resolves with the turn id. */
export async function askChat(h: MaasTestHook, question: string): Promise<string> {
  return (await h.chat.session.send(question, [])) ?? '';
}

/** The texts of the notices the view shows now. */
export function shownNotices(h: MaasTestHook): string[] {
  const { notices, conversations } = h.chat.session.state.current;
  return notices.visibleIn(conversations.activeId).map((notice) => notice.text);
}

/** Starts recording what the host posts to the chat view (while one is open), until disposed. */
export function recordView(h: MaasTestHook): { readonly messages: readonly HostToWebview[]; dispose(): void } {
  const messages: HostToWebview[] = [];
  const subscription = h.chat.session.onDidEmit((message) => messages.push(message));
  return { messages, dispose: () => subscription.dispose() };
}

/**
 * Resolves with the turn, as the host stores it, once it has finished (any status but pending or streaming): it
 * follows the session's state, so it is told of the change that ends the turn.
 */
export async function finished(h: MaasTestHook, turnId: string): Promise<Turn> {
  const { session } = h.chat;
  await session.refresh();
  const ended = (): Turn | undefined => {
    const turn = findTurn(session.state.current.conversations, turnId)?.turn;
    return turn !== undefined && !isLive(turn.status) ? turn : undefined;
  };
  return (
    ended() ??
    new Promise<Turn>((resolve, reject) => {
      const deadline = setTimeout(() => {
        following.dispose();
        reject(
          new Error(
            `timed out after 30000 ms waiting for turn ${turnId} to finish (last seen: ${findTurn(session.state.current.conversations, turnId)?.turn.status ?? 'no such turn'})`,
          ),
        );
      }, 30_000);
      const following = session.state.onDidChange(() => {
        const turn = ended();
        if (turn === undefined) return;
        clearTimeout(deadline);
        following.dispose();
        resolve(turn);
      });
    })
  );
}
