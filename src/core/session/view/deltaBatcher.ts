// Coalesces an answer's streamed deltas into one `turnDelta` message per turn at most every `intervalMs`:
// thousands of tiny postMessages would cost the view more than the rendering they feed.
import type { HostToWebview } from '../../../shared/protocol';

interface PendingDelta {
  conversationId: string;
  answer: string;
  reasoning: string;
}

export class DeltaBatcher {
  private readonly pending = new Map<string, PendingDelta>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly post: (message: HostToWebview) => void,
    private readonly intervalMs: number,
  ) {}

  add(conversationId: string, turnId: string, answer: string, reasoning: string): void {
    const before = this.pending.get(turnId) ?? { conversationId, answer: '', reasoning: '' };
    this.pending.set(turnId, { conversationId, answer: before.answer + answer, reasoning: before.reasoning + reasoning });
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Posts what is pending now (before a whole-turn update or a snapshot, so nothing arrives out of order). */
  flush(): void {
    this.cancelTimer();
    for (const [turnId, delta] of this.pending) {
      this.post({
        type: 'turnDelta',
        conversationId: delta.conversationId,
        turnId,
        ...(delta.answer === '' ? {} : { answer: delta.answer }),
        ...(delta.reasoning === '' ? {} : { reasoning: delta.reasoning }),
      });
    }
    this.pending.clear();
  }

  dispose(): void {
    this.cancelTimer();
    this.pending.clear();
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
