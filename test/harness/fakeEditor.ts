// The editor part of the fake `vscode` module (fakeVscode.ts), for the inline-completion provider's unit tests:
// positions and ranges, documents made from text, the inline-completion classes, status bar items that record what
// they show, the provider registrations, the workspace folder, and the notifications shown (the tests assert none).
import type * as vscode from 'vscode';
import { Emitter } from '../../src/core/emitter';

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
  translate(lineDelta = 0, characterDelta = 0): Position {
    return new Position(this.line + lineDelta, this.character + characterDelta);
  }
}

export class Range {
  constructor(
    readonly start: Position,
    readonly end: Position,
  ) {}
}

export class InlineCompletionItem {
  constructor(
    readonly insertText: string,
    readonly range?: Range,
  ) {}
}

export class FakeStatusBarItem {
  text = '';
  tooltip: string | undefined;
  name: string | undefined;
  command: string | undefined;
  visible = false;
  constructor(readonly id: string) {}
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  dispose(): void {
    this.visible = false;
  }
}

/** A document of `text` at `uri` (`scheme:path`; `file:` paths are absolute). */
export function fakeDocument(uri: string, languageId: string, text: string): vscode.TextDocument {
  const scheme = uri.slice(0, uri.indexOf(':'));
  const path = uri.slice(uri.indexOf(':') + 1);
  const lines = text.split('\n');
  return {
    uri: { scheme, path, fsPath: path, toString: () => uri },
    languageId,
    lineCount: lines.length,
    lineAt: (line: number) => {
      const lineText = lines[line];
      if (lineText === undefined) throw new Error(`Illegal value for line ${line}`);
      return { text: lineText };
    },
    getText: () => text,
  } as unknown as vscode.TextDocument;
}

export interface EditorWorld {
  readonly statusItems: FakeStatusBarItem[];
  readonly providers: Array<{ selector: unknown; provider: vscode.InlineCompletionItemProvider }>;
  /** Every notification shown (warning, error, information). */
  readonly notifications: string[];
  /** The workspace folder's path: files under it are named by their relative path. */
  workspaceFolder: string;
}

/** The editor API, to spread into fakeVscodeApi()'s (its `window` and `workspace` are merged with these). */
export function fakeEditorApi(base: Record<string, unknown>): { api: Record<string, unknown>; world: EditorWorld } {
  const world: EditorWorld = { statusItems: [], providers: [], notifications: [], workspaceFolder: '/projects/shop' };
  const inFolder = (uri: { scheme: string; fsPath: string }): boolean => uri.scheme === 'file' && uri.fsPath.startsWith(`${world.workspaceFolder}/`);
  const notify = (message: string): Promise<undefined> => {
    world.notifications.push(message);
    return Promise.resolve(undefined);
  };
  const api = {
    ...base,
    Position,
    Range,
    InlineCompletionItem,
    InlineCompletionTriggerKind: { Invoke: 0, Automatic: 1 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    window: {
      ...(base.window as object),
      visibleTextEditors: [],
      createStatusBarItem: (id: string) => {
        const item = new FakeStatusBarItem(id);
        world.statusItems.push(item);
        return item;
      },
      setStatusBarMessage: () => ({ dispose: () => undefined }),
      showWarningMessage: notify,
      showErrorMessage: notify,
      showInformationMessage: notify,
    },
    workspace: {
      ...(base.workspace as object),
      onDidChangeConfiguration: new Emitter<unknown>().event,
      getWorkspaceFolder: (uri: { scheme: string; fsPath: string }) => (inFolder(uri) ? { uri: { fsPath: world.workspaceFolder } } : undefined),
      asRelativePath: (uri: { fsPath: string }) => uri.fsPath.slice(world.workspaceFolder.length + 1),
    },
    languages: {
      registerInlineCompletionItemProvider: (selector: unknown, provider: vscode.InlineCompletionItemProvider) => {
        const entry = { selector, provider };
        world.providers.push(entry);
        return { dispose: () => world.providers.splice(world.providers.indexOf(entry), 1) };
      },
    },
  };
  return { api, world };
}

/** A cancellation token the test cancels. */
export function cancellation(): { token: vscode.CancellationToken; cancel(): void } {
  const emitter = new Emitter<void>();
  const token = { isCancellationRequested: false, onCancellationRequested: emitter.event };
  return {
    token: token as unknown as vscode.CancellationToken,
    cancel: () => {
      token.isCancellationRequested = true;
      emitter.fire();
    },
  };
}
