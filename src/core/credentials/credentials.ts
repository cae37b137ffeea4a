// The one owner of the extension's credentials (the API key and the speech appkey/token pair): every path that sends
// one gets it here, for the address it is about to send to. This service keeps them in the secret store only,
// registers every value it sees with the log's redaction, imports the demo's bootstrap file at start-up, and checks
// each address against the user's choice (addressCheck.ts) before it hands a credential out: an address only a
// workspace names is asked about once per workspace, origin and purpose (the API key, the speech credentials, the
// console page), and until the answer nothing is handed out.
// Reads wait for `ready` (the start-up import), never activation: a slow or locked keyring delays the first request,
// not the extension.
import * as z from '../../shared/zod';
import { Emitter, type Event, type Subscription } from '../emitter';
import { cancelledError, ServiceError } from '../http/serviceError';
import type { SpeechCredentials } from '../speech/speechClient';
import { checkAddress, type AddressPurpose, type AddressSetting } from './addressCheck';
import type { BootstrapCredentials } from './bootstrapFile';

/** VS Code's SecretStorage, as far as this service needs it (plain Node tests pass a fake). */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
  readonly onDidChange: (listener: (event: { readonly key: string }) => unknown) => Subscription;
}

/** A question for the user: may `origin`, which only the workspace's `setting` names for `purpose`, receive it? */
export interface ApprovalRequest {
  readonly origin: string;
  readonly setting: AddressSetting;
  readonly purpose: AddressPurpose;
  /** The origin is plain http:// to another computer: the credential would travel unencrypted. */
  readonly cleartext: boolean;
}

/** The origins the user approved for the open workspace, each for one purpose, kept where no repository can write them. */
export interface ApprovalStore {
  has(origin: string, purpose: AddressPurpose): boolean;
  add(origin: string, purpose: AddressPurpose, setting: string): Promise<void>;
}

export interface CredentialsOptions {
  readonly store: SecretStore;
  /** The address settings in use now (trust and the workspace taken into account). */
  readonly addresses: () => readonly AddressSetting[];
  readonly approvals: ApprovalStore;
  /** Asks the user (a modal with Allow / Cancel); resolves true on Allow. */
  readonly ask: (request: ApprovalRequest) => Promise<boolean>;
  /** Every credential value seen, for the log's redaction. */
  readonly remember: (value: string) => void;
  /** The demo's bootstrap file, read at start-up (undefined: none named); a rejection is logged, not fatal. */
  readonly bootstrap?: () => Promise<BootstrapCredentials | undefined>;
  readonly log: { info(message: string): void; warn(message: string): void };
}

export const API_KEY_SECRET = 'maas.apiKey';
export const SPEECH_SECRET = 'maas.speechCredentials';

const speechSchema = z.object({ appkey: z.string().check(z.trim(), z.minLength(1)), token: z.string().check(z.trim(), z.minLength(1)) });

export type CredentialKind = 'apiKey' | 'speech';

export class Credentials {
  private readonly changed = new Emitter<CredentialKind>();
  private readonly subscription: Subscription;
  /** One question per purpose and origin at a time: requests for the same arriving while it is open share its answer. */
  private readonly asking = new Map<string, Promise<boolean>>();
  /** Fires when a credential changes, in this window or another. */
  readonly onDidChange: Event<CredentialKind> = this.changed.event;
  /** Settles once the stored credentials are registered for redaction and the bootstrap file is imported. */
  readonly ready: Promise<void>;

  constructor(private readonly options: CredentialsOptions) {
    this.subscription = options.store.onDidChange((event) => {
      if (event.key === API_KEY_SECRET) this.changed.fire('apiKey');
      if (event.key === SPEECH_SECRET) this.changed.fire('speech');
    });
    this.ready = this.start();
  }

  /**
   * The API key, for a request about to go to `address`; undefined when none is set. Refuses an unapproved address.
   * `addresses`: the address settings the asking client was built with (by default those in use now), so that a
   * client retired by a change of an address finishes the work it started under the settings it started with.
   */
  async apiKeyFor(address: string, signal?: AbortSignal, addresses?: readonly AddressSetting[]): Promise<string | undefined> {
    await this.ready;
    const key = await this.readApiKey();
    // With no key nothing would be sent: the user hears "no key", not a question about an address.
    if (key !== undefined) await this.checkAddress(address, 'apiKey', signal, addresses);
    return key;
  }

  /** The speech appkey and token, for a request about to go to `address`; undefined when none are set. */
  async speechFor(address: string, signal?: AbortSignal, addresses?: readonly AddressSetting[]): Promise<SpeechCredentials | undefined> {
    await this.ready;
    const pair = await this.readSpeech();
    if (pair !== undefined) await this.checkAddress(address, 'speech', signal, addresses);
    return pair;
  }

