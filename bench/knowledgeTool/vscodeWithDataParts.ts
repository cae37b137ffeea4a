// Imported first by the knowledge-tool bench: the fake vscode module (test/harness/fakeVscode.ts) with data parts, as
// VS Code 1.139 has them, so the tool builds its citations data part as it does there.
import { fakeVscodeApi, installFakeVscode } from '../../test/harness/fakeVscode';

export const benchApi = fakeVscodeApi({ dataPart: true });
installFakeVscode(benchApi);
