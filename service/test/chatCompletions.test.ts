// The local service's completer: a chat request holding the extension's completion prompt is answered with code
// drawn from the prompt's own code (the next lines of a run of similar lines, a function's body and closing line, what
// is open on the line closed), the same every time, at the configured pace.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { formatCompletionPrompt, type CompletionPrompt } from '../../packages/completions/completionPrompt';
import { lastChatRequest, type LoggedRequest } from '../../test/harness/requestLog';
import { SseDataReader } from '../../test/harness/sseEvents';
import { chat, DEFAULT_KEY, lastChunk, streamChunks, streamedContent, useService, type StreamChunk } from './serviceHarness';
import type { LocalService } from '../src/localService';

const service = useService({ paceMs: 0 });
const paced = useService({ paceMs: 150 });

function completionBody(prompt: CompletionPrompt, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { system, user } = formatCompletionPrompt(prompt);
  return {
    model: 'svc_llm',
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    ...extra,
  };
}

async function completion(prompt: CompletionPrompt): Promise<string> {
  const reply = await chat(service().baseUrl, completionBody(prompt));
  assert.equal(reply.status, 200);
  return streamedContent(reply.text);
}

const SCORES = [
  'export function score(letter: string): number {',
  '  switch (letter) {',
  "    case 'a': return 1;",
  "    case 'b': return 2;",
  '    case ',
].join('\n');

const COMMANDS = [
  "import { closeFile, openFile, saveFile } from './files';",
  '',
  'export function register(registerCommand: Register): void {',
  "  registerCommand('open', openFile);",
  "  registerCommand('save', saveFile);",
  '  ',
].join('\n');

describe('the completer: a line', () => {
  it('continues a run of similar lines: the next case, then the ones after it as a model runs on', async () => {
    const text = await completion({ path: 'src/score.ts', language: 'typescript', mode: 'line', prefix: SCORES, suffix: '\n  }\n}\n' });
    assert.equal(text, "'c': return 3;\n    case 'd': return 4;\n    case 'e': return 5;");
  });

  it('continues a list of similar calls with a name the file has and the list has not used', async () => {
    const text = await completion({ path: 'src/commands.ts', language: 'typescript', mode: 'line', prefix: COMMANDS, suffix: '\n}\n' });
    assert.equal(text.split('\n')[0], "registerCommand('close', closeFile);");
  });

  it('continues a table of names with the function the file has and the table lacks, and stops when none is left', async () => {
    const prefix = [
      'export function openFile(path: string): void {}',
      'export function saveFile(path: string): void {}',
      'export function closeFile(path: string): void {}',
      '',
      'export const commands: Record<string, (path: string) => void> = {',
      '  open: openFile,',
      '  save: saveFile,',
      '  ',
    ].join('\n');
    assert.equal(await completion({ path: 'src/commands.ts', language: 'typescript', mode: 'line', prefix, suffix: '\n};\n' }), 'close: closeFile,');
  });

  it('repeats how an earlier line went on after the same word', async () => {
    const prefix = 'const total = items.reduce((sum, item) => sum + item.price, 0);\nconst count = items.';
    assert.equal(
      await completion({ path: 'cart.ts', language: 'typescript', mode: 'line', prefix, suffix: '' }),
      'reduce((sum, item) => sum + item.price, 0);',
    );
  });

  it('goes on as an earlier line that the cursor line repeats with other names, the names changed in the rest too', async () => {
    const base = { path: 'geometry.ts', language: 'typescript', mode: 'line' as const, suffix: '\n}\n' };
    const cases: [string, string][] = [
      ['export function distance(a: Point, b: Point): number {\n  const dx = a.x - b.x;\n  const dy = a.', 'y - b.y;'],
      ['constructor(width: number, height: number) {\n  this.width = width;\n  this.height = ', 'height;'],
      ["const firstName = form.get('firstName');\nconst lastName = form.", "get('lastName');"],
    ];
    for (const [prefix, expected] of cases) assert.equal(await completion({ ...base, prefix }), expected, prefix);
  });

  it('closes what is open on the line, without what the rest of the line already closes', async () => {
    const base = { path: 'a.ts', language: 'typescript', mode: 'line' as const };
    assert.equal(await completion({ ...base, prefix: "const greeting = 'hi';\nconsole.log('Hello", suffix: '' }), "');");
    assert.equal(await completion({ ...base, prefix: "const greeting = 'hi';\nconsole.log(", suffix: ')' }), 'greeting');
    assert.equal(await completion({ ...base, prefix: 'if (ready', suffix: '' }), ')');
  });

  it('answers nothing when the code gives it nothing to go on', async () => {
    assert.equal(await completion({ path: 'notes.txt', language: 'plaintext', mode: 'line', prefix: 'Shopping list', suffix: '' }), '');
  });
});

