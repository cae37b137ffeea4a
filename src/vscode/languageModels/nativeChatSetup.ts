// The one step VS Code's own chat needs before a signed-out user's first plain question to the service's model is
// answered (core/nativeChat/chatSetupPlan.ts says which parts are missing): its built-in chat extension turned on
// without a sign-in, as Chat: Manage Language Models does, and the service's chat model as its utility model. Done
// only with the user's consent: the offer's button, or the command / the walkthrough's button the user clicked.
// Everything it uses beyond the stable API is a VS Code command, looked up by `vscode.commands.getCommands` first.
import * as vscode from 'vscode';
import type { Credentials } from '../../core/credentials/credentials';
import {
  decideChatSetup,
  describeChatSetupDecision,
  UTILITY_SETTINGS,
  type ChatSetupDecision,
  type ChatSetupFacts,
  type ChatSetupSteps,
  type UtilitySetting,
} from '../../core/nativeChat/chatSetupPlan';
import { sleep } from '../../core/http/sleep';
import { CommandId } from '../commandIds';
import { LM_VENDOR } from '../contributionIds';
import type { Logger } from '../logger';
import type { Prompter } from '../prompter';
import type { SettingsReader } from '../settings/settings';

/** VS Code's built-in chat extension (product.json `defaultChatAgent.chatExtensionId`). */
export const CHAT_EXTENSION_ID = 'GitHub.copilot-chat';

/** Chat: Manage Language Models: turns the built-in chat extension on (no sign-in), then opens the models editor. */
export const MANAGE_MODELS_COMMAND = 'workbench.action.chat.manage';

/** How long the built-in chat extension may take to appear once turned on (it starts in seconds). */
const CHAT_START_TIMEOUT_MS = 60_000;

/** How long the automatic offer waits for VS Code to register Chat: Manage Language Models, and how often it looks. */
const MANAGE_COMMAND_WAIT_MS = 60_000;
const MANAGE_COMMAND_LOOK_MS = 1_000;

/**
 * Whether VS Code has command `id`, or registers it within `timeoutMs` (looked for every `intervalMs`). VS Code
 * registers some of its own commands, Chat: Manage Language Models among them, only once the window is idle after
 * restoring, which can come after an extension that a command or a view activated has looked. False at once when
 * `signal` aborts.
 */
export async function commandAppears(id: string, timeoutMs: number, intervalMs: number, signal?: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await vscode.commands.getCommands(true)).includes(id)) return true;
    const left = deadline - Date.now();
    if (left <= 0 || signal?.aborted === true) return false;
    try {
      await sleep(Math.min(intervalMs, left), signal);
    } catch {
      return false;
    }
  }
}

export interface NativeChatSetupDependencies {
  readonly settings: SettingsReader;
  readonly credentials: Pick<Credentials, 'hasApiKey'>;
  readonly prompter: Prompter;
  /** globalState: the remembered "Not now". */
  readonly memento: vscode.Memento;
  readonly logger: Logger;
}

/** globalState key of the user's "Not now" to the automatic offer. */
export const DECLINED_KEY = 'maas.nativeChat.setupDeclined';

/** What this VS Code and the extension's state say now. */
export async function chatSetupFacts(deps: NativeChatSetupDependencies): Promise<ChatSetupFacts> {
  const chat = vscode.workspace.getConfiguration('chat');
  const utilityModels: Partial<Record<UtilitySetting, string>> = {};
  for (const setting of UTILITY_SETTINGS) {
    // A setting this VS Code does not declare has no default: it is left out (an older VS Code).
    if (chat.inspect<string>(setting)?.defaultValue === undefined) continue;
    const value = chat.get<unknown>(setting);
    utilityModels[setting] = typeof value === 'string' ? value : '';
  }
  const commands = await vscode.commands.getCommands(true);
  return {
    hasApiKey: await deps.credentials.hasApiKey(),
    nativeChatEnabled: deps.settings.settings.nativeChatEnabled && typeof vscode.lm?.registerLanguageModelChatProvider === 'function',
    aiFeaturesDisabled: chat.get<unknown>('disableAIFeatures') === true,
    chatExtensionEnabled: vscode.extensions.getExtension(CHAT_EXTENSION_ID) !== undefined,
    canEnableChat: commands.includes(MANAGE_MODELS_COMMAND),
    utilityModels,
    byokUtilityModelDefault: chat.get<string>('byokUtilityModelDefault'),
    ourModel: `${LM_VENDOR}/${deps.settings.settings.chatModel}`,
    declined: deps.memento.get<boolean>(DECLINED_KEY) === true,
  };
}

