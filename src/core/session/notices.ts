// The chat's notices, one per cause: a new notice of a cause replaces the old one, resolving the cause clears it,
// and a notice about one conversation (an image that switched its model, say) is shown only with that
// conversation. So a failover that recurs never piles up, and nothing stale follows the user into new conversations.
// A value: every change returns new notices (the same ones when nothing changed), held in the session's state.
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
  static readonly none = new Notices([], 0);

  /** Oldest first, one per cause; `sequence` numbers the ids. */
  private constructor(
    private readonly shown: readonly Notice[],
    private readonly sequence: number,
  ) {}

  /** The notice of a cause set, replacing any earlier one. */
  set(cause: NoticeCause, level: NoticeLevel, text: string, options: NoticeOptions = {}): Notices {
    const sequence = this.sequence + 1;
    const notice: Notice = {
      id: `${cause}-${sequence}`,
      cause,
      level,
      text,
      ...(options.action === undefined ? {} : { action: options.action }),
      ...(options.conversationId === undefined ? {} : { conversationId: options.conversationId }),
    };
    return new Notices([...this.shown.filter((n) => n.cause !== cause), notice], sequence);
  }

  /** A cause's notice cleared (optionally only one about that conversation); these same notices when none was shown. */
  clear(cause: NoticeCause, conversationId?: string): Notices {
    return this.without((n) => n.cause === cause && (conversationId === undefined || n.conversationId === conversationId));
  }

  /** The user closed a notice. */
  dismiss(id: string): Notices {
    return this.without((n) => n.id === id);
  }

  /** A conversation was deleted: its notices go with it. */
  forget(conversationId: string): Notices {
    return this.without((n) => n.conversationId === conversationId);
  }

  /** What the view shows with `conversationId` open: the notices of every conversation and of this one, oldest first. */
  visibleIn(conversationId: string | undefined): NoticeView[] {
    return this.shown
      .filter((notice) => notice.conversationId === undefined || notice.conversationId === conversationId)
      .map(({ id, level, text, action }) => ({ id, level, text, ...(action === undefined ? {} : { action }) }));
  }

  private without(leaving: (notice: Notice) => boolean): Notices {
    return this.shown.some(leaving)
      ? new Notices(
          this.shown.filter((n) => !leaving(n)),
          this.sequence,
        )
      : this;
  }
}
