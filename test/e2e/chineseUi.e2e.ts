// The chat view as a user whose VS Code speaks Simplified Chinese sees it: code-server with the display language
// zh-cn (its language pack installed), the packaged extension against the local service. The view's own words come
// from the extension's bundle for that language, which the host gives the page; an answer's figures are filled into
// the translation. A screenshot goes to .test-results/chinese-ui/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { repoRoot } from '../harness/tools';
import { ask, openChat, waitForStatus } from './chatView';
import { openServiceScenario, type ServiceScenario } from './serviceScenario';

const shots = path.join(repoRoot, '.test-results', 'chinese-ui');

describe('the chat view in Simplified Chinese, in code-server', () => {
  let scenario: ServiceScenario;

  before(async () => {
    mkdirSync(shots, { recursive: true });
    scenario = await openServiceScenario('chinese-ui', { locale: 'zh-cn', service: { paceMs: 5 } });
  });

  afterEach(async (t) => {
    const outcome = t as unknown as { passed?: boolean; name: string };
    if (outcome.passed === false) await scenario.fail(outcome.name);
  });

  after(async () => {
    await scenario?.close();
  });

  it('labels the view in Chinese and fills an answer’s token counts into the Chinese sentence', async () => {
    const { page } = scenario;
    const view = await openChat(page);
    assert.equal(await view.locator('[data-testid="chat-input"]').getAttribute('placeholder'), '输入问题（Enter 发送，Shift+Enter 换行）');
    assert.equal(await view.locator('[data-testid="send"]').getAttribute('aria-label'), '发送');
    const turn = await ask(view, '你好，请用一句话介绍你自己。');
    assert.equal(await waitForStatus(turn, ['done']), 'done');
    assert.match((await turn.locator('[data-testid="usage"]').textContent()) ?? '', /^Token：输入 \d+ \+ 输出 \d+ = \d+$/);
    assert.equal(await turn.locator('[data-testid="copy-answer"]').getAttribute('aria-label'), '复制');
    await page.screenshot({ path: path.join(shots, 'chat-view.png') });
  });
});
