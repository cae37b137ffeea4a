// Whether this window's extension host runs in a container whose set-up a repository (or an image) chose: there the
// machine settings may come from devcontainer.json and the environment (HTTPS_PROXY, extra root certificates) from
// the image, so neither counts as the user's choice. Free of the VS Code API so the unit tests cover it.

/**
 * The remote kinds (`vscode.env.remoteName`, the part of the remote authority before `+`) that are containers: a dev
 * container opened from a folder (`dev-container`), a running container attached to (its image's devcontainer
 * metadata carries settings: `attached-container`, `k8s-container`), a GitHub Codespace (`codespaces`).
 */
const containerRemoteNames: readonly string[] = ['dev-container', 'attached-container', 'k8s-container', 'codespaces'];

/**
 * What the tools that run a repository's container behind another remote kind (`ssh-remote`, or a browser's own
 * authority) put in its environment: VS Code's Dev Containers and DevPod `REMOTE_CONTAINERS=true`, DevPod
 * `DEVPOD=true` (it also writes devcontainer.json's settings as the machine settings), Coder's agent `CODER=true`,
 * Gitpod `GITPOD_WORKSPACE_ID`, Codespaces `CODESPACES=true`.
 */
function containerMarked(env: NodeJS.ProcessEnv): boolean {
  return (
    env.REMOTE_CONTAINERS === 'true' || env.DEVPOD === 'true' || env.CODER === 'true' || env.CODESPACES === 'true' || (env.GITPOD_WORKSPACE_ID ?? '') !== ''
  );
}

/**
 * Whether a window of this remote kind, whose extension host has this environment, runs in a container. SSH, WSL and
 * tunnels without those marks are machines the user configures: their settings and environment stay the user's. A
 * local window (no remote kind) is never one.
 */
export function isContainerWindow(remoteName: string | undefined, env: NodeJS.ProcessEnv): boolean {
  if (remoteName === undefined) return false;
  return containerRemoteNames.includes(remoteName) || containerMarked(env);
}
