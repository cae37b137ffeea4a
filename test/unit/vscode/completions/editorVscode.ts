// Imported first by the inline-completion tests: installs the fake `vscode` module with the editor API
// (test/harness/fakeEditor.ts) before the modules under test are loaded (they bind to it then).
import { fakeEditorApi } from '../../../harness/fakeEditor';
import { fakeVscodeApi, installFakeVscode } from '../../../harness/fakeVscode';

export const { api: editorApi, world } = fakeEditorApi(fakeVscodeApi());
installFakeVscode(editorApi);
