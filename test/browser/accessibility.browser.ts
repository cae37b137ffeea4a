// Accessibility: axe-core over every state of the chat view, in VS Code's default light and dark themes as a real
// webview gets them (the recorded variables and default styles, so colour contrast is measured against the colours a
// user sees): no serious or critical violation anywhere. The view keeps its real CSP; axeCheck.ts says how axe runs.
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import type { ChatSnapshot, TurnView } from '../../src/shared/protocol';
import { assertAccessible } from './axeCheck';
import { references, knowledgeAnswer, segment, start } from './featureFixture';
import { conversation, snapshot, turn } from './snapshotFixture';
import { suiteSession } from './suiteSession';
import { themeNames } from './vscodeTheme';
import { deliver, openWebview, settled } from './webviewHarness';

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 1) image.data[i] = i % 4 === 3 ? 255 : (i * 37) % 256;
  return PNG.sync.write(image);
}

const thumbnail = `data:image/png;base64,${png(16, 12).toString('base64')}`;

const markdownAnswer = [
  '## Moving average',
  '',
  'Use a **window** of `n` values; see [the guide](https://example.com/guide) or write to <support@example.com>.',
  '',
  '- keep a running sum',
  '- drop the oldest value',
  '',
  '> A quote from the docs.',
  '',
  // Every kind of token the view colours, in lines short enough to be seen whole (so axe measures each).
  '```ts',
  '// keyword, type, string, number',
  'export class Window<T> {',
  '  size: number = 3;',
  '  label = "average";',
  '  get(v: T[]): T | null {',
  '    return null;',
  '  }',
  '}',
  'function mean(xs: number[]) {',
  '  return Math.max(...xs);',
  '}',
  '```',
  '',
  '```c',
  'static int count = 0;',
  '```',
  '',
  '```sh',
  'npx tsx scripts/bench.ts webviewHistory --rounds 7 --warm-up 1 --out bench/results/webview-history.json',
  '```',
  '',
  '```diff',
  '- const total = values.length;',
  '+ const total = values.reduce((a, b) => a + b, 0);',
  '```',
  '',
  '| window | result |',
  '|:------:|-------:|',
  '| 3 | 2.0 |',
  '| 5 | 3.5 |',
].join('\n');

/** A conversation holding every kind of content a turn shows. */
function richConversation(): ChatSnapshot {
  const turns: TurnView[] = [
    turn({ id: 'first', question: 'An earlier question, left out of the next request.', answer: 'An earlier answer.' }),
    turn({
      id: 'markdown',
      question: 'How do I compute a moving average?\n'.repeat(8),
      answer: markdownAnswer,
      reasoning: 'The user wants code; a table of examples helps.',
      images: [
        { id: 'img1', name: 'chart.png', mime: 'image/png', width: 16, height: 12, bytes: 120, thumbnail },
        { id: 'img2', name: 'remote.png', mime: '', width: 0, height: 0, bytes: 0, thumbnail: '', url: 'https://images.example.com/remote.png' },
      ],
      context: [{ id: 'ctx', kind: 'selection', label: 'example.ts:3-9', languageId: 'typescript', characters: 120 }],
      usage: { promptTokens: 12, completionTokens: 34, totalTokens: 46 },
    }),
    turn({
      id: 'knowledge',
      kind: 'knowledge',
      question: 'What is the leave policy?',
      answer: `${knowledgeAnswer} A source not sent^[3]^.`,
      knowledge: { mode: 'strict', bases: [{ id: 1, name: 'Policies' }], references },
    }),
    turn({ id: 'interrupted', question: 'Cut off?', answer: 'Half an answer', status: 'interrupted', finishReason: 'length' }),
    turn({
      id: 'error',
      question: 'Why does it fail?',
      status: 'error',
      error: {
        kind: 'balance',
        title: 'Your balance is used up',
        detail: 'Top up your account in the console, then retry.',
        serverMessage: '余额不足,请及时充值',
        serverMessageTranslation: 'Insufficient balance, please top up.',
        actions: ['openConsole', 'setApiKey', 'showLogs', 'retry'],
      },
    }),
  ];
  return snapshot({
    active: conversation({ title: 'Moving averages', turns, omittedTurns: 1 }),
    pendingContext: [{ id: 'p1', kind: 'file', label: 'example.ts', languageId: 'typescript', characters: 900 }],
  });
}

