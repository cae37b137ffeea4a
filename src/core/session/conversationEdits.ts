// The user's changes to the conversations: the list's New, Open, Rename, Delete and Export, the model picker, the
// parameter panel (every value checked before anything changes) and the persona. Each goes through a pure operation
// of conversationsState.ts; then the conversations are saved and the view gets a new snapshot.
import { randomUUID } from 'node:crypto';
import type { Conversation } from '../conversations/conversationModel';
import type { ConversationStore } from '../conversations/conversationStore';
import * as ops from '../conversations/conversationsState';
import type { Localiser } from '../localiser';
import type { ChatParams } from '../../shared/chatParams';
import { modelOptions, type ChatSettings } from './chatSettings';
import type { Notices } from './notices';
import type { OpenConversations, StateCell } from './openConversations';
import { paramProblems } from './paramProblems';
import type { TurnRuns } from './turnRuns';

export interface ConversationEditsDeps {
  readonly state: StateCell;
  /** Resolves once the history is loaded: no change applies before. */
  readonly whenLoaded: () => Promise<void>;
  readonly open: OpenConversations;
  readonly runs: Pick<TurnRuns, 'stopAll'>;
  readonly store: ConversationStore;
  readonly notices: Notices;
  /** Sends the notices shown now. */
  readonly showNotices: () => void;
  readonly save: () => Promise<void>;
  /** Sends the view a new snapshot. */
  readonly refresh: () => Promise<void>;
  readonly settings: () => ChatSettings;
  readonly l10n: Localiser;
}

export class ConversationEdits {
  constructor(private readonly deps: ConversationEditsDeps) {}

  private get state(): ops.ConversationsState {
    return this.deps.state.get();
  }

  newConversation(): Promise<void> {
    return this.apply((s) => ops.newConversation(s, randomUUID(), this.deps.settings().chatModel, Date.now()));
  }

  /** Opens a conversation of the list; its turns are read from disk when they are not in memory. */
  async select(id: string): Promise<void> {
    await this.deps.whenLoaded();
    if (!(await this.deps.open.ensureLoaded(id))) {
      await this.deps.refresh();
      return;
    }
    await this.apply((s) => ops.selectConversation(s, id));
  }

  async rename(id: string, title: string): Promise<void> {
    await this.deps.whenLoaded();
    if (await this.deps.open.ensureLoaded(id)) await this.apply((s) => ops.renameConversation(s, id, title, Date.now()));
  }

  async delete(id: string): Promise<void> {
    await this.deps.whenLoaded();
    // The turns name the conversation's image files: read from disk when the conversation is not open.
    const conversation = (await this.deps.open.ensureLoaded(id)) ? this.state.conversations.find((c) => c.id === id) : undefined;
    this.deps.runs.stopAll(conversation?.turns.map((t) => t.id) ?? []);
    this.deps.notices.forget(id);
    await this.apply((s) => ops.deleteConversation(s, id));
    await this.deps.store.deleteImages(conversation?.turns.flatMap((t) => t.images).flatMap((i) => (i.file === undefined ? [] : [i.file])) ?? []);
  }

  /** A conversation with its turns (Export as Markdown), read from disk without keeping it when it is not open. */
  async read(id: string): Promise<Conversation | undefined> {
    await this.deps.whenLoaded();
    const listed = ops.hasConversation(this.state, id);
    const conversation = await this.deps.open.read(id);
    if (listed && conversation === undefined) await this.deps.refresh();
    return conversation;
  }

  /** The model picker: the active conversation's model (the parameters of the old one are cleared). */
  async setModel(model: string): Promise<void> {
    await this.deps.whenLoaded();
    const { notices } = this.deps;
    const active = ops.activeConversation(this.state);
    if (!modelOptions(this.deps.settings()).some((option) => option.code === model)) {
      notices.set('params', 'error', this.deps.l10n.t('{0} is not one of the configured models.', model), { conversationId: active?.id });
      this.deps.showNotices();
      return;
    }
    if (active !== undefined) {
      notices.clear('visionSwitch', active.id);
      notices.clear('params', active.id);
    }
    await this.apply((s) => ops.setConversationModel(s, active?.id ?? '', model, Date.now()));
  }

  /** The parameter panel: every value checked against the model's range before anything changes. */
  async setParams(params: ChatParams): Promise<void> {
    await this.deps.whenLoaded();
    const active = ops.activeConversation(this.state);
    if (active === undefined) return;
    const option = modelOptions(this.deps.settings()).find((o) => o.code === active.model);
    const problems = paramProblems(params, active.model, option, this.deps.l10n);
    if (problems.length > 0) {
      this.deps.notices.set('params', 'error', this.deps.l10n.t('Parameters not changed: {0}', problems.join('; ')), { conversationId: active.id });
      await this.deps.refresh();
      return;
    }
    this.deps.notices.clear('params', active.id);
    await this.apply((s) => ops.setConversationParams(s, active.id, params, Date.now()));
  }

  setPersona(persona: string): Promise<void> {
    return this.apply((s) => ops.setConversationPersona(s, ops.activeConversation(s)?.id ?? '', persona, Date.now()));
  }

  /** Changes the conversations through a pure operation, then saves and re-renders. */
  async apply(change: (state: ops.ConversationsState) => ops.ConversationsState): Promise<void> {
    await this.deps.whenLoaded();
    this.deps.state.set(change(this.state));
    await this.deps.open.settleActive(this.deps.settings().chatModel);
    await this.deps.save();
    this.deps.open.unloadIdle();
    await this.deps.refresh();
  }
}
