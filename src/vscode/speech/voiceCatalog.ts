// The service's speaker list, fetched once per service address and kept in memory and in globalState (so the voice
// picker opens at once after a reload); Refresh fetches it again. Lists are keyed by the base URL: after
// maas.baseUrl changes, the picker never offers the previous service's voices.
import type * as vscode from 'vscode';
import * as z from '../../shared/zod';
import type { MaasClient } from '../../core/maasClient';
import type { Speaker } from '../../core/speech/speechPayloads';
import { StateKey } from '../stateKeys';

const STATE_KEY = StateKey.speakersByBaseUrl;

const storedSchema = z.record(z.string(), z.array(z.object({ id: z.string(), name: z.string() })));

function keyOf(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

export class VoiceCatalog {
  private readonly cached = new Map<string, readonly Speaker[]>();

  constructor(
    private readonly state: vscode.Memento,
    private readonly client: () => MaasClient,
    private readonly baseUrl: () => string,
  ) {}

  async speakers(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<readonly Speaker[]> {
    const key = keyOf(this.baseUrl());
    if (options.refresh !== true) {
      const known = this.cached.get(key) ?? this.stored()[key];
      if (known !== undefined && known.length > 0) {
        this.cached.set(key, known);
        return known;
      }
    }
    const fresh = await this.client().listSpeakers({ signal: options.signal });
    this.cached.set(key, fresh);
    await this.state.update(STATE_KEY, { ...this.stored(), [key]: fresh });
    return fresh;
  }

  private stored(): Record<string, Speaker[]> {
    const parsed = storedSchema.safeParse(this.state.get(STATE_KEY));
    return parsed.success ? parsed.data : {};
  }
}
