// Every prompt the feature commands show (pickers, input boxes, messages, file dialogs) goes through this port,
// so in-host tests can script the answers and observe the messages without a person at the keyboard.
import * as vscode from 'vscode';

export interface Prompter {
  showQuickPick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: vscode.QuickPickOptions & { canPickMany: true },
  ): Promise<readonly T[] | undefined>;
  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options?: vscode.QuickPickOptions): Promise<T | undefined>;
  showInputBox(options: vscode.InputBoxOptions): Promise<string | undefined>;
  showInformationMessage(message: string, ...actions: string[]): Promise<string | undefined>;
  showWarningMessage(message: string, ...actions: string[]): Promise<string | undefined>;
  showErrorMessage(message: string, ...actions: string[]): Promise<string | undefined>;
  /** A modal warning (it blocks the window until answered; Cancel is added by VS Code): resolves with the action chosen. */
  showModalWarning(message: string, detail: string, ...actions: string[]): Promise<string | undefined>;
  showSaveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined>;
  showOpenDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined>;
}

/** The real prompts of the VS Code window. */
const windowPrompter: Prompter = {
  showQuickPick: ((items: readonly vscode.QuickPickItem[], options?: vscode.QuickPickOptions) =>
    Promise.resolve(vscode.window.showQuickPick([...items], options))) as Prompter['showQuickPick'],
  showInputBox: (options) => Promise.resolve(vscode.window.showInputBox(options)),
  showInformationMessage: (message, ...actions) => Promise.resolve(vscode.window.showInformationMessage(message, ...actions)),
  showWarningMessage: (message, ...actions) => Promise.resolve(vscode.window.showWarningMessage(message, ...actions)),
  showErrorMessage: (message, ...actions) => Promise.resolve(vscode.window.showErrorMessage(message, ...actions)),
  showModalWarning: (message, detail, ...actions) => Promise.resolve(vscode.window.showWarningMessage(message, { modal: true, detail }, ...actions)),
  showSaveDialog: (options) => Promise.resolve(vscode.window.showSaveDialog(options)),
  showOpenDialog: (options) => Promise.resolve(vscode.window.showOpenDialog(options)),
};

/** Holds the prompter in use; the test hook swaps in a scripted one. */
export class PrompterSlot implements Prompter {
  private current: Prompter = windowPrompter;

  use(prompter: Prompter | undefined): void {
    this.current = prompter ?? windowPrompter;
  }

  showQuickPick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: vscode.QuickPickOptions & { canPickMany: true },
  ): Promise<readonly T[] | undefined>;
  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options?: vscode.QuickPickOptions): Promise<T | undefined>;
  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options?: vscode.QuickPickOptions): Promise<T | readonly T[] | undefined> {
    return this.current.showQuickPick(items, options);
  }
  showInputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    return this.current.showInputBox(options);
  }
  showInformationMessage(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.showInformationMessage(message, ...actions);
  }
  showWarningMessage(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.showWarningMessage(message, ...actions);
  }
  showErrorMessage(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.showErrorMessage(message, ...actions);
  }
  showModalWarning(message: string, detail: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.showModalWarning(message, detail, ...actions);
  }
  showSaveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    return this.current.showSaveDialog(options);
  }
  showOpenDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    return this.current.showOpenDialog(options);
  }
}
