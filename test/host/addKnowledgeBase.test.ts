// MaaS: Add Knowledge Base inside a real extension host, against the local service (whose knowledge base 3 exists):
// an id the service accepts is appended to the user's maas.knowledgeBases with every entry already there; an id it
// does not know, a missing key or address, and a cancel save nothing and say why.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { KnowledgeBaseEntry } from '../../src/core/knowledge/knowledgeBaseEntry';
import { CommandId } from '../../src/vscode/commandIds';
import { restoreSetting, setSetting } from '../harness/hostSettings';
import { CHAT_ROUTE, requestCount } from '../harness/requestLog';
import { freshPrompter, signIn } from './featureHelpers';
import { api, hook, service } from './hostService';
import type { ScriptedPrompter } from './scriptedPrompter';

const EXISTING = [
  { id: 7, name: 'Team wiki' },
  { id: 8, name: 'Release notes' },
];

function userList(): unknown {
  return vscode.workspace.getConfiguration('maas').inspect('knowledgeBases')?.globalValue;
}

/** What the input box shows for `value`: its validation message, or undefined when the value is accepted. */
async function validation(options: vscode.InputBoxOptions, value: string): Promise<string | undefined> {
  const result = await options.validateInput?.(value);
  return typeof result === 'string' ? result : result?.message;
}

const addKnowledgeBase = (): Thenable<KnowledgeBaseEntry | undefined> =>
  vscode.commands.executeCommand<KnowledgeBaseEntry | undefined>(CommandId.addKnowledgeBase);

describe('add knowledge base (MaaS: Add Knowledge Base): checked against the service, saved to the user settings', () => {
  let prompter: ScriptedPrompter;

  before(async () => {
    await signIn(false);
  });

  beforeEach(async () => {
    prompter = await freshPrompter();
    await api('/_local/reset', {});
    await setSetting('knowledgeBases', EXISTING);
  });

  after(async () => {
    (await hook()).setPrompter(undefined);
    await restoreSetting('knowledgeBases');
    await restoreSetting('baseUrl');
    await signIn(false);
  });

  it('an id the service knows is appended after the entries already there, once the service accepted it', async () => {
    const typed: Array<string | undefined> = [];
    prompter.script(
      async (options: vscode.InputBoxOptions) => {
        typed.push(await validation(options, 'abc'), await validation(options, '7'), await validation(options, '3'));
        return ' 3 ';
      },
      async (options: vscode.InputBoxOptions) => {
        typed.push(await validation(options, 'team WIKI'), await validation(options, ' '));
        return ' Host guide ';
      },
    );
    const asked = await requestCount(service.baseUrl, CHAT_ROUTE);
    const added = await addKnowledgeBase();
    assert.deepEqual(added, { id: 3, name: 'Host guide' }, JSON.stringify(prompter.messages));
    assert.deepEqual(userList(), [...EXISTING, { id: 3, name: 'Host guide' }]);
    assert.equal(await requestCount(service.baseUrl, CHAT_ROUTE), asked + 1, 'one question checked the id');
    assert.match(typed[0] ?? '', /whole number/);
    assert.match(typed[1] ?? '', /already in maas\.knowledgeBases, as “Team wiki”/);
    assert.equal(typed[2], undefined, 'a new id is accepted as typed');
    assert.match(typed[3] ?? '', /has this name/);
    assert.match(typed[4] ?? '', /Enter a name/);
    assert.ok(prompter.messages.some((m) => m.level === 'info' && /“Host guide” \(3\) was added/.test(m.text)));
  });

  it('an id the service does not know is refused with its words, and nothing is saved', async () => {
    prompter.script('99', 'Nowhere');
    assert.equal(await addKnowledgeBase(), undefined);
    assert.deepEqual(userList(), EXISTING);
    const error = prompter.messages.find((m) => m.level === 'error')?.text ?? '';
    assert.match(error, /does not accept knowledge base 99/);
    assert.match(error, /99/, "the service's own words name the id");
  });

  it('without an API key it says so before asking anything, and saves nothing', async () => {
    await vscode.commands.executeCommand(CommandId.clearApiKey);
    try {
      assert.equal(await addKnowledgeBase(), undefined);
      assert.deepEqual(prompter.asked, []);
      const error = prompter.messages.find((m) => m.level === 'error')?.text ?? '';
      assert.match(error, /API key is not set/);
      assert.deepEqual(prompter.offered.get(error), ['Set API Key']);
      assert.deepEqual(userList(), EXISTING);
    } finally {
      await signIn(false);
    }
  });

  it('without a service address it says so before asking anything, and saves nothing', async () => {
    await setSetting('baseUrl', '');
    try {
      assert.equal(await addKnowledgeBase(), undefined);
      assert.deepEqual(prompter.asked, []);
      const error = prompter.messages.find((m) => m.level === 'error')?.text ?? '';
      assert.match(error, /No service address/);
      assert.deepEqual(prompter.offered.get(error), ['Open Settings']);
      assert.deepEqual(userList(), EXISTING);
    } finally {
      await restoreSetting('baseUrl');
    }
  });

  it('a cancelled name box saves nothing, asks the service nothing and shows no error', async () => {
    prompter.script('3', undefined);
    const asked = await requestCount(service.baseUrl, CHAT_ROUTE);
    assert.equal(await addKnowledgeBase(), undefined);
    assert.equal(prompter.asked.length, 2);
    assert.deepEqual(userList(), EXISTING);
    assert.equal(await requestCount(service.baseUrl, CHAT_ROUTE), asked);
    assert.deepEqual(prompter.messages, []);
  });
});
