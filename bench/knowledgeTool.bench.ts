// The knowledge-base tool's invocation to its result against the same retrieval request made directly with the
// client (read to its end): same question, same local service, same run, the two alternating. The tool runs on the
// fake vscode module with data parts (test/harness/fakeVscode.ts), so the figure is the tool's own cost (input check,
// the request plan, marks, Sources, the budget cut with the local token count, the citations data part); VS Code's
// RPC between window and extension host is not in it. Median of ROUNDS after WARM_UP rounds each (the tool is called
// again and again in a session: the figure is its steady cost, not V8's first compilation), the order of the two
// swapped every round so that neither always runs on the connection the other just used.
import { benchApi } from './knowledgeTool/vscodeWithDataParts'; // before the tool loads: it binds to this module
import { performance } from 'node:perf_hooks';
import { startLocalService } from '../service/src/localService';
import { MaasClient } from '../src/core/maasClient';
import { KnowledgeTool, registerKnowledgeTool, type KnowledgeToolDependencies } from '../src/vscode/knowledge/knowledgeTool';
import { retrievalOptions } from '../src/vscode/knowledge/retrievalOptions';
import { parseSettings } from '../src/vscode/settings/settingsDeclaration';
import { compared, median, progressOf, ratioAtMost, sized, type BenchResult } from './benchResult';

const KEY = 'sk-bench-kb-0000000000000001';
const ROUNDS = sized(101, 1);
const WARM_UP = sized(40, 0);
const QUESTION = 'Where is the API key stored?';

export default async function knowledgeToolBench(): Promise<BenchResult[]> {
  const service = await startLocalService({
    quiet: true,
    paceMs: 0,
    references: true,
    seed: {
      defaultKey: KEY,
      knowledgeBases: [
        {
          id: 7,
          name: 'Extension guide',
          documents: [
            { title: 'Keys', text: 'The API key is stored in secret storage. Run Set API Key to store it; Clear API Key removes it.' },
            { title: 'Selections', text: 'MaaS Assistant explains selections, reads text aloud and answers questions from knowledge bases.' },
          ],
        },
      ],
    },
  });
  try {
    const client = new MaasClient({ baseUrl: service.baseUrl, getApiKey: () => Promise.resolve(KEY) });
    const settings = { ...parseSettings({ knowledgeBases: [{ id: 7, name: 'Extension guide' }] }).settings, baseUrl: service.baseUrl };
    const quiet = { dispose: () => undefined };
    const deps: KnowledgeToolDependencies = {
      settings: { settings },
      credentials: { hasApiKey: () => Promise.resolve(true) },
      client: () => client,
      logger: { info: () => undefined, warn: () => undefined, redact: (text: string) => text },
    };
    const registration = registerKnowledgeTool(new KnowledgeTool(deps), deps.logger);
    const tool = benchApi.tools.get('maas_searchKnowledgeBase');
    if (tool === undefined) throw new Error('the tool did not register');
    const token = { isCancellationRequested: false, onCancellationRequested: () => quiet };
    const retrieval = retrievalOptions(settings, [7], settings.knowledgeChatMode);

    const direct = async (): Promise<number> => {
      const started = performance.now();
      let text = '';
      for await (const event of client.streamChat({ model: settings.chatModel, messages: [{ role: 'user', content: QUESTION }], retrieval }))
        if (event.type === 'text') text += event.text;
      if (!text.includes('secret storage')) throw new Error(`the direct answer did not cite the document: ${text}`);
      return performance.now() - started;
    };
    const throughTool = async (): Promise<number> => {
      const started = performance.now();
      const result = (await tool.invoke({ input: { question: QUESTION }, toolInvocationToken: undefined }, token)) as { content: { value?: string }[] };
      const elapsed = performance.now() - started;
      if (!/secret storage[\s\S]*Sources:/.test(result.content[0]?.value ?? '')) throw new Error('the tool did not return the cited answer');
      return elapsed;
    };

    for (let i = 0; i < WARM_UP; i++) {
      await direct();
      await throughTool();
    }
    const directTimes: number[] = [];
    const toolTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        directTimes.push(await direct());
        toolTimes.push(await throughTool());
      } else {
        toolTimes.push(await throughTool());
        directTimes.push(await direct());
      }
    }
    registration.dispose();
    const row = compared(
      `knowledge-base tool: invocation to result vs the same retrieval request with the client, against the local service double (median of ${ROUNDS})`,
      median(toolTimes),
      median(directTimes),
      'ms',
      ratioAtMost(
        1.1,
        'The tool checks its input and writes the marks, the Sources list and the budget cut around the same client and request: it may add a tenth to the search, no more.',
      ),
    );
    progressOf('knowledgeTool')(
      `direct ${median(directTimes).toFixed(2)} ms, tool ${median(toolTimes).toFixed(2)} ms, ratio ${(row.ratio ?? Number.NaN).toFixed(3)}`,
    );
    return [row];
  } finally {
    await service.stop();
  }
}
