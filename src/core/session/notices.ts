// The chat's notices, one per cause: a new notice of a cause replaces the old one, resolving the cause clears it,
// and a notice about one conversation (an image that switched its model, say) is shown only with that
// conversation. So a failover that recurs never piles up, and nothing stale follows the user into new conversations.
import type { NoticeLevel, NoticeView, TurnAction } from '../../shared/protocol';

export type NoticeCause =
  /** The chat answers from the alternative address. */
  | 'failover'
  /** A question with images moved the conversation to the vision model. */
  | 'visionSwitch'
  /** A history file could not be read and was set aside. */
  | 'historySetAside'
  /** Saving the history failed. */
  | 'historySave'
  /** An attached or dropped image was refused, or was downscaled. */
  | 'image'
  /** A parameter change or a model choice was refused. */
  | 'params'
  /** A link from an answer was not opened. */
  | 'link'
  /** An answer streams in another window (Stop pressed here). */
  | 'otherWindow'
  /** Read aloud: nothing to read, audio gone. */
  | 'speech'
  /** A view action failed unexpectedly. */
  | 'failure';

export interface Notice extends NoticeView {
  readonly cause: NoticeCause;
  /** Shown only while this conversation is open; undefined: shown everywhere. */
  readonly conversationId?: string;
}

export interface NoticeOptions {
  readonly conversationId?: string;
  readonly action?: TurnAction;
}

export class Notices {
  private readonly byCause = new Map<NoticeCause, Notice>();
  private sequence = 0;

  /** Sets the notice of a cause, replacing any earlier one. */
  set(cause: NoticeCause, level: NoticeLevel, text: string, options: NoticeOptions = {}): void {
    this.sequence += 1;
    const notice: Notice = {
      id: `${cause}-${this.sequence}`,
      cause,
      level,
      text,
      ...(options.action === undefined ? {} : { action: options.action }),
      ...(options.conversationId === undefined ? {} : { conversationId: options.conversationId }),
    };
    this.byCause.delete(cause);
    this.byCause.set(cause, notice);
  }

  /** Clears a cause's notice (optionally only one about that conversation); true when one was shown. */
  clear(cause: NoticeCause, conversationId?: string): boolean {
    const notice = this.byCause.get(cause);
    if (notice === undefined || (conversationId !== undefined && notice.conversationId !== conversationId)) return false;
    return this.byCause.delete(cause);
  }

  /** The user closed a notice. */
  dismiss(id: string): boolean {
    const notice = [...this.byCause.values()].find((n) => n.id === id);
    return notice !== undefined && this.byCause.delete(notice.cause);
  }

  /** A conversation was deleted: its notices go with it. */
  forget(conversationId: string): void {
    for (const [cause, notice] of this.byCause) if (notice.conversationId === conversationId) this.byCause.delete(cause);
  }

  /** What the view shows with `conversationId` open: the notices of every conversation and of this one, oldest first. */
  visibleIn(conversationId: string | undefined): NoticeView[] {
    return [...this.byCause.values()]
      .filter((notice) => notice.conversationId === undefined || notice.conversationId === conversationId)
      .map(({ id, level, text, action }) => ({ id, level, text, ...(action === undefined ? {} : { action }) }));
  }
}
