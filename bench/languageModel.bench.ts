// Time to first text through the language-model provider (what VS Code's chat and vscode.lm get) against the
// extension's own client called directly: same question, same local service, same run, the two alternating. The
// service runs in a process of its own (bench/serviceProcess.ts), as the real one does: in this process its work
// would run between the provider's steps and be counted as the provider's.
// The provider runs on a stub of the vscode module (its part classes and enums), so the figure is the provider's
// own cost (message conversion, request building, parts); VS Code's RPC between window and extension host is not
// in it. After 5 warm-up rounds each, each round measures both, the order alternating; the ratio is the median of the
// rounds' ratios, over as many rounds (at least 25, at most 101) as settle the verdict (bench/stableRounds.ts), and
// the page shows how they spread.
import { performance } from 'node:perf_hooks';
import type * as vscode from 'vscode';
import { TextPart } from './languageModel/vscodeStub';
import { MaasClient } from '../src/core/maasClient';
import { MaasChatProvider, type ChatProviderDependencies } from '../src/vscode/languageModels/maasChatProvider';
import { parseSettings } from '../src/vscode/settings/settingsDeclaration';
import { median, ratioAtMost, sized, type BenchResult } from './benchResult';
import { comparedRounds, roundsUntilSettled, type RoundRule } from './stableRounds';
import { startServiceProcess } from './serviceProcess';

const KEY = 'sk-bench-lm-0000000000000001';
const ROUNDS: RoundRule = sized({ min: 25, max: 101 }, { min: 1, max: 1 });
const WARM_UP = sized(5, 0);
const QUESTION = 'How do I compute a moving average in TypeScript?';

export default async function languageModelBench(): Promise<BenchResult[]> {
  const service = await startServiceProcess({ defaultKey: KEY });
  try {
    const client = new MaasClient({ baseUrl: service.baseUrl, getApiKey: () => Promise.resolve(KEY) });
    const settings = { ...parseSettings({}).settings, baseUrl: service.baseUrl };
    const quiet = { dispose: () => undefined };
    const deps: ChatProviderDependencies = {
      settings: { settings, onDidChange: () => quiet },
      credentials: { hasApiKey: () => Promise.resolve(true), onDidChange: () => quiet },
      client: () => client,
      logger: { info: () => undefined, warn: () => undefined, redact: (text: string) => text },
      // The benchmark's question attaches no image.
      images: { decode: () => Promise.reject(new Error('no image is decoded in this benchmark')) },
    };
    const provider = new MaasChatProvider(deps);
    const [model] = provider.models();
    if (model === undefined) throw new Error('no model');
    const token: vscode.CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => quiet };
    const options: vscode.ProvideLanguageModelChatResponseOptions = { toolMode: 1 /* Auto */ };
    const messages: vscode.LanguageModelChatRequestMessage[] = [{ role: 1 /* User */, content: [new TextPart(QUESTION)], name: undefined }];

    const direct = async (): Promise<number> => {
      const started = performance.now();
      let first = Number.NaN;
      for await (const event of client.streamChat({ model: 'svc_llm', messages: [{ role: 'user', content: QUESTION }] })) {
        if (event.type === 'text' && Number.isNaN(first)) first = performance.now() - started;
      }
      return first;
    };
    const throughProvider = async (): Promise<number> => {
      const started = performance.now();
      let first = Number.NaN;
      const progress: vscode.Progress<vscode.LanguageModelResponsePart> = {
        report: (part) => {
          if (part instanceof TextPart && Number.isNaN(first)) first = performance.now() - started;
        },
      };
      await provider.provideLanguageModelChatResponse(model, messages, options, progress, token);
      return first;
    };

    for (let i = 0; i < WARM_UP; i++) {
      await direct();
      await throughProvider();
    }
    const target = ratioAtMost(
      1.1,
      "The provider only converts VS Code's messages and parts around the same client and request: it may add a tenth to the first text, no more.",
    );
    const rounds = await roundsUntilSettled(ROUNDS, target, async (index) => {
      if (index % 2 === 0) {
        const baseline = await direct();
        return { value: await throughProvider(), baseline };
      }
      const value = await throughProvider();
      return { value, baseline: await direct() };
    });
    const [providerMs, directMs] = [median(rounds.map((round) => round.value)), median(rounds.map((round) => round.baseline))];
    process.stderr.write(
      `[bench] languageModel: first text, direct ${directMs.toFixed(2)} ms, provider ${providerMs.toFixed(2)} ms (medians of ${rounds.length})\n`,
    );
    return [
      comparedRounds(
        `language-model provider: time to first text vs the client directly, against the local service double (median of ${ROUNDS.min}-${ROUNDS.max} rounds, until the verdict settles)`,
        rounds,
        'ms',
        target,
      ),
    ];
  } finally {
    await service.stop();
  }
}
