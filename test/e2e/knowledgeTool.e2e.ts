// The knowledge-base tool in VS Code's own chat, in code-server with AI features on: in Agent mode with svc_llm
// picked, a question about "our docs" makes the local service's model call maas_searchKnowledgeBase, VS Code runs the
// tool (its row in the answer), and the final answer cites the document; `#kb` typed in the input attaches the tool.
// The README's screenshot of `#kb` (the question with its #kb, the tool's row unfolded, the cited answer) goes to
// .test-results/kb-tool/native-kb-tool.png (docs/images/ with MAAS_SCREENSHOTS=1); a failure leaves one too.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { repoRoot } from '../harness/tools';
import { chatRequests, type LoggedChatRequest } from '../harness/requestLog';
import { openChat, until } from './chatView';
import {
  answerChatSetupOfferIfMade,
  chooseMode,
  focusNativeInput,
  nativeChat,
  NATIVE_CHAT_SETTINGS,
  readyNativeChat,
  screenshots,
  newNativeChat,
} from './nativeChatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';

const TOOL = 'maas_searchKnowledgeBase';
const shot = screenshots('kb-tool');

const offersTool = (request: LoggedChatRequest): boolean => (request.body.tools ?? []).some((t) => t.type === 'function' && t.function.name === TOOL);
/**
 * The tool's result opens with its frame's preamble (src/core/knowledge/retrievedContentFrame.ts); the request log
 * shortens long strings, so the answer and Sources inside the frame are seen in the final answer instead.
 */
const FRAMED_RESULT = /^Between <knowledge-base-result-([0-9a-f]{12})> and <\/knowledge-base-result-\1> is what a search of the user's knowledge bases/;
const carriesResult = (request: LoggedChatRequest): boolean => request.body.messages.some((m) => m.role === 'tool' && FRAMED_RESULT.test(String(m.content)));

describe("the knowledge-base tool in VS Code's chat", () => {
  let scenario: ServiceScenario;

  before(async () => {
    scenario = await openServiceScenario('kb-tool', {
      // The retrieval answers name their passages (a references array): the Sources list names the document.
      service: { paceMs: 2, references: true },
      folder: path.join(repoRoot, 'demo', 'workspace'),
      settings: NATIVE_CHAT_SETTINGS,
    });
    await scenario.prepare(async () => {
      await openChat(scenario.page); // activates the extension, which resolves its models and its tool
      await answerChatSetupOfferIfMade(scenario, 'Not now');
      await readyNativeChat(scenario.page, 'svc_llm');
    });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  async function requests(): Promise<LoggedChatRequest[]> {
    return chatRequests(scenario.service.baseUrl);
  }

  it('in Agent mode with svc_llm, the model calls the tool and the answer cites the document', async () => {
    const { page } = scenario;
    await chooseMode(page, 'Agent');
    const before = (await requests()).length;
    await focusNativeInput(page);
    await page.keyboard.type('According to our docs, where is the API key stored?');
    await page.keyboard.press('Enter');
    const answered = await until(
      async () => (await requests()).slice(before).find((r) => r.completed && carriesResult(r)),
      120_000,
      'a request carrying the tool result',
    );
    assert.equal(answered.body.model, 'svc_llm');
    // The model reads the text (marks and Sources) in its frame; the citations data part is for our own surfaces only.
    const result = answered.body.messages.find((m) => m.role === 'tool');
    assert.doesNotMatch(JSON.stringify(result?.content), /"citations"|vnd\.maas/);
    const all = (await requests()).slice(before);
    const call = all.find((r) => offersTool(r));
    assert.ok(call, `${TOOL} offered to svc_llm`);
    // The retrieval request the tool made, with the knowledge base of the settings.
    const retrieval = all.find((r) => (r.body.tools ?? []).some((t) => t.type === 'retrieval'));
    assert.deepEqual(
      retrieval?.body.tools?.map((t) => (t.type === 'retrieval' ? t.retrieval.knowledge_ids : t.type)),
      [[7]],
    );
    const response = nativeChat(page).locator('.interactive-response').last();
    const text = await until(
      async () => {
        const shown = (await response.textContent()) ?? '';
        return /secret storage[\s\S]*\[1\][\s\S]*Sources[\s\S]*\[1\] Keys/.test(shown) ? shown : undefined;
      },
      60_000,
      'the final answer citing the document',
    );
    assert.match(text, /Searching\s+Extension\s+guide\s+for|Search\s+MaaS\s+Knowledge\s+Base/, 'the tool row');
  });

  it('#kb typed in the input attaches the tool, and the question is answered from the knowledge base', async () => {
    const { page } = scenario;
    await newNativeChat(page);
    await chooseMode(page, 'Agent');
    await focusNativeInput(page);
    await page.keyboard.type('#kb');
    // The suggestion of the tool, as a user picks it.
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'kb' }).first();
    await suggestion.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    const before = (await requests()).length;
    await page.keyboard.type(' Where is the API key stored?');
    await page.keyboard.press('Enter');
    const done = await until(
      async () => {
        const since = (await requests()).slice(before);
        return since.some((r) => r.completed && carriesResult(r)) ? since : undefined;
      },
      120_000,
      'a request carrying the tool result',
    );
    // A request offered the tool and a later one carried its result (the service's log shortens Agent mode's long
    // messages, so the question itself is not read from it).
    const asked = done.find((r) => offersTool(r));
    assert.ok(asked !== undefined, 'a request offering maas_searchKnowledgeBase');
    const response = nativeChat(page).locator('.interactive-response').last();
    await until(async () => /secret storage[\s\S]*\[1\] Keys/.test((await response.textContent()) ?? ''), 60_000, 'the cited answer');
    // The tool's row, unfolded as a user unfolds VS Code's "Completed N steps" (the click goes to the element: the
    // chat's list moves under the pointer).
    const summary = response.locator('details.completed-response-disclosure summary').first();
    if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.dispatchEvent('click');
    await until(async () => /Search(ing|ed)\s+Extension\s+guide\s+for/.test(await response.innerText()), 15_000, "the tool's row unfolded");
    // The result is text alone in a chat: VS Code would show a data part under the row as a file to save.
    assert.equal(await response.locator('.chat-collapsible-top-level-resource-group').count(), 0, 'no output file under the tool row');
    assert.doesNotMatch(await response.innerText(), /file\.bin/);
    await shot(page, 'native-kb-tool', { x: 700, y: 0, width: 700, height: 900 });
  });
});
