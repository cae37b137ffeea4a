// A Prompter for in-host tests: answers pickers, input boxes and dialogs from a script, in order, and records every
// message the user would see (the test hook's setPrompter puts it in place of the real VS Code prompts).
import type * as vscode from 'vscode';
import type { Prompter } from '../../src/vscode/prompter';

/** Scripted as an input box's answer: take the box's default value. */
export const DEFAULT_VALUE = Symbol('take the input box default');

/** Answers prompts from a script, in order, and records every message shown. */
export class ScriptedPrompter implements Prompter {
  readonly messages: Array<{ level: string; text: string }> = [];
  /** The buttons each message offered, by the message's text (a message without buttons is not listed). */
  readonly offered = new Map<string, readonly string[]>();
  readonly answers: unknown[] = [];
  readonly asked: string[] = [];
  readonly modals: Array<{ message: string; detail: string }> = [];

  script(...answers: unknown[]): this {
    this.answers.push(...answers);
    return this;
  }

  private next<T>(what: string): Promise<T> {
    this.asked.push(what);
    return Promise.resolve(this.answers.shift() as T);
  }

  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options?: vscode.QuickPickOptions): Promise<never> {
    this.asked.push(`pick:${options?.title ?? ''}`);
    const answer = this.answers.shift();
    const choose = typeof answer === 'function' ? (answer as (items: readonly T[]) => unknown)(items) : answer;
    return Promise.resolve(choose as never);
  }
  showInputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const answer = this.answers[0];
    if (answer === DEFAULT_VALUE) {
      this.answers.shift();
      this.asked.push(`input:${options.title ?? ''}`);
      return Promise.resolve(options.value);
    }
    if (typeof answer === 'function') {
      // An answer computed from the box: the test can type into its validation before it answers.
      this.answers.shift();
      this.asked.push(`input:${options.title ?? ''}`);
      return Promise.resolve((answer as (options: vscode.InputBoxOptions) => Promise<string | undefined> | string | undefined)(options));
    }
    return this.next(`input:${options.title ?? ''}`);
  }
  private message(level: string, text: string, actions: readonly string[]): Promise<string | undefined> {
    this.messages.push({ level, text });
    if (actions.length > 0) this.offered.set(text, actions);
    return Promise.resolve(undefined);
  }
  showInformationMessage(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.message('info', message, actions);
  }
  showWarningMessage(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.message('warning', message, actions);
  }
  showErrorMessage(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.message('error', message, actions);
  }
  /** A modal is answered from the script like a picker (the action's title, or undefined for Cancel) and recorded. */
  showModalWarning(message: string, detail: string): Promise<string | undefined> {
    this.modals.push({ message, detail });
    return this.next(`modal:${message}`);
  }
  showSaveDialog(): Promise<vscode.Uri | undefined> {
    return this.next('save');
  }
  showOpenDialog(): Promise<vscode.Uri[] | undefined> {
    return this.next('open');
  }
}