/** The offer's question, naming exactly what will change. */
function offerText(steps: ChatSetupSteps, model: string): string {
  const settings = steps.utilitySettings.map((setting) => `chat.${setting}`).join(', ');
  if (steps.enableChat && settings !== '')
    return vscode.l10n.t(
      "Answer questions in VS Code's chat with {0}, without signing in to GitHub? This turns VS Code's chat on (as Chat: Manage Language Models does) and sets {0} as its utility model in your user settings ({1}).",
      model,
      settings,
    );
  if (steps.enableChat)
    return vscode.l10n.t(
      "Answer questions in VS Code's chat with {0}, without signing in to GitHub? This turns VS Code's chat on (as Chat: Manage Language Models does).",
      model,
    );
  return vscode.l10n.t(
    "Let VS Code's chat use {0} for its background requests (titles, summaries) instead of asking you to sign in to GitHub? This sets {0} as its utility model in your user settings ({1}).",
    model,
    settings,
  );
}

/** Waits until the built-in chat extension is listed (VS Code turns it on), then activates it. */
async function startChatExtension(): Promise<void> {
  const listed = await new Promise<vscode.Extension<unknown> | undefined>((resolve) => {
    const now = vscode.extensions.getExtension(CHAT_EXTENSION_ID);
    if (now !== undefined) return resolve(now);
    const subscription = vscode.extensions.onDidChange(() => {
      const extension = vscode.extensions.getExtension(CHAT_EXTENSION_ID);
      if (extension === undefined) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(extension);
    });
    const timer = setTimeout(() => {
      subscription.dispose();
      resolve(undefined);
    }, CHAT_START_TIMEOUT_MS);
  });
  if (listed === undefined)
    throw new Error(
      vscode.l10n.t("VS Code's chat did not start within {0} seconds. Run Chat: Manage Language Models once, then ask again.", CHAT_START_TIMEOUT_MS / 1000),
    );
  await listed.activate();
}

/** Takes the steps: the chat turned on and started, then the utility-model settings written to the user settings. */
export async function runChatSetup(steps: ChatSetupSteps, model: string, logger: Logger): Promise<void> {
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Setting up VS Code's chat for {0}…", model) },
    async () => {
      if (steps.enableChat) {
        await vscode.commands.executeCommand(MANAGE_MODELS_COMMAND);
        await startChatExtension();
        logger.info(`VS Code's chat turned on (${CHAT_EXTENSION_ID} active).`);
      }
      const chat = vscode.workspace.getConfiguration('chat');
      for (const setting of steps.utilitySettings) {
        await chat.update(setting, model, vscode.ConfigurationTarget.Global);
        logger.info(`chat.${setting} set to ${model} in the user settings.`);
      }
    },
  );
}

/** The model as VS Code's settings name it (`maas/svc_llm`) and as the user reads it (`svc_llm`). */
function modelNames(facts: ChatSetupFacts): { setting: string; shown: string } {
  return { setting: facts.ourModel, shown: facts.ourModel.slice(LM_VENDOR.length + 1) };
}

/** The result the command resolves with (the in-host test reads it): the decision taken, and whether it ran. */
export interface ChatSetupOutcome {
  readonly decision: ChatSetupDecision['kind'];
  readonly ran: boolean;
}

/** MaaS: Set Up VS Code's Chat: takes the missing steps at once (the user asked), or says why there are none. */
export function setUpNativeChatCommand(deps: NativeChatSetupDependencies): () => Promise<ChatSetupOutcome> {
  return async () => {
    const facts = await chatSetupFacts(deps);
    const decision = decideChatSetup(facts, true);
    const { setting, shown } = modelNames(facts);
    switch (decision.kind) {
      case 'offer':
        await runChatSetup(decision.steps, setting, deps.logger);
        void deps.prompter.showInformationMessage(readyText(shown));
        return { decision: decision.kind, ran: true };
      case 'done':
        void deps.prompter.showInformationMessage(vscode.l10n.t("VS Code's chat needs nothing more to answer with {0}.", shown));
        return { decision: decision.kind, ran: false };
      case 'unavailable':
        await explainUnavailable(decision.reason, deps.prompter);
        return { decision: decision.kind, ran: false };
      case 'declined':
        // Never for the command: the user asked.
        return { decision: decision.kind, ran: false };
    }
  };
}

function readyText(model: string): string {
  return vscode.l10n.t(
    "VS Code's chat is set up for {0}: close its Language Models editor, pick {0} in the chat's model picker and ask, in Ask or Agent mode.",
    model,
  );
}

