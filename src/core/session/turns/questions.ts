// The questions put to the chat, each a turn placed in the session's state and answered: the view's Send (its images
// checked and kept, the waiting context taken with it), a command's turn (knowledge base, images), Regenerate, Retry
// and Edit of an earlier turn, and Stop. Each resolves once the change that placed its turn is written.
import type { ConversationStore } from '../../conversations/conversationStore';
import * as ops from '../../conversations/conversationsState';
import type { Localiser } from '../../../shared/localiser';
import type { ImageUpload } from '../../../shared/protocol';
import { isLive } from '../../../shared/turnStatus';
import type { ChatSettings } from '../chatSettings';
import type { HistorySaver } from '../history/historySaver';
import type { OpenConversations } from '../history/openConversations';
import { withNotices, type ChatState, type SessionState } from '../sessionState';
import { checkUploads, keepUploads } from './imageUploads';
import type { RunningTurns } from './runningTurns';
import { placeTurn, type NewTurn } from './turnPlacement';

export interface QuestionsDeps {
  readonly state: ChatState;
  readonly runs: RunningTurns;
  readonly saver: Pick<HistorySaver, 'written'>;
  readonly store: ConversationStore;
  readonly open: Pick<OpenConversations, 'settleActive'>;
  readonly settings: () => ChatSettings;
  readonly l10n: Localiser;
}

export class Questions {
  constructor(private readonly deps: QuestionsDeps) {}

  /** The view's Send: images are checked and kept, the waiting context goes with the question. */
  async send(text: string, uploads: readonly ImageUpload[]): Promise<string | undefined> {
    if (text.trim() === '' && uploads.length === 0) return undefined;
    const { activeId } = this.deps.state.current.conversations;
    const checked = checkUploads(uploads, this.deps.settings().imageMaxBytes, this.deps.l10n);
    if (!checked.ok) {
      this.deps.state.update('notice', (s) => withNotices(s, s.notices.set('image', 'error', checked.refusal, { conversationId: activeId })));
      return undefined;
    }
    const images = await keepUploads(checked.accepted, this.deps.store);
    const context = this.deps.state.current.waitingContext;
    return this.start({ kind: 'chat', question: text.trim(), images, context }, (s) => ({
      ...s,
      waitingContext: [],
      notices: s.notices.clear('image', activeId),
    }));
  }

  /**
   * A turn placed where turnPlacement.ts says (with `also`, what else the same change does), claimed and answered;
   * resolves with its id once it is written.
   */
  async start(input: NewTurn, also: (state: SessionState) => SessionState = (s) => s): Promise<string> {
    // The open conversation may be on its way in (it was deleted, here or by another window, and the next one is
    // being read from disk): the question goes to the one that opens.
    const { conversations } = this.deps.state.current;
    if (!ops.isLoaded(conversations, conversations.activeId)) await this.deps.open.settleActive(this.deps.settings().chatModel, 'question');
    const placed = placeTurn(this.deps.state.current.conversations, input, this.deps.settings(), Date.now());
    const switched = placed.switchedTo === undefined ? undefined : this.deps.l10n.t('Images need the vision model: switched to {0}.', placed.switchedTo);
    this.deps.runs.answer(placed.conversationId, placed.turn.id, (s) => {
      let notices = placed.leftVision === undefined ? s.notices : s.notices.clear('visionSwitch', placed.leftVision);
      if (switched !== undefined) notices = notices.set('visionSwitch', 'info', switched, { conversationId: placed.conversationId });
      return also({ ...s, conversations: placed.state, notices });
    });
    await this.deps.saver.written();
    return placed.turn.id;
  }

  /** Re-runs a turn (regenerate, retry, edit): later turns are dropped, earlier ones untouched. */
  async rerun(turnId: string, question?: string): Promise<void> {
    const { conversations } = this.deps.state.current;
    const found = ops.findTurn(conversations, turnId);
    if (found === undefined) return;
    // Regenerate, Retry and Edit ask the model the turn was asked with (an image turn stays on the vision model),
    // not the picker's current choice: the picker applies to the next new question.
    const { state, unusedImages } = ops.rerunFrom(conversations, found.conversation.id, turnId, question ?? found.turn.question, found.turn.model, Date.now());
    this.deps.runs.answer(found.conversation.id, turnId, (s) => ({ ...s, conversations: state }));
    void this.deps.store.deleteImages(unusedImages);
    await this.deps.saver.written();
  }

  /** The view's Stop. An answer another window is writing (the history is shared) can only be stopped there. */
  stop(turnId: string): void {
    if (this.deps.runs.stop(turnId)) return;
    if (isLive(ops.findTurn(this.deps.state.current.conversations, turnId)?.turn.status)) {
      const text = this.deps.l10n.t('This answer is being written in another VS Code window; stop it there.');
      this.deps.state.update('notice', (s) => withNotices(s, s.notices.set('otherWindow', 'info', text)));
    }
  }
}
