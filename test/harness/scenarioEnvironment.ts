// The environment a test gives the programs it starts (code-server, Chromium): the runner's own, without what would
// change what the extension or VS Code decides. A proxy named in the runner's environment would carry requests meant
// for the local service; a container's marks would make the user's settings count as a container's; a VS Code
// terminal's variables would point code-server's CLI at the VS Code the tests run in. A test that needs one of these
// sets it itself (test/host/containerProxy.test.ts).

const RUNNER_ONLY = /^(https?_proxy|all_proxy|no_proxy|remote_containers|devpod|coder|codespaces|gitpod_.*|vscode_.*|electron_run_as_node)$/i;

export function scenarioEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !RUNNER_ONLY.test(name)));
}