async function explainUnavailable(reason: 'noApiKey' | 'nativeChatOff' | 'aiFeaturesOff' | 'hostCannotEnable', prompter: Prompter): Promise<void> {
  switch (reason) {
    case 'noApiKey': {
      const setKey = vscode.l10n.t('Set API Key');
      if ((await prompter.showWarningMessage(vscode.l10n.t("Set your API key first: VS Code's chat lists the MaaS models once it is set."), setKey)) === setKey)
        await vscode.commands.executeCommand(CommandId.setApiKey);
      return;
    }
    case 'nativeChatOff':
      void prompter.showWarningMessage(vscode.l10n.t("The MaaS models are switched off in VS Code's chat (maas.nativeChat.enabled is false)."));
      return;
    case 'aiFeaturesOff':
      void prompter.showWarningMessage(vscode.l10n.t("VS Code's chat is turned off in this VS Code (chat.disableAIFeatures is true)."));
      return;
    case 'hostCannotEnable':
      void prompter.showWarningMessage(
        vscode.l10n.t(
          'This VS Code gives extensions no way to turn its chat on (it has no Chat: Manage Language Models command). Set up its chat as it asks, or use the MaaS view and @maas, which need no set-up.',
        ),
      );
      return;
  }
}

/**
 * The automatic offer: once a session, when an API key is present (at start-up or when one is set) and a step is
 * missing, unless the user said "Not now" before (remembered; the command still works).
 */
export class NativeChatSetupOffer implements vscode.Disposable {
  private offered = false;
  /** The offer waits for Chat: Manage Language Models once a session. */
  private waitedForCommand = false;
  /** One consideration at a time: the start-up's and a key change's each see the other's outcome. */
  private considering: Promise<void> = Promise.resolve();
  private readonly stopped = new AbortController();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly deps: NativeChatSetupDependencies,
    onKeyChange: (listener: () => void) => { dispose(): void },
  ) {
    // A key change considers the offer in the background: a failure (VS Code refusing to list its commands) is logged.
    const subscription = onKeyChange(() => {
      this.consider().catch((error: unknown) =>
        this.deps.logger.warn(`VS Code's chat set-up could not be considered: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
    this.subscription = new vscode.Disposable(() => subscription.dispose());
  }

  /** Considers the offer now (at start-up), after any consideration under way. */
  consider(): Promise<void> {
    const next = this.considering.then(() => this.considerOnce());
    this.considering = next.catch(() => undefined);
    return next;
  }

  private async considerOnce(): Promise<void> {
    if (this.offered) return;
    let facts = await chatSetupFacts(this.deps);
    let decision = decideChatSetup(facts, false);
    if (decision.kind === 'unavailable' && decision.reason === 'hostCannotEnable' && !this.waitedForCommand) {
      this.waitedForCommand = true;
      this.deps.logger.info(`VS Code's chat set-up waits up to ${MANAGE_COMMAND_WAIT_MS / 1000} s for VS Code to register ${MANAGE_MODELS_COMMAND}.`);
      if (await commandAppears(MANAGE_MODELS_COMMAND, MANAGE_COMMAND_WAIT_MS, MANAGE_COMMAND_LOOK_MS, this.stopped.signal)) {
        facts = await chatSetupFacts(this.deps);
        decision = decideChatSetup(facts, false);
      }
    }
    if (this.offered || this.stopped.signal.aborted) return;
    this.deps.logger.info(`VS Code's chat set-up ${describeChatSetupDecision(decision)}.`);
    if (decision.kind !== 'offer') return;
    this.offered = true;
    const { setting, shown } = modelNames(facts);
    const setUp = vscode.l10n.t('Set Up');
    const notNow = vscode.l10n.t('Not now');
    const choice = await this.deps.prompter.showInformationMessage(offerText(decision.steps, shown), setUp, notNow);
    if (choice === notNow) await this.deps.memento.update(DECLINED_KEY, true);
    if (choice !== setUp) return;
    try {
      await runChatSetup(decision.steps, setting, this.deps.logger);
      void this.deps.prompter.showInformationMessage(readyText(shown));
    } catch (error) {
      this.deps.logger.warn(`Setting up VS Code's chat failed: ${error instanceof Error ? error.message : String(error)}`);
      void this.deps.prompter.showWarningMessage(error instanceof Error ? error.message : String(error));
    }
  }

  dispose(): void {
    this.stopped.abort();
    this.subscription.dispose();
  }
}