describe('the completer: a block', () => {
  it("writes a function's body from its parameters and return type, and closes it unless the code after it does", async () => {
    const prefix = 'export function add(a: number, b: number): number {\n  ';
    const base = { path: 'math.ts', language: 'typescript', mode: 'block' as const, prefix };
    assert.equal(await completion({ ...base, suffix: '\n}\n' }), 'return a + b');
    assert.equal(await completion({ ...base, prefix: `const zero = 0;\n${prefix}`, suffix: '\n' }), 'return a + b;\n}');
  });

  it('knows Python, Go and Java signatures, constructors and loops', async () => {
    const cases: [CompletionPrompt, string][] = [
      [{ path: 'a.py', language: 'python', mode: 'block', prefix: 'def greet(name: str) -> None:\n    ', suffix: '' }, 'print(name)'],
      [
        { path: 'a.py', language: 'python', mode: 'block', prefix: 'class Point:\n    def __init__(self, x, y):\n        ', suffix: '' },
        'self.x = x\n        self.y = y',
      ],
      [{ path: 'a.py', language: 'python', mode: 'block', prefix: 'for item in items:\n    ', suffix: '' }, 'print(item)'],
      [{ path: 'a.go', language: 'go', mode: 'block', prefix: 'func add(a int, b int) int {\n\t', suffix: '\n}' }, 'return a + b'],
      [{ path: 'A.java', language: 'java', mode: 'block', prefix: 'class A {\n    int sum(int a, int b) {\n        ', suffix: '' }, 'return a + b;\n    }'],
    ];
    for (const [prompt, expected] of cases) assert.equal(await completion(prompt), expected, prompt.prefix);
  });
});

describe('the completer: as a service', () => {
  it('gives the same answer every time, streamed or whole', async () => {
    const prompt: CompletionPrompt = { path: 'src/score.ts', language: 'typescript', mode: 'line', prefix: SCORES, suffix: '' };
    const first = await completion(prompt);
    assert.equal(await completion(prompt), first);
    const whole = await chat(service().baseUrl, completionBody(prompt, { stream: false }));
    assert.equal(whole.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content, first);
  });

  it('counts and limits the answer by the service token rule', async () => {
    const reply = await chat(
      service().baseUrl,
      completionBody({ path: 'src/score.ts', language: 'typescript', mode: 'line', prefix: SCORES, suffix: '' }, { max_tokens: 3 }),
    );
    assert.equal(streamedContent(reply.text), "'c'");
    assert.equal(lastChunk(reply.text).choices[0]?.finish_reason, 'length');
  });

  it('answers an ordinary question as before, even one that quotes a prompt', async () => {
    const { user } = formatCompletionPrompt({ path: 'a.ts', language: 'typescript', mode: 'line', prefix: SCORES, suffix: '' });
    const reply = await chat(service().baseUrl, { model: 'svc_llm', messages: [{ role: 'user', content: `What does this do?\n${user}` }] });
    assert.match(streamedContent(reply.text), /^You asked:/);
  });

  it('streams at the configured pace: when the first token has arrived, the server has not sent the rest', async () => {
    const prompt: CompletionPrompt = { path: 'src/score.ts', language: 'typescript', mode: 'line', prefix: SCORES, suffix: '' };
    const whole = await chat(service().baseUrl, completionBody(prompt));
    const chunks = streamChunks(whole.text).length;
    const svc = paced();
    const response = await request(`${svc.baseUrl}/maas/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(completionBody(prompt)),
    });
    const reader = new SseDataReader();
    const contents: string[] = [];
    let view: LoggedRequest | undefined;
    for await (const part of response.body) {
      for (const data of reader.push((part as Buffer).toString('utf8'))) contents.push((JSON.parse(data) as StreamChunk).choices[0]?.delta.content ?? '');
      if (contents.length >= 2) {
        view = await serverView(svc);
        break;
      }
    }
    assert.deepEqual(contents.slice(0, 2), ['', "'"]);
    assert.equal(view?.completed, false);
    assert.ok((view?.chunksSent ?? chunks) < chunks, `${view?.chunksSent} of ${chunks} chunks sent when the first token was read`);
  });
});

async function serverView(service: LocalService): Promise<LoggedRequest> {
  const logged = await lastChatRequest(service.baseUrl);
  if (!logged) throw new Error('no chat request logged');
  return logged;
}
