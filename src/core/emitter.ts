// A typed event emitter with VS Code's shape (`event(listener)` returns a disposable), so that core objects can
// be observed by the vscode layer, by other front ends and by plain-Node tests without importing 'vscode'.

export interface Subscription {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => void) => Subscription;

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  dispose(): void {
    this.listeners.clear();
  }
}
