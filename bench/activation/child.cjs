// One activation, timed in a fresh Node process: require the bundle given in argv[2] (vscode answered by a stub
// that accepts every call) and run activate() with a stub context. Prints the milliseconds as JSON.
'use strict';
const Module = require('node:module');
const { performance } = require('node:perf_hooks');

/** Anything: callable, constructible, every property another such value; never a thenable or an iterable. */
function anything() {
  const target = function () {};
  return new Proxy(target, {
    get(_target, key) {
      if (key === 'then' || key === Symbol.iterator || key === Symbol.asyncIterator) return undefined;
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'dispose') return () => undefined;
      return anything();
    },
    apply: () => anything(),
    construct: () => anything(),
  });
}

const format = (text, args) => String(text).replace(/\{(\d+)\}/g, (_m, i) => String(args[Number(i)]));
const configuration = { get: (_key, fallback) => fallback, has: () => false, inspect: () => undefined, update: () => Promise.resolve() };
const event = () => ({ dispose() {} });
// A plain object with every namespace as an own property: the bundle's __toESM copies own properties only.
const vscode = {
  l10n: { t: (text, ...args) => format(typeof text === 'string' ? text : text.message, args) },
  workspace: new Proxy(
    { getConfiguration: () => configuration, onDidChangeConfiguration: event, workspaceFolders: undefined },
    { get: (t, k) => (k in t ? t[k] : anything()) },
  ),
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  env: { language: 'en', appName: 'Code', machineId: 'bench' },
};
// Commands are recorded, so a test can tell what was registered by the time activate() returned.
const registered = [];
vscode.commands = new Proxy(
  {
    registerCommand: (id) => {
      registered.push(id);
      return { dispose() {} };
    },
  },
  { get: (t, k) => (k in t ? t[k] : anything()) },
);
for (const name of [
  'window',
  'languages',
  'extensions',
  'chat',
  'lm',
  'Uri',
  'EventEmitter',
  'Disposable',
  'ConfigurationTarget',
  'ProgressLocation',
  'StatusBarAlignment',
  'QuickPickItemKind',
  'TabInputCustom',
  'ThemeIcon',
  'MarkdownString',
]) {
  vscode[name] = anything();
}

const load = Module._load;
Module._load = function (request, parent, isMain) {
  return request === 'vscode' ? vscode : load.call(this, request, parent, isMain);
};

const storage = require('node:path').join(require('node:os').tmpdir(), 'maas-activation-bench');
const uri = (fsPath) => ({ scheme: 'file', fsPath, path: fsPath, toString: () => `file://${fsPath}` });
const memento = () => ({ get: (_k, fallback) => fallback, update: () => Promise.resolve(), keys: () => [], setKeysForSync() {} });
const context = {
  subscriptions: [],
  extensionMode: 1,
  extension: { packageJSON: { version: '0.0.0-bench' }, id: 'maas.bench' },
  extensionUri: uri(process.argv[3]),
  extensionPath: process.argv[3],
  globalStorageUri: uri(storage),
  storageUri: undefined,
  logUri: uri(storage),
  globalState: memento(),
  workspaceState: memento(),
  // MAAS_ACTIVATION_SECRETS=never: a secret storage that never answers (a locked keyring).
  secrets:
    process.env.MAAS_ACTIVATION_SECRETS === 'never'
      ? { get: () => new Promise(() => {}), store: () => new Promise(() => {}), delete: () => new Promise(() => {}), onDidChange: event }
      : { get: () => Promise.resolve(undefined), store: () => Promise.resolve(), delete: () => Promise.resolve(), onDidChange: event },
  environmentVariableCollection: anything(),
  asAbsolutePath: (p) => p,
};

const started = performance.now();
const extension = require(process.argv[2]);
const required = performance.now();
const returned = extension.activate(context);
const activated = performance.now();
process.stdout.write(
  JSON.stringify({
    requireMs: required - started,
    activateMs: activated - required,
    totalMs: activated - started,
    // Whether VS Code would wait on what activate() returned before running a command or showing a view.
    returnedThenable: typeof returned?.then === 'function',
    registeredCommands: registered.length,
  }),
);
// The stubs leave nothing worth waiting for.
process.exit(0);
