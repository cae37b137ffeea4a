// The user's changes to the conversations: the list's New, Open, Rename, Delete and Export, the model picker, the
// parameter panel (every value checked against the range its model takes before anything changes) and the persona.
// Each is a pure operation of conversationsState.ts applied to the session's state as an 'edit': the saver writes it,
// the view is sent it, and the runs of a deleted conversation's answers stop, each because it follows the state.
import { randomUUID } from 'node:crypto';
import type { Conversation } from '../../conversations/conversationModel';
import type { ConversationStore } from '../../conversations/conversationStore';
import * as ops from '../../conversations/conversationsState';
import type { Localiser } from '../../../shared/localiser';
import { paramProblem, rangeText, type ChatParamName, type ChatParams } from '../../../shared/chatParams';
import type { ModelOptionView } from '../../../shared/protocol';
import { modelOptions, type ChatSettings } from '../chatSettings';
import { withoutConversation, type ChatState, type SessionState } from '../sessionState';
import type { OpenConversations } from './openConversations';

export interface ConversationEditsDeps {
  readonly state: ChatState;
  readonly open: OpenConversations;
  readonly store: ConversationStore;
  readonly settings: () => ChatSettings;
  readonly l10n: Localiser;
}

export class ConversationEdits {
  constructor(private readonly deps: ConversationEditsDeps) {}

  private get conversations(): ops.ConversationsState {
    return this.deps.state.current.conversations;
  }

  newConversation(): Promise<void> {
    return this.apply((s) => ({ ...s, conversations: ops.newConversation(s.conversations, randomUUID(), this.deps.settings().chatModel, Date.now()) }));
  }

  /** Opens a conversation of the list; its turns are read from disk when they are not in memory. */
  async select(id: string): Promise<void> {
    if (await this.deps.open.ensureLoaded(id)) await this.apply((s) => ({ ...s, conversations: ops.selectConversation(s.conversations, id) }));
    else await this.apply((s) => s);
  }

  async rename(id: string, title: string): Promise<void> {
    if (await this.deps.open.ensureLoaded(id))
      await this.apply((s) => ({ ...s, conversations: ops.renameConversation(s.conversations, id, title, Date.now()) }));
  }

  async delete(id: string): Promise<void> {
    // The turns name the conversation's image files: read from disk when the conversation is not open.
    const conversation = (await this.deps.open.ensureLoaded(id)) ? this.conversations.conversations.find((c) => c.id === id) : undefined;
    await this.apply((s) => withoutConversation(s, id));
    await this.deps.store.deleteImages(conversation?.turns.flatMap((t) => t.images).flatMap((i) => (i.file === undefined ? [] : [i.file])) ?? []);
  }

  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  read(id: string): Promise<Conversation | undefined> {
    return this.deps.open.read(id);
  }

  /** The model picker: the active conversation's model (the parameters of the old one are cleared). */
  async setModel(model: string): Promise<void> {
    const active = ops.activeConversation(this.conversations);
    if (!modelOptions(this.deps.settings()).some((option) => option.code === model)) {
      this.refuse(this.deps.l10n.t('{0} is not one of the configured models.', model), active?.id);
      return;
    }
    await this.apply((s) => ({
      ...s,
      conversations: ops.setConversationModel(s.conversations, active?.id ?? '', model, Date.now()),
      notices: active === undefined ? s.notices : s.notices.clear('visionSwitch', active.id).clear('params', active.id),
    }));
  }

  /** The parameter panel: every value checked against the model's range before anything changes. */
  async setParams(params: ChatParams): Promise<void> {
    const active = ops.activeConversation(this.conversations);
    if (active === undefined) return;
    const option = modelOptions(this.deps.settings()).find((o) => o.code === active.model);
    const problems = paramProblems(params, active.model, option, this.deps.l10n);
    if (problems.length > 0) {
      this.refuse(this.deps.l10n.t('Parameters not changed: {0}', problems.join('; ')), active.id);
      return;
    }
    await this.apply((s) => ({
      ...s,
      conversations: ops.setConversationParams(s.conversations, active.id, params, Date.now()),
      notices: s.notices.clear('params', active.id),
    }));
  }

  setPersona(persona: string): Promise<void> {
    return this.apply((s) => ({
      ...s,
      conversations: ops.setConversationPersona(s.conversations, ops.activeConversation(s.conversations)?.id ?? '', persona, Date.now()),
    }));
  }

  /**
   * A change the user made, then an open conversation settled (a deleted one is replaced). It is announced even when
   * it changed nothing (a rename to blanks, a conversation gone meanwhile), so the view shows what stands.
   */
  private async apply(change: (state: SessionState) => SessionState): Promise<void> {
    this.deps.state.update('edit', (s) => ({ ...change(s) }));
    await this.deps.open.settleActive(this.deps.settings().chatModel, 'edit');
  }

  /** A change refused: the notice says why, in its conversation, and the view shows what stands. */
  private refuse(text: string, conversationId: string | undefined): void {
    this.deps.state.update('edit', (s) => ({ ...s, notices: s.notices.set('params', 'error', text, { conversationId }) }));
  }
}

/**
 * Why a change of the parameter panel cannot apply, in the user's words: one sentence per value that does not fit the
 * range the conversation's model takes (shared/chatParams.ts); none when the change applies.
 */
function paramProblems(params: ChatParams, model: string, option: ModelOptionView | undefined, l10n: Localiser): string[] {
  return (Object.entries(params) as [ChatParamName, number | undefined][]).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const range = option?.params[name];
    if (range === undefined) return [l10n.t('{0} does not apply to the model {1}.', name, model)];
    switch (paramProblem(range, value)) {
      case undefined:
        return [];
      case 'notAnInteger':
        return [l10n.t('{0} must be a whole number in {1}; {2} is not.', range.wireName, rangeText(range), value)];
      default:
        return [l10n.t('{0} {1} is outside {2}.', range.wireName, value, rangeText(range))];
    }
  });
}
