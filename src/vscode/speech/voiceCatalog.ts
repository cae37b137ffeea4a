// The service's speaker list, fetched once and kept in memory and in globalState (so the voice picker opens at once
// after a reload); Refresh fetches it again.
import type * as vscode from 'vscode';
import type { MaasClient } from '../../core/maasClient';
import type { Speaker } from '../../core/speechPayloads';

const STATE_KEY = 'maas.speech.speakers';

export class VoiceCatalog {
  private cached: readonly Speaker[] | undefined;

  constructor(
    private readonly state: vscode.Memento,
    private readonly client: () => MaasClient,
  ) {}

  async speakers(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<readonly Speaker[]> {
    if (options.refresh !== true) {
      this.cached ??= this.state.get<Speaker[]>(STATE_KEY);
      if (this.cached !== undefined && this.cached.length > 0) return this.cached;
    }
    const fresh = await this.client().listSpeakers({ signal: options.signal });
    this.cached = fresh;
    await this.state.update(STATE_KEY, fresh);
    return fresh;
  }
}
