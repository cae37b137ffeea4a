// What VS Code's own chat still needs before a signed-out user's first question to the service's model is answered,
// and whether to offer it. On a profile that never ran VS Code's chat set-up, VS Code keeps its built-in chat
// extension off and a set-up agent answers every plain question with a sign-in dialog; and its background flows
// (titles, intent) use Copilot's models unless `chat.utilityModel` / `chat.utilitySmallModel` name another model.
// Pure: the vscode layer gathers the facts (nativeChatSetup.ts) and carries the plan out.

/** VS Code's utility-model settings, by their key under `chat.`. */
export type UtilitySetting = 'utilityModel' | 'utilitySmallModel';

export const UTILITY_SETTINGS: readonly UtilitySetting[] = ['utilityModel', 'utilitySmallModel'];

/** What the extension can see of VS Code and of its own state. */
export interface ChatSetupFacts {
  readonly hasApiKey: boolean;
  /** `maas.nativeChat.enabled`. */
  readonly nativeChatEnabled: boolean;
  /** `chat.disableAIFeatures`: the user turned VS Code's chat off. */
  readonly aiFeaturesDisabled: boolean;
  /** The built-in chat extension is enabled (it is listed in `vscode.extensions`). */
  readonly chatExtensionEnabled: boolean;
  /** The host has the command that turns its chat on without a sign-in (Chat: Manage Language Models). */
  readonly canEnableChat: boolean;
  /** The current value of each utility-model setting this VS Code knows ('' when unset); absent: not in this VS Code. */
  readonly utilityModels: Partial<Record<UtilitySetting, string>>;
  /** `chat.byokUtilityModelDefault`: `mainAgent` already sends the background flows to the picked model. */
  readonly byokUtilityModelDefault: string | undefined;
  /** The service's model as VS Code names it in these settings (`maas/svc_llm`). */
  readonly ourModel: string;
  /** The user answered "Not now" to the offer. */
  readonly declined: boolean;
}

/** The steps still to take: turn VS Code's chat on, and the utility-model settings to point at the service's model. */
export interface ChatSetupSteps {
  readonly enableChat: boolean;
  readonly utilitySettings: readonly UtilitySetting[];
}

export type ChatSetupDecision =
  | { readonly kind: 'offer'; readonly steps: ChatSetupSteps }
  | { readonly kind: 'done' }
  | { readonly kind: 'declined' }
  | { readonly kind: 'unavailable'; readonly reason: UnavailableReason };

/**
 * Why there is nothing to offer: no key yet; the native chat surfaces switched off; the user turned VS Code's AI
 * features off; or this VS Code's chat is off and the host has no way for an extension to turn it on.
 */
export type UnavailableReason = 'noApiKey' | 'nativeChatOff' | 'aiFeaturesOff' | 'hostCannotEnable';

/**
 * The steps missing. A utility-model setting the user already set (to any model) is theirs and stays; none is needed
 * when `chat.byokUtilityModelDefault` is `mainAgent` (the picked model serves the background flows already).
 */
export function missingSteps(facts: ChatSetupFacts): ChatSetupSteps {
  const utilitySettings = facts.byokUtilityModelDefault === 'mainAgent' ? [] : UTILITY_SETTINGS.filter((setting) => facts.utilityModels[setting] === '');
  return { enableChat: !facts.chatExtensionEnabled, utilitySettings };
}

/**
 * Whether to offer the set-up. `asked`: the user ran the command (or the walkthrough's button), so an earlier
 * "Not now" does not stand in the way; the automatic offer respects it.
 */
export function decideChatSetup(facts: ChatSetupFacts, asked: boolean): ChatSetupDecision {
  if (!facts.hasApiKey) return { kind: 'unavailable', reason: 'noApiKey' };
  if (!facts.nativeChatEnabled) return { kind: 'unavailable', reason: 'nativeChatOff' };
  if (facts.aiFeaturesDisabled) return { kind: 'unavailable', reason: 'aiFeaturesOff' };
  const steps = missingSteps(facts);
  if (!steps.enableChat && steps.utilitySettings.length === 0) return { kind: 'done' };
  // Without the chat itself the settings alone do not answer the first question: nothing half-done is offered.
  if (steps.enableChat && !facts.canEnableChat) return { kind: 'unavailable', reason: 'hostCannotEnable' };
  if (facts.declined && !asked) return { kind: 'declined' };
  return { kind: 'offer', steps };
}

/** The decision as the extension's log states it, e.g. `offered: turn VS Code's chat on, set chat.utilityModel`. */
export function describeChatSetupDecision(decision: ChatSetupDecision): string {
  switch (decision.kind) {
    case 'offer': {
      const steps = [
        ...(decision.steps.enableChat ? ["turn VS Code's chat on"] : []),
        ...decision.steps.utilitySettings.map((setting) => `set chat.${setting}`),
      ];
      return `offered: ${steps.join(', ')}`;
    }
    case 'done':
      return 'not offered: nothing is missing';
    case 'declined':
      return 'not offered: the user answered "Not now" before';
    case 'unavailable':
      return `not offered: ${decision.reason}`;
  }
}