  /** Whether the user may be sent to the page at `address` (the console); asks when only the workspace names it. */
  async mayOpenPage(address: string): Promise<boolean> {
    try {
      await this.checkAddress(address, 'console');
      return true;
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'addressRefused') return false;
      throw error;
    }
  }

  async hasApiKey(): Promise<boolean> {
    await this.ready;
    return (await this.readApiKey()) !== undefined;
  }

  async hasSpeech(): Promise<boolean> {
    await this.ready;
    return (await this.readSpeech()) !== undefined;
  }

  /** Stores a trimmed, non-blank key (callers validate first; a blank one is refused all the same). */
  async setApiKey(key: string): Promise<void> {
    const trimmed = key.trim();
    if (trimmed === '') throw new Error('A blank API key cannot be stored.');
    this.options.remember(trimmed);
    await this.ready;
    await this.options.store.store(API_KEY_SECRET, trimmed);
    this.options.log.info('API key stored in secret storage.');
  }

  async setSpeech(credentials: SpeechCredentials): Promise<void> {
    const parsed = speechSchema.safeParse(credentials);
    if (!parsed.success) throw new Error('Blank speech credentials cannot be stored.');
    this.options.remember(parsed.data.appkey);
    this.options.remember(parsed.data.token);
    await this.ready;
    await this.options.store.store(SPEECH_SECRET, JSON.stringify(parsed.data));
    this.options.log.info('Speech credentials stored in secret storage.');
  }

  /** Removes the key; resolves false when there was none. */
  async clearApiKey(): Promise<boolean> {
    if (!(await this.hasApiKey())) return false;
    await this.options.store.delete(API_KEY_SECRET);
    this.options.log.info('API key removed from secret storage.');
    return true;
  }

  async clearSpeech(): Promise<void> {
    await this.ready;
    await this.options.store.delete(SPEECH_SECRET);
    this.options.log.info('Speech credentials removed from secret storage.');
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async start(): Promise<void> {
    try {
      const [key, pair] = [await this.readApiKey(), await this.readSpeech()];
      const file = await this.readBootstrap();
      if (file?.apiKey !== undefined) {
        this.options.remember(file.apiKey);
        if (key === undefined) {
          await this.options.store.store(API_KEY_SECRET, file.apiKey);
          this.options.log.info(`Imported the API key from the bootstrap credentials file ${file.file}.`);
        }
      }
      if (file?.speech !== undefined) {
        this.options.remember(file.speech.appkey);
        this.options.remember(file.speech.token);
        if (pair === undefined) {
          await this.options.store.store(SPEECH_SECRET, JSON.stringify(file.speech));
          this.options.log.info(`Imported the speech credentials from the bootstrap credentials file ${file.file}.`);
        }
      }
    } catch (error) {
      // A secret store that fails leaves the reads to fail on their own, with their own words.
      this.options.log.warn(`The stored credentials could not be read at start-up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async readBootstrap(): Promise<BootstrapCredentials | undefined> {
    try {
      return await this.options.bootstrap?.();
    } catch (error) {
      this.options.log.warn(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  private async readApiKey(): Promise<string | undefined> {
    const value = await this.options.store.get(API_KEY_SECRET);
    if (value === undefined || value.trim() === '') return undefined;
    this.options.remember(value);
    return value;
  }

  private async readSpeech(): Promise<SpeechCredentials | undefined> {
    const stored = await this.options.store.get(SPEECH_SECRET);
    if (stored === undefined || stored === '') return undefined;
    let parsed: ReturnType<typeof speechSchema.safeParse>;
    try {
      parsed = speechSchema.safeParse(JSON.parse(stored) as unknown);
    } catch {
      return undefined;
    }
    if (!parsed.success) return undefined;
    this.options.remember(parsed.data.appkey);
    this.options.remember(parsed.data.token);
    return parsed.data;
  }

  /** Resolves when `address` may receive a credential of `purpose`; throws an 'addressRefused' ServiceError if not. */
  private async checkAddress(address: string, purpose: AddressPurpose, signal?: AbortSignal, addresses = this.options.addresses()): Promise<void> {
    const verdict = checkAddress(address, purpose, addresses, (origin) => this.options.approvals.has(origin, purpose));
    if (verdict.kind === 'allowed') return;
    if (verdict.kind === 'refused') {
      this.options.log.warn(
        `A credential (${purpose}) was kept from ${verdict.origin ?? 'an address that is not http(s)'}: no setting of that purpose names it.`,
      );
      throw new ServiceError('addressRefused', `No setting in use names ${verdict.origin ?? 'this address'}; nothing was sent.`, {
        retryable: false,
        address: { origin: verdict.origin ?? address, setting: '' },
      });
    }
    const { origin, setting, cleartext } = verdict;
    const question = `${purpose} ${origin}`;
    let answer = this.asking.get(question);
    if (answer === undefined) {
      answer = this.options.ask({ origin, setting, purpose, cleartext }).then(async (allowed) => {
        if (allowed) await this.options.approvals.add(origin, purpose, setting.name);
        this.options.log.info(`${origin}, named by ${setting.name} (${setting.from}), for ${purpose}: ${allowed ? 'allowed' : 'not allowed'} by the user.`);
        return allowed;
      });
      const settled = answer.finally(() => this.asking.delete(question));
      this.asking.set(question, settled);
      answer = settled;
    }
    const allowed = await abortable(answer, signal);
    if (!allowed) {
      throw new ServiceError('addressRefused', `You did not allow ${origin} (named by the workspace's ${setting.name}); nothing was sent.`, {
        retryable: false,
        address: { origin, setting: setting.name },
      });
    }
  }
}

/** The promise's outcome, or a cancel as soon as the signal fires (the question stays open; its answer still counts). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
