// The inline-completion provider as VS Code calls it (registerCompletions on the fake editor API, the engine and ask()
// real, the service a fake the test feeds): what is shown where, what is sent, and what never is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// First: the fake vscode module the modules below bind to.
import { world } from './editorVscode';
import { DEBOUNCE, setUp, shown } from './completionFixture';
import { Position, Range } from '../../../harness/fakeEditor';

const AUTOMATIC = { triggerKind: 1 } as const;
const CART = 'export function total(items: Item[]): number {\n  return \n}\n';

describe('inline completions: registration', () => {
  it('registers one provider, for files and untitled editors only', () => {
    const fixture = setUp();
    const mine = world.providers.filter((entry) => entry.provider === fixture.feature.provider);
    assert.deepEqual(
      mine.map((entry) => entry.selector),
      [[{ scheme: 'file' }, { scheme: 'untitled' }]],
    );
    fixture.dispose();
    assert.equal(world.providers.filter((entry) => entry.provider === fixture.feature.provider).length, 0, 'disposed with the feature');
  });
});

describe('inline completions: triggers', () => {
  it('asks at once when the user invokes it (editor.action.inlineSuggest.trigger)', async () => {
    const { backend, provide } = setUp();
    const { result } = provide({ text: CART }, [1, 9]);
    const call = await backend.call(1);
    call.text('items.length;');
    call.end();
    assert.equal(shown(await result)?.text, 'items.length;');
  });

  it('asks only once typing has paused for maas.completions.debounceMs on an automatic trigger', async () => {
    const { backend, clock, provide } = setUp();
    const { result } = provide({ text: CART }, [1, 9], AUTOMATIC);
    await clock.untilWaiting(1);
    assert.equal(backend.calls.length, 0, 'nothing is sent while the debounce runs');
    clock.advance(DEBOUNCE);
    const call = await backend.call(1);
    call.text('items.length;');
    call.end();
    assert.equal(shown(await result)?.text, 'items.length;');
  });
});

describe('inline completions: the range', () => {
  it('in the middle of a line: one line, the overlap with the rest of the line cut, an empty range at the cursor', async () => {
    const { backend, provide } = setUp();
    const { result } = provide({ text: 'function show(a: number, b: number) {\n  console.log()\n}\n' }, [1, 14]);
    const call = await backend.call(1);
    assert.match(call.prompt, /Insert: the rest of the current line/);
    call.text('a, b)\n  return a;');
    assert.deepEqual(shown(await result), { text: 'a, b', from: [1, 14], to: [1, 14] });
  });

  it('on an empty line after an opening block: the body, several lines, an empty range at the cursor', async () => {
    const { backend, provide } = setUp();
    const { result } = provide({ text: 'export function double(a: number): number {\n  \n}\n' }, [1, 2]);
    const call = await backend.call(1);
    assert.match(call.prompt, /Insert: the body of the block opened above the cursor/);
    call.text('const b = a * 2;\n  return b;\n}\n');
    call.end();
    assert.deepEqual(shown(await result), { text: 'const b = a * 2;\n  return b;', from: [1, 2], to: [1, 2] });
  });

  it('with an IntelliSense item selected: starts with the item and spans the item range, as VS Code requires', async () => {
    const { backend, provide } = setUp();
    const text = 'export function total(items: Item[]): number {\n  return items.le\n}\n';
    const selectedCompletionInfo = { range: new Range(new Position(1, 15), new Position(1, 17)), text: 'length' };
    const { result } = provide({ text }, [1, 17], { triggerKind: 0, selectedCompletionInfo } as never);
    const call = await backend.call(1);
    assert.match(call.prompt, /return items\.length<\|cursor\|>/, 'the prompt has the item in place, as if typed');
    call.text(';');
    call.end();
    assert.deepEqual(shown(await result), { text: 'length;', from: [1, 15], to: [1, 17] });
  });
});

