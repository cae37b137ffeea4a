// A `vscode` module for unit tests and benches of the vscode layer: the API the language-model surfaces use, as VS Code at the
// manifest's floor (engines.vscode) has it, with the classes newer than the floor (LanguageModelDataPart,
// LanguageModelThinkingPart) only where a test adds them. `installFakeVscode` makes `require('vscode')` return it;
// modules under test are imported after it (dynamically), so they bind to it.
import Module from 'node:module';
import type * as vscode from 'vscode';
import { Emitter } from '../../src/core/emitter';

class Disposable {
  constructor(private readonly onDispose: () => void) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

/** l10n.t with VS Code's `{0}` placeholders, in English. */
function t(message: string, ...args: unknown[]): string {
  return message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)]));
}

export class LanguageModelTextPart {
  constructor(readonly value: string) {}
}
export class LanguageModelToolCallPart {
  constructor(
    readonly callId: string,
    readonly name: string,
    readonly input: object,
  ) {}
}
export class LanguageModelToolResultPart {
  constructor(
    readonly callId: string,
    readonly content: unknown[],
  ) {}
}
export class LanguageModelToolResult {
  constructor(readonly content: unknown[]) {}
}
/** VS Code 1.106+ (absent at the floor). */
export class LanguageModelDataPart {
  constructor(
    readonly data: Uint8Array,
    readonly mimeType: string,
  ) {}
}
/** VS Code 1.139 exports it (absent at the floor). */
export class LanguageModelThinkingPart {
  constructor(readonly value: string | string[]) {}
}

export interface RegisteredTool {
  invoke(options: unknown, token: unknown): Promise<unknown>;
  prepareInvocation?(options: unknown, token: unknown): unknown;
}

export interface ContentProvider {
  provideTextDocumentContent(uri: unknown): string | Promise<string>;
}

/** The fake API; `newer` adds the classes newer than the floor. */
export function fakeVscodeApi(newer: { dataPart?: boolean; thinkingPart?: boolean } = {}): Record<string, unknown> & {
  tools: Map<string, RegisteredTool>;
  contentProviders: Map<string, ContentProvider>;
} {
  const tools = new Map<string, RegisteredTool>();
  const contentProviders = new Map<string, ContentProvider>();
  return {
    tools,
    contentProviders,
    l10n: { t },
    env: { language: 'en' },
    // VS Code's EventEmitter has the shape of core's Emitter.
    EventEmitter: Emitter,
    Disposable,
    CancellationError: class CancellationError extends Error {},
    ThemeIcon: class ThemeIcon {
      constructor(readonly id: string) {}
    },
    Uri: { from: (parts: { scheme: string; path: string }) => ({ ...parts, toString: () => `${parts.scheme}:${parts.path}` }) },
    ChatRequestTurn: class ChatRequestTurn {},
    ChatResponseTurn: class ChatResponseTurn {},
    ChatResponseMarkdownPart: class ChatResponseMarkdownPart {},
    LanguageModelTextPart,
    LanguageModelToolCallPart,
    LanguageModelToolResultPart,
    LanguageModelToolResult,
    LanguageModelChatMessageRole: { User: 1, Assistant: 2 },
    LanguageModelChatToolMode: { Auto: 1, Required: 2 },
    LanguageModelError: class LanguageModelError extends Error {
      static NoPermissions(message: string): Error {
        return new Error(message);
      }
    },
    ...(newer.dataPart === true ? { LanguageModelDataPart } : {}),
    ...(newer.thinkingPart === true ? { LanguageModelThinkingPart } : {}),
    chat: { createChatParticipant: () => ({ dispose: () => undefined }) },
    workspace: {
      registerTextDocumentContentProvider: (scheme: string, provider: ContentProvider) => {
        contentProviders.set(scheme, provider);
        return new Disposable(() => contentProviders.delete(scheme));
      },
      // No setting is set: every value is its default.
      getConfiguration: () => ({ get: () => undefined, inspect: () => undefined }),
    },
    window: { withProgress: <T>(_options: unknown, task: () => Promise<T>): Promise<T> => task() },
    ProgressLocation: { Notification: 15 },
    commands: { executeCommand: () => Promise.resolve(undefined) },
    lm: {
      registerTool: (name: string, tool: RegisteredTool) => {
        tools.set(name, tool);
        return new Disposable(() => tools.delete(name));
      },
      invokeTool: async (name: string, options: unknown, token: unknown) => {
        const tool = tools.get(name);
        if (tool === undefined) throw new Error(`Unknown tool ${name}`);
        return tool.invoke(options, token);
      },
    },
  };
}

/** A chat response stream recording what is written to it: its Markdown pieces, references and buttons. */
export function recordingChatStream(): { stream: vscode.ChatResponseStream; markdown: string[]; references: unknown[]; buttons: vscode.Command[] } {
  const markdown: string[] = [];
  const references: unknown[] = [];
  const buttons: vscode.Command[] = [];
  const stream = {
    markdown: (text: string) => markdown.push(text),
    reference: (value: unknown) => references.push(value),
    button: (command: vscode.Command) => buttons.push(command),
    progress: () => undefined,
  };
  return { stream: stream as unknown as vscode.ChatResponseStream, markdown, references, buttons };
}

const FAKE_ID = 'vscode';
let installed = false;

/** Makes `require('vscode')` return `api` (the last one installed; modules bind to it when they are first loaded). */
export function installFakeVscode(api: Record<string, unknown>): void {
  const loader = Module as unknown as {
    _resolveFilename: (request: string, ...rest: unknown[]) => string;
    _cache: Record<string, unknown>;
  };
  if (!installed) {
    const resolve = loader._resolveFilename;
    loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
      return request === FAKE_ID ? FAKE_ID : resolve.call(this, request, ...rest);
    };
    installed = true;
  }
  loader._cache[FAKE_ID] = { id: FAKE_ID, filename: FAKE_ID, loaded: true, exports: api };
}
