// Which base URL the next chat request goes to: the primary, or the alternative ({alt_base_url}, which serves
// the same chat path) while the primary cools down after being unreachable or busy. Once the cool-down is
// over the primary is tried again.

export class BaseUrlSelector {
  private readonly downUntil = new Map<string, number>();
  private last: string;

  constructor(
    readonly primary: string,
    readonly alternative: string | undefined,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.last = primary;
  }

  /** The base URL to use now. */
  current(): string {
    const candidates = this.alternative ? [this.primary, this.alternative] : [this.primary];
    const t = this.now();
    const up = candidates.find((url) => (this.downUntil.get(url) ?? 0) <= t);
    if (up) return up;
    // Everything is cooling down: the one that recovers first.
    return candidates.reduce((a, b) => ((this.downUntil.get(a) ?? 0) <= (this.downUntil.get(b) ?? 0) ? a : b));
  }

  /** Avoids `url` for the cool-down; meaningful only when there is somewhere else to go. */
  markFailed(url: string): void {
    if (this.alternative) this.downUntil.set(url, this.now() + this.cooldownMs);
  }

  markHealthy(url: string): void {
    this.downUntil.delete(url);
  }

  /** Records the URL now used; true when it differs from the previous one (a failover or a return). */
  use(url: string): boolean {
    const changed = url !== this.last;
    this.last = url;
    return changed;
  }
}
