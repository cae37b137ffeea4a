// Imported first by a test of the vscode layer on a VS Code with the classes newer than engines.vscode: installs the
// fake `vscode` module with them, before the modules under test are loaded (they bind to it then).
import { fakeVscodeApi, installFakeVscode } from '../../harness/fakeVscode';

export const newestApi = fakeVscodeApi({ dataPart: true, thinkingPart: true });
installFakeVscode(newestApi);
