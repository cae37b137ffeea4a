// Imported first by a test of the vscode layer at the manifest's floor: installs the fake `vscode` module without
// the classes newer than engines.vscode, before the modules under test are loaded (they bind to it then).
import { fakeVscodeApi, installFakeVscode } from '../../harness/fakeVscode';

export const floorApi = fakeVscodeApi();
installFakeVscode(floorApi);
