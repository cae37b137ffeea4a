// Helpers of the in-host feature suites: signing in to the local service, a scripted prompter, image files on
// disk, an editor with text, WAV checks.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import * as vscode from 'vscode';
import { hook, service } from './hostService';
import { DEFAULT_VALUE, ScriptedPrompter } from './scriptedPrompter';

/** Gives the extension the local service's API key and, unless told otherwise, its speech credentials. */
export async function signIn(speech = true): Promise<void> {
  const h = await hook();
  await h.apiKey.set(service.key);
  if (speech) await h.speech.setCredentials(service.speech);
}

/** A new scripted prompter, installed as the extension's: the test answers its pickers and boxes. */
export async function freshPrompter(): Promise<ScriptedPrompter> {
  const prompter = new ScriptedPrompter();
  (await hook()).setPrompter(prompter);
  return prompter;
}

/** Scripts Ask Knowledge Base's three prompts: the knowledge base `baseId`, the question as offered, strict mode. */
export function scriptStrictKnowledgeBase(prompter: ScriptedPrompter, baseId: number): void {
  prompter.script(
    (items: readonly { base: { id: number } }[]) => items.filter((i) => i.base.id === baseId),
    DEFAULT_VALUE,
    (items: readonly { mode: string }[]) => items.find((i) => i.mode === 'strict'),
  );
}

export function pngFile(dir: string, name: string, width: number, height: number, rgb: [number, number, number]): vscode.Uri {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  const file = path.join(dir, name);
  writeFileSync(file, PNG.sync.write(png));
  return vscode.Uri.file(file);
}

export async function editorWith(content: string, select: 'all' | 'none'): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'markdown', content }));
  const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
  editor.selection = select === 'all' ? new vscode.Selection(new vscode.Position(0, 0), end) : new vscode.Selection(0, 0, 0, 0);
  return editor;
}

export function isRiffWave(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.subarray(0, 12)).toString('latin1');
  return text.startsWith('RIFF') && text.endsWith('WAVE') && bytes.length > 44;
}

/** What @maas wrote to VS Code's chat: its Markdown pieces in order, its progress lines, buttons and references. */
export interface RecordedChatStream {
  readonly stream: vscode.ChatResponseStream;
  readonly pieces: string[];
  readonly progress: string[];
  readonly buttons: string[];
  readonly references: unknown[];
}

/** A chat response stream, as VS Code's chat hands @maas one, that records what the participant writes to it. */
export function recordingChatStream(): RecordedChatStream {
  const recorded = { pieces: [] as string[], progress: [] as string[], buttons: [] as string[], references: [] as unknown[] };
  const stream = {
    markdown: (value: string | vscode.MarkdownString) => recorded.pieces.push(typeof value === 'string' ? value : value.value),
    progress: (value: string) => recorded.progress.push(value),
    button: (command: vscode.Command) => recorded.buttons.push(command.title),
    reference: (value: unknown) => recorded.references.push(value),
    anchor: () => undefined,
  } as unknown as vscode.ChatResponseStream;
  return { stream, ...recorded };
}
