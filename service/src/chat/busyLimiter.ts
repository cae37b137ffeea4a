// Per-key limit of concurrent streams: past it, chat answers 503 服务繁忙,请稍后再试.
export class BusyLimiter {
  private readonly active = new Map<string, number>();

  constructor(private readonly maxPerKey: number) {}

  /** Takes a slot for the key; returns the release function, or undefined when the key is at its limit. */
  acquire(keyId: string): (() => void) | undefined {
    const count = this.active.get(keyId) ?? 0;
    if (count >= this.maxPerKey) return undefined;
    this.active.set(keyId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.active.get(keyId) ?? 1) - 1;
      if (now <= 0) this.active.delete(keyId);
      else this.active.set(keyId, now);
    };
  }
}
