// The default speech player until the chat webview's player is attached: the audio is written to one file in
// the extension's storage and opened in VS Code's built-in media preview, which plays WAV and MP3.
import path from 'node:path';
import * as vscode from 'vscode';
import { FileSpeechPlayer } from './fileSpeechPlayer';

export function previewSpeechPlayer(storageDir: string): FileSpeechPlayer {
  return new FileSpeechPlayer(
    (meta) => Promise.resolve(path.join(storageDir, 'speech', `read-aloud.${meta.format}`)),
    async (file) => {
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file), { preview: true, preserveFocus: true });
    },
  );
}
