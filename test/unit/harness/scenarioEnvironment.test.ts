// The environment given to code-server and Chromium: the runner's proxies, container marks and VS Code terminal
// variables stay out, so a scenario behaves alike on every machine; the rest passes through.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scenarioEnvironment } from '../../harness/scenarioEnvironment';

describe('the environment of the programs a test starts', () => {
  it("leaves out the runner's proxies, container marks and VS Code terminal variables, in either case", () => {
    const runner = {
      PATH: '/usr/bin',
      HOME: '/root',
      LANG: 'C.UTF-8',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
      HTTP_PROXY: 'http://proxy.corp:3128',
      https_proxy: 'http://proxy.corp:3128',
      ALL_PROXY: 'socks5://proxy.corp:1080',
      NO_PROXY: 'localhost',
      REMOTE_CONTAINERS: 'true',
      DEVPOD: 'true',
      CODER: 'true',
      CODESPACES: 'true',
      GITPOD_WORKSPACE_ID: 'abc',
      VSCODE_IPC_HOOK_CLI: '/tmp/vscode-ipc.sock',
      ELECTRON_RUN_AS_NODE: '1',
      CODER_AGENT_URL: 'kept: only CODER itself marks a container',
    };
    assert.deepEqual(scenarioEnvironment(runner), {
      PATH: '/usr/bin',
      HOME: '/root',
      LANG: 'C.UTF-8',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
      CODER_AGENT_URL: 'kept: only CODER itself marks a container',
    });
  });
});
