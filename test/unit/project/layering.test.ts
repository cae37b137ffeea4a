// The layering of docs/style.md is a lint error, not a review note: each leak below must fail `npm run lint`, and each
// allowed import must pass. Runs ESLint with the project's own config on probe sources placed in each layer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintProbe } from './lintProbe';

async function layerErrors(file: string, code: string): Promise<string[]> {
  return (await lintProbe(file, code))
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports') === true || m.ruleId === 'no-restricted-syntax' || m.ruleId === 'maas/no-import-into')
    .map((m) => m.message);
}

const leaks: [string, string][] = [
  ['src/core/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n"],
  ['src/core/probe.ts', "import type { Uri } from 'vscode';\nexport type X = Uri;\n"],
  ['src/core/probe.ts', "import { ChatViewProvider } from '../vscode/chat/chatViewProvider';\nexport const x = ChatViewProvider;\n"],
  ['src/shared/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n"],
  ['src/shared/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
  ['src/shared/probe.ts', "import { redactSecrets } from '../core/http/redact';\nexport const x = redactSecrets;\n"],
  ['src/shared/probe.ts', "import { request } from 'undici';\nexport const x = request;\n"],
  ['src/webview/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n"],
  ['src/webview/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
  ['src/webview/probe.ts', "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n"],
  ['src/webview/probe.ts', "import { redactSecrets } from '../core/http/redact';\nexport const x = redactSecrets;\n"],
  ['src/shared/probe.ts', "import * as z from 'zod';\nexport const x = z;\n"],
  ['src/webview/probe.ts', "import { parseWebviewMessage } from '../shared/protocolSchemas';\nexport const x = parseWebviewMessage;\n"],
  ['src/webview/probe.ts', "import type { WebviewToHost } from '../shared/protocolSchemas';\nexport type X = WebviewToHost;\n"],
  ['src/webview/probe.ts', "import * as z from 'zod';\nexport const x = z;\n"],
  ['src/webview/probe.ts', "import * as z from '../shared/zod';\nexport const x = z;\n"],
  ['src/shared/protocolSchemas.ts', "import * as z from 'zod';\nexport const x = z;\n"],
  ['src/core/probe.ts', "import * as z from 'zod/mini';\nexport const x = z;\n"],
  ['src/vscode/probe.ts', "import type * as z from 'zod';\nexport type X = z.ZodType;\n"],
  ['src/shared/zod.ts', "import * as z from 'zod';\nexport const x = z;\n"],
  ['src/vscode/probe.ts', "import '../webview/main';\n"],
  ['service/src/probe.ts', "import { redactSecrets } from '../../src/core/http/redact';\nexport const x = redactSecrets;\n"],
  ['service/src/speech/probe.ts', "export { SpeechErrorCode } from '../../../src/shared/protocol';\n"],
  ['packages/files/probe.ts', "import { redactSecrets } from '../../src/core/http/redact';\nexport const x = redactSecrets;\n"],
  ['packages/files/probe.ts', "export const load = () => import('../../service/src/localService');\n"],
];

const allowed: [string, string][] = [
  ['src/core/probe.ts', "import { request } from 'undici';\nimport { readFileSync } from 'node:fs';\nexport const x = [request, readFileSync];\n"],
  ['src/shared/protocolSchemas.ts', "import * as z from './zod';\nexport const x = z;\n"],
  ['src/core/probe.ts', "import * as z from '../shared/zod';\nexport const x = z;\n"],
  ['src/shared/zod.ts', "import { en } from 'zod/locales';\nimport * as z from 'zod/mini';\nexport const x = [en, z];\n"],
  ['src/shared/probe.ts', "import { actionTitles } from './chatWords';\nexport const x = actionTitles;\n"],
  ['src/webview/probe.ts', "import type { HostToWebview } from '../shared/protocol';\nexport type X = HostToWebview;\n"],
  [
    'src/webview/probe.ts',
    "import { assertNever } from '../shared/protocol';\nimport { rangeText } from '../shared/chatParams';\nexport const x = [assertNever, rangeText];\n",
  ],
  [
    'src/vscode/probe.ts',
    "import * as vscode from 'vscode';\nimport { redactSecrets } from '../core/http/redact';\nexport const x = [vscode, redactSecrets];\n",
  ],
  [
    'service/src/probe.ts',
    "import { writeJsonAtomic } from '../../packages/files/atomicJsonFile';\nimport { SpeechErrorCode } from './speech/speechCodes';\nexport const x = [writeJsonAtomic, SpeechErrorCode];\n",
  ],
];

describe('layer imports are enforced by the linter', () => {
  for (const [file, code] of leaks) {
    it(`refuses in ${file}: ${code.split('\n')[0]}`, async () => {
      const errors = await layerErrors(file, code);
      assert.ok(errors.length > 0, `expected a layering error for ${file}`);
    });
  }
  for (const [file, code] of allowed) {
    it(`allows in ${file}: ${code.split('\n')[0]}`, async () => {
      assert.deepEqual(await layerErrors(file, code), []);
    });
  }
});
