// Inline completions (ghost text) on VS Code's stable API over the engine (src/core/completions/, docs/completions.md).
// Asks nothing when completions are off (for the language too), without a service address or key (the status bar
// says why), for a document that is not a file or an untitled editor, or for a file the deny-list matches. Otherwise
// the engine is asked with the window around the cursor, a line or a block, the selected IntelliSense item and the
// editor's indentation; VS Code's cancellation aborts its wait and its request. The item's range is empty at the
// cursor (the selected item's range when there is one), so Tab, Escape and accept-word work as for any ghost text.
import * as vscode from 'vscode';
import type { CompletionEngine } from '../../core/completions/completionEngine';
import { completionMode, languageEnabled, selectedItem } from '../../core/completions/completionPlace';
import type { CompletionPrivacy } from '../../core/completions/completionPrivacy';
import type { readCompletionWindow } from '../../core/completions/completionWindow';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings/settings';
import { withAbortSignal } from '../withAbortSignal';

/** The engine's bundle, loaded on first use (completionRuntime.ts). */
export interface LoadedCompletions {
  readonly engine: CompletionEngine;
  /** The deny-list in use (the defaults and maas.completions.excludeFiles). */
  readonly privacy: () => CompletionPrivacy;
  readonly readWindow: typeof readCompletionWindow;
}

export interface InlineCompletionDeps {
  readonly settings: SettingsReader;
  readonly logger: Logger;
  readonly load: () => Promise<LoadedCompletions>;
  /** Whether a request could go now: an address and a key (the status bar shows why not). */
  readonly ready: () => Promise<boolean>;
}

export class MaasInlineCompletionProvider implements vscode.InlineCompletionItemProvider {
  constructor(private readonly deps: InlineCompletionDeps) {}

  async provideInlineCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    context: vscode.InlineCompletionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.InlineCompletionItem[] | undefined> {
    const settings = this.deps.settings.settings;
    if (!settings.completionsEnabled || !languageEnabled(settings.completionsLanguages, document.languageId)) return undefined;
    const { engine, privacy, readWindow } = await this.deps.load();
    const decision = privacy().decide({ scheme: document.uri.scheme, path: documentPath(document.uri), relativePath: relativePath(document.uri) });
    if (!decision.send || !(await this.deps.ready()) || token.isCancellationRequested) return undefined;
    const line = document.lineAt(position.line).text;
    const above = nearestNonBlankAbove(document, position.line);
    const info = context.selectedCompletionInfo;
    const selected = selectedItem(
      info && {
        text: info.text,
        startLine: info.range.start.line,
        startCharacter: info.range.start.character,
        endLine: info.range.end.line,
        endCharacter: info.range.end.character,
      },
      position,
    );
    const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
    const { insertSpaces, tabSize } = editor?.options ?? {};
    try {
      const suggestion = await withAbortSignal(token, (signal) =>
        engine.complete({
          path: decision.promptPath,
          language: document.languageId,
          window: readWindow({ lineCount: document.lineCount, lineAt: (n) => document.lineAt(n).text }, position),
          mode: completionMode(line, position.character, above),
          trigger: context.triggerKind === vscode.InlineCompletionTriggerKind.Invoke ? 'explicit' : 'automatic',
          ...(selected === undefined ? {} : { selected }),
          ...(typeof insertSpaces === 'boolean' && typeof tabSize === 'number' ? { indentation: { insertSpaces, tabSize } } : {}),
          signal,
        }),
      );
      if (suggestion === undefined || token.isCancellationRequested) return undefined;
      const range = new vscode.Range(position.translate(0, -suggestion.replaceBefore), position.translate(0, suggestion.replaceAfter));
      return [new vscode.InlineCompletionItem(suggestion.insertText, range)];
    } catch (error) {
      this.deps.logger.warn(`An inline completion failed: ${this.deps.logger.redact(error instanceof Error ? error.message : String(error))}`);
      return undefined;
    }
  }
}

/** The provider for files and untitled editors only: never output panes, settings, diff originals or virtual documents. */
export function registerInlineCompletions(provider: vscode.InlineCompletionItemProvider): vscode.Disposable {
  return vscode.languages.registerInlineCompletionItemProvider([{ scheme: 'file' }, { scheme: 'untitled' }], provider);
}

/** The file's path on disk; an untitled editor's name. */
function documentPath(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.path;
}

function relativePath(uri: vscode.Uri): string | undefined {
  if (uri.scheme !== 'file' || vscode.workspace.getWorkspaceFolder(uri) === undefined) return undefined;
  return vscode.workspace.asRelativePath(uri, false);
}

function nearestNonBlankAbove(document: vscode.TextDocument, line: number): string | undefined {
  for (let above = line - 1; above >= 0 && above >= line - 20; above--) {
    const text = document.lineAt(above).text;
    if (text.trim() !== '') return text;
  }
  return undefined;
}
