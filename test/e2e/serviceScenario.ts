// An e2e scenario against the local service: the service starts in-process with a known key, the packaged
// extension in code-server gets the key through the demo's bootstrap file and the service URLs through settings.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../service/src/localService';
import { SPEECH_CODES_VARIABLE } from '../../src/core/speech/speechProblems';
import { openScenario, type Scenario } from './scenario';

export const E2E_KEY = 'sk-e2e-local-0123456789abcdef';
export const SPEECH = { appkey: 'app-e2e', token: 'token-e2e-0123456789' };

export interface ServiceScenario extends Scenario {
  readonly service: LocalService;
  /** Calls the local service's console or test API. */
  api<T = unknown>(route: string, init?: { method?: string; body?: unknown }): Promise<T>;
}

export async function openServiceScenario(
  name: string,
  options: {
    service?: LocalServiceOptions;
    settings?: Record<string, unknown>;
    /** More of code-server's (and so the extension host's) environment. */
    env?: NodeJS.ProcessEnv;
    folder?: string;
    autoplay?: boolean;
    workspaceTrust?: boolean;
    /** VS Code's display language (its language pack installed); English without. */
    locale?: 'zh-cn';
  } = {},
): Promise<ServiceScenario> {
  const service = await startLocalService({
    quiet: true,
    seed: {
      defaultKey: E2E_KEY,
      keys: [{ name: 'e2e-personal', interfaces: ['svc_llm', 'svc_vl'], enabled: true, key: 'sk-e2e-personal-0123456789' }],
      speechCredentials: [SPEECH],
      knowledgeBases: [
        {
          id: 7,
          name: 'Extension guide',
          documents: [
            { title: 'Keys', text: 'The API key is stored in secret storage. Run Set API Key to store it; Clear API Key removes it.' },
            { title: '朗读', text: '朗读功能使用语音合成，长文本按句子切分并边合成边播放。' },
            { title: 'Selections', text: 'MaaS Assistant explains selections, reads text aloud and answers questions from knowledge bases.' },
          ],
        },
      ],
    },
    ...options.service,
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maas-e2e-'));
  const bootstrap = path.join(dir, 'bootstrap.json');
  writeFileSync(bootstrap, JSON.stringify({ apiKey: E2E_KEY, speech: SPEECH }));
  let scenario: Scenario;
  try {
    scenario = await openScenario(
      name,
      {
        'maas.baseUrl': service.baseUrl,
        'maas.altBaseUrl': service.altBaseUrl,
        'maas.consoleUrl': service.consoleUrl,
        ...options.settings,
      },
      { [SPEECH_CODES_VARIABLE]: 'localService', ...options.env, MAAS_BOOTSTRAP_CREDENTIALS: bootstrap },
      options.folder,
      { autoplay: options.autoplay, workspaceTrust: options.workspaceTrust, locale: options.locale },
    );
  } catch (error) {
    await service.stop();
    throw error;
  }
  return {
    ...scenario,
    service,
    api: async <T>(route: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
      const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
      const response = await fetch(`${service.baseUrl}${route}`, {
        method,
        // The console and test routes take every write as JSON, a bodiless one included.
        headers: method === 'GET' ? undefined : { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${text}`);
      return (text === '' ? undefined : JSON.parse(text)) as T;
    },
    close: async () => {
      await scenario.close();
      await service.stop();
    },
  };
}
