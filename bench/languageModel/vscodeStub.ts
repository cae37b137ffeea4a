// The vscode module as the language-model bench needs it: the provider's part classes and enums, nothing more.
// Imported before the provider, it answers `require('vscode')` for the rest of the process (only that name).
import Module from 'node:module';

export class TextPart {
  constructor(readonly value: string) {}
}
class ToolCallPart {
  constructor(
    readonly callId: string,
    readonly name: string,
    readonly input: object,
  ) {}
}
class ToolResultPart {
  constructor(
    readonly callId: string,
    readonly content: unknown[],
  ) {}
}
class Emitter {
  readonly event = (): { dispose(): void } => ({ dispose: () => undefined });
  fire(): void {}
  dispose(): void {}
}
const vscodeStub = {
  LanguageModelTextPart: TextPart,
  LanguageModelToolCallPart: ToolCallPart,
  LanguageModelToolResultPart: ToolResultPart,
  LanguageModelChatMessageRole: { User: 1, Assistant: 2 },
  LanguageModelChatToolMode: { Auto: 1, Required: 2 },
  LanguageModelError: { NoPermissions: (message: string) => new Error(message) },
  EventEmitter: Emitter,
  l10n: { t: (text: string) => text },
};

const internals = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = internals._load;
internals._load = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? vscodeStub : load.call(this, request, ...rest);
};
