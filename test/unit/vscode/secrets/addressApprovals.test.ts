// The approvals kept in global state: per workspace, origin and purpose. An entry without a purpose (one origin
// approved for every purpose at once) counts for nothing, is not listed, and the next write drops it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddressApprovals, type ApprovalsMemento, type WorkspaceRef } from '../../../../src/vscode/secrets/addressApprovals';
import { StateKey } from '../../../../src/vscode/stateKeys';

const ORIGIN = 'http://127.0.0.1:9';

function memento(initial: unknown): ApprovalsMemento & { readonly values: Map<string, unknown> } {
  const values = new Map<string, unknown>([[StateKey.addressApprovals, initial]]);
  return {
    values,
    get: (key) => values.get(key),
    update: (key, value) => Promise.resolve(void values.set(key, value)),
  };
}

const here: WorkspaceRef = { id: 'file:///home/me/repo', label: 'repo', settingsFile: 'repo/.vscode/settings.json' };
const elsewhere: WorkspaceRef = { id: 'file:///home/me/other', label: 'other', settingsFile: 'other/.vscode/settings.json' };

describe('address approvals', () => {
  it('an approval is for its workspace, origin and purpose only', async () => {
    let workspace = here;
    const approvals = new AddressApprovals(memento([]), () => workspace);
    await approvals.add(ORIGIN, 'console', 'maas.consoleUrl');
    assert.equal(approvals.has(ORIGIN, 'console'), true);
    assert.equal(approvals.has(ORIGIN, 'apiKey'), false, 'allowing the console sends no key');
    assert.equal(approvals.has(ORIGIN, 'speech'), false);
    assert.equal(approvals.has('http://127.0.0.1:10', 'console'), false);
    workspace = elsewhere;
    assert.equal(approvals.has(ORIGIN, 'console'), false, 'another workspace asks for itself');
  });

  it('revoking one purpose keeps the others', async () => {
    const approvals = new AddressApprovals(memento([]), () => here);
    await approvals.add(ORIGIN, 'apiKey', 'maas.baseUrl');
    await approvals.add(ORIGIN, 'speech', 'maas.baseUrl');
    await approvals.revoke(approvals.all().filter((entry) => entry.purpose === 'apiKey'));
    assert.deepEqual(
      approvals.all().map((entry) => [entry.origin, entry.purpose, entry.setting, entry.label]),
      [[ORIGIN, 'speech', 'maas.baseUrl', 'repo']],
    );
  });

  it('an approval kept per origin, for every purpose, counts for none and is dropped at the next write', async () => {
    const earlier = { workspace: here.id, label: 'repo', origin: ORIGIN, setting: 'maas.baseUrl', approvedAt: '2026-01-01T00:00:00.000Z' };
    const state = memento([earlier]);
    const approvals = new AddressApprovals(state, () => here);
    for (const purpose of ['apiKey', 'speech', 'console'] as const) assert.equal(approvals.has(ORIGIN, purpose), false, purpose);
    assert.deepEqual(approvals.all(), [], 'not listed for revocation: there is nothing it allows');
    await approvals.add('http://127.0.0.1:10', 'apiKey', 'maas.baseUrl');
    assert.deepEqual(
      (state.values.get(StateKey.addressApprovals) as { origin: string }[]).map((entry) => entry.origin),
      ['http://127.0.0.1:10'],
    );
  });

  it('a window without a folder keeps no approval', async () => {
    const state = memento([]);
    const approvals = new AddressApprovals(state, () => undefined);
    await approvals.add(ORIGIN, 'apiKey', 'maas.baseUrl');
    assert.equal(approvals.has(ORIGIN, 'apiKey'), false);
    assert.deepEqual(state.values.get(StateKey.addressApprovals), []);
  });
});