async function open(page: Page, state: ChatSnapshot): Promise<void> {
  await deliver(page, { type: 'snapshot', snapshot: state });
  await page.getByTestId('chat-input').waitFor();
  await settled(page);
}

for (const theme of themeNames) {
  describe(`accessibility of the chat view (${theme})`, () => {
    const session = suiteSession();
    const view = (): Promise<Page> => openWebview(session(), { theme });

    it('an empty conversation', async () => {
      const page = await view();
      await open(page, snapshot());
      await assertAccessible(page, `${theme}, empty conversation`);
      await page.close();
    });

    it('a conversation with markdown, code, a table, citations and their sources, reasoning, images and an error with its actions', async () => {
      const page = await view();
      await open(page, richConversation());
      await page.locator('[data-turn-id="first"]').waitFor();
      await page.getByTestId('omitted-turns').waitFor();
      await page
        .locator('details[data-testid="reasoning"]')
        .first()
        .evaluate((el) => ((el as HTMLDetailsElement).open = true));
      await page.locator('[data-turn-id="knowledge"] [data-testid="citation"]').first().click();
      await page.locator('[data-turn-id="knowledge"] [data-testid="sources"]').waitFor();
      await page.locator('[data-turn-id="knowledge"] [data-citation="3"]').click();
      await page.getByTestId('source-missing').waitFor();
      await page.getByTestId('question-toggle').click();
      await assertAccessible(page, `${theme}, rich conversation`);
      // The toolbars that show on hover or focus, shown.
      await page.locator('[data-turn-id="markdown"] [data-testid="copy-answer"]').focus();
      await assertAccessible(page, `${theme}, rich conversation, an answer's toolbar focused`);
      await page.close();
    });

    it("an image described for a language model, opened, and the context meter over the model's limit with its warning", async () => {
      const page = await view();
      const described = turn({
        id: 'described',
        question: 'What does this chart show?',
        answer: 'Sales peak in March.',
        imageDescription: { model: 'svc_vl', text: 'A bar chart of sales by month; March is highest.' },
      });
      await open(
        page,
        snapshot({ active: conversation({ turns: [described], contextTokens: 1_020 }), settings: { ...snapshot().settings, contextLimit: 1_024 } }),
      );
      await page.getByTestId('image-description').evaluate((el) => ((el as HTMLDetailsElement).open = true));
      await page.getByTestId('chat-input').fill('one two three four five');
      await page.getByTestId('context-warning').waitFor({ state: 'visible' });
      await page.getByTestId('context-meter').focus();
      await assertAccessible(page, `${theme}, image description and context warning`);
      await page.close();
    });

    it('a question being edited in place', async () => {
      const page = await view();
      await open(page, richConversation());
      await page.locator('[data-turn-id="knowledge"] [data-testid="edit"]').click();
      await assertAccessible(page, `${theme}, editing a question`);
      await page.close();
    });

    it('a streaming answer, and one waiting for an automatic retry', async () => {
      const page = await view();
      const streaming = turn({ id: 's', question: 'Stream please', answer: 'Partial **answer** with `code', status: 'streaming' });
      await open(page, snapshot({ active: conversation({ turns: [turn({ id: 'done', answer: 'Done.' }), streaming] }) }));
      await deliver(page, { type: 'turnDelta', conversationId: 'c1', turnId: 's', answer: '` and more', reasoning: 'thinking…' });
      await page.getByTestId('stop').waitFor();
      await assertAccessible(page, `${theme}, streaming answer`);
      const retrying = turn({ id: 's', question: 'Stream please', status: 'pending', retry: { attempt: 1, maxAttempts: 3, at: Date.now() + 60_000 } });
      await deliver(page, { type: 'turnUpdate', conversationId: 'c1', turn: retrying });
      await page.getByTestId('retry-countdown').waitFor();
      await assertAccessible(page, `${theme}, retry countdown`);
      await page.close();
    });

    it('banners and notices (no key, no address, an error, a warning with its action)', async () => {
      const page = await view();
      await open(
        page,
        snapshot({
          apiKeyState: 'missing',
          baseUrl: '',
          notices: [
            { id: 'n1', level: 'error', text: 'The history could not be saved.', action: 'showLogs' },
            { id: 'n2', level: 'warning', text: 'The service answers from its alternative address.' },
            { id: 'n3', level: 'info', text: 'Switched to the vision model.' },
          ],
        }),
      );
      await page.getByTestId('api-key-banner').waitFor();
      await assertAccessible(page, `${theme}, banners and notices`);
      await page.close();
    });

    it('the conversation list, and a delete confirmation in it', async () => {
      const page = await view();
      const conversations = Array.from({ length: 6 }, (_, i) => ({
        id: `c${i + 1}`,
        title: `Conversation ${i + 1}`,
        updatedAt: 1_700_000_000_000 - i,
        turnCount: i,
      }));
      await open(page, snapshot({ conversations }));
      await deliver(page, { type: 'toggleConversations' });
      await page.getByTestId('conversation-item').nth(5).waitFor();
      await assertAccessible(page, `${theme}, conversation list`);
      await page.getByTestId('conversation-item').nth(2).getByTestId('export-conversation').focus();
      await assertAccessible(page, `${theme}, conversation list, a row's actions focused`);
      await page.getByTestId('conversation-item').nth(2).getByTestId('rename-conversation').click();
      await page.getByTestId('rename-input').waitFor();
      await assertAccessible(page, `${theme}, renaming a conversation`);
      await page.getByTestId('rename-input').press('Escape');
      const second = page.getByTestId('conversation-item').nth(1);
      await second.hover();
      await second.getByTestId('delete-conversation').click();
      await second.getByTestId('confirm-delete').waitFor();
      await assertAccessible(page, `${theme}, delete confirmation`);
      await page.close();
    });

    it('the parameters panel, with a value refused', async () => {
      const page = await view();
      await open(page, snapshot());
      await page.getByTestId('params-toggle').click();
      await page.getByTestId('reset-params').waitFor();
      await assertAccessible(page, `${theme}, parameters panel`);
      const temperature = page.getByTestId('param-temperature');
      await temperature.fill('7');
      await temperature.press('Enter');
      await assertAccessible(page, `${theme}, parameters panel with a refused value`);
      await page.close();
    });

    it("a persona from the workspace's settings, named above the question box", async () => {
      const page = await view();
      await open(page, snapshot({ settings: { ...snapshot().settings, defaultPersonaFromWorkspace: true } }));
      await page.getByTestId('workspace-persona').waitFor({ state: 'visible' });
      await assertAccessible(page, `${theme}, workspace persona`);
      await page.getByTestId('show-persona').click();
      await page.getByTestId('reset-params').waitFor();
      await assertAccessible(page, `${theme}, workspace persona shown in the panel`);
      await page.close();
    });

    it('the question box with an image attached and a refused file', async () => {
      const page = await view();
      await open(page, snapshot());
      await page.getByTestId('image-input').setInputFiles([
        { name: 'photo.png', mimeType: 'image/png', buffer: png(40, 30) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      ]);
      await page.getByTestId('attachment').waitFor();
      await page.getByTestId('composer-message').waitFor();
      await assertAccessible(page, `${theme}, attachment and refused file`);
      await page.close();
    });

    it('the read-aloud player, playing and ended', async () => {
      const page = await view();
      await open(page, snapshot({ active: conversation({ turns: [turn({ id: 't1', answer: 'One. Two.' })] }) }));
      await deliver(page, start(2));
      await deliver(page, segment(0, 'The first sentence.', false));
      await page.getByTestId('player-sentence').waitFor();
      await assertAccessible(page, `${theme}, player playing`);
      await deliver(page, segment(1, 'The second sentence.', true));
      await page.getByTestId('player-sentence').waitFor({ state: 'hidden', timeout: 10_000 });
      await assertAccessible(page, `${theme}, player ended`);
      await page.close();
    });

    it('a long conversation with earlier turns not yet shown', async () => {
      const page = await view();
      const turns = Array.from({ length: 60 }, (_, i) => turn({ id: `t${i}`, question: `Question ${i}`, answer: `Answer ${i}.\n\n${'Text. '.repeat(80)}` }));
      await open(page, snapshot({ active: conversation({ turns }) }));
      await page.getByTestId('earlier-turns').waitFor();
      // From the keyboard (Tab into the log reaches it first), so the check's scrolling renders no older turn under it.
      await page.getByTestId('transcript').focus();
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.activeElement?.matches('[data-testid="earlier-turns"]:focus-visible') === true);
      await assertAccessible(page, `${theme}, earlier turns control`);
      await page.close();
    });
  });
}