describe('inline completions: requests', () => {
  it('aborts the request the moment VS Code cancels the call, and shows nothing', async () => {
    const { backend, provide } = setUp();
    const { result, cancel } = provide({ text: CART }, [1, 9]);
    const call = await backend.call(1);
    cancel();
    assert.equal(call.signal.aborted, true);
    assert.equal(await result, undefined);
  });

  it('keeps one request in flight: a newer call aborts the older one first', async () => {
    const { backend, provide } = setUp();
    const first = provide({ text: CART }, [1, 9]);
    const older = await backend.call(1);
    const second = provide({ text: CART.replace('return ', 'return i') }, [1, 10]);
    const newer = await backend.call(2);
    assert.equal(older.signal.aborted, true);
    assert.equal(newer.othersOpen, 0, 'no other request open when the newer one went');
    newer.text('tems.length;');
    newer.end();
    assert.equal(await first.result, undefined);
    assert.equal(shown(await second.result)?.text, 'tems.length;');
  });

  it('sends nothing when the user types through the suggestion, or deletes back to where it was made', async () => {
    const { backend, provide } = setUp();
    const first = provide({ text: CART }, [1, 9]);
    const call = await backend.call(1);
    call.text('items.length;');
    call.end();
    assert.equal(shown(await first.result)?.text, 'items.length;');
    const typed = await provide({ text: CART.replace('return ', 'return it') }, [1, 11], AUTOMATIC).result;
    assert.deepEqual(shown(typed), { text: 'ems.length;', from: [1, 11], to: [1, 11] });
    const back = await provide({ text: CART }, [1, 9], AUTOMATIC).result;
    assert.equal(shown(back)?.text, 'items.length;');
    assert.equal(backend.calls.length, 1);
  });

  it('sends the workspace-relative path and the language, never the absolute path', async () => {
    const { backend, provide } = setUp();
    void provide({ text: CART }, [1, 9]);
    const call = await backend.call(1);
    assert.match(call.prompt, /^Path: src\/cart\.ts$/m);
    assert.match(call.prompt, /^Language: typescript$/m);
    assert.doesNotMatch(JSON.stringify(call.request), /\/work\/project/);
  });
});

describe('inline completions: the model', () => {
  it('asks the chat model (maas.models.chat) unless maas.completions.model names another, with maas.completions.maxTokens', async () => {
    const chat = setUp({ chatModel: 'svc_llm_chat', completionsMaxTokens: 300 });
    void chat.provide({ text: 'export function double(a: number): number {\n  \n}\n' }, [1, 2]);
    const block = await chat.backend.call(1);
    assert.equal(block.request.model, 'svc_llm_chat');
    assert.equal(block.request.max_tokens, 300);
    const own = setUp({ chatModel: 'svc_llm_chat', completionsModel: 'svc_coder' });
    void own.provide({ text: CART }, [1, 9]);
    assert.equal((await own.backend.call(1)).request.model, 'svc_coder');
  });
});

describe('inline completions: what is never sent', () => {
  for (const [what, uri, language] of [
    ['a .env file', 'file:/projects/shop/.env', 'dotenv'],
    ['a private key', 'file:/projects/shop/deploy/server.pem', 'plaintext'],
    ['a file under ~/.ssh', 'file:/home/user/.ssh/config', 'ssh_config'],
    ['a file of maas.completions.excludeFiles', 'file:/projects/shop/src/internal/pricing.ts', 'typescript'],
    ['an output pane', 'output:extension-output-maas', 'log'],
    ['a diff original', 'git:/projects/shop/src/cart.ts', 'typescript'],
    ['a settings editor', 'vscode-userdata:/user/settings.json', 'jsonc'],
  ] as const) {
    it(`sends nothing from ${what}`, async () => {
      const { backend, provide } = setUp({ completionsExcludeFiles: ['**/internal/**'] });
      assert.equal(await provide({ uri, language, text: CART }, [1, 9]).result, undefined);
      assert.equal(backend.calls.length, 0);
    });
  }

  it('sends nothing in a language turned off in maas.completions.languages, and asks in the others', async () => {
    const { backend, provide } = setUp({ completionsLanguages: { markdown: false } });
    assert.equal(await provide({ uri: 'file:/projects/shop/README.md', language: 'markdown', text: CART }, [1, 9]).result, undefined);
    assert.equal(backend.calls.length, 0);
    void provide({ text: CART }, [1, 9]);
    await backend.call(1);
  });

  it('sends nothing once completions are turned off', async () => {
    const fixture = setUp();
    fixture.set({ completionsEnabled: false });
    assert.equal(await fixture.provide({ text: CART }, [1, 9]).result, undefined);
    assert.equal(fixture.backend.calls.length, 0);
  });
});
