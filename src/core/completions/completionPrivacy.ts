// Which documents a completion may send code from, and under which name. Only files and untitled editors (never
// output panes, diff views of other schemes, settings or virtual documents); never a file that a deny-list pattern
// matches: secrets are often kept in files whose name says so, and a completion sends code without being asked.
import { globToRegExp } from './globPattern';

/**
 * Names of files that hold secrets by convention: environment files, private keys and certificates, and the
 * credential files of common tools. A pattern without `/` matches a file's name; one with `/` its path.
 */
export const DEFAULT_DENIED_FILES: readonly string[] = [
  '.env*',
  '*.env',
  '*.pem',
  '*.key',
  '*.p8',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  '*.ppk',
  '*.crt',
  '*.cer',
  '*.der',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.git-credentials',
  '.htpasswd',
  '*.kdbx',
  '*.keytab',
  '*.tfvars',
  '*.tfstate',
  'credentials',
  'credentials.json',
  'secrets.*',
  '**/.ssh/**',
  '**/.aws/**',
  '**/.gnupg/**',
  '**/.docker/config.json',
  '**/.kube/config',
];

/** What the adapter knows of a document. */
export interface DocumentIdentity {
  /** The URI's scheme: `file`, `untitled`, or anything else. */
  readonly scheme: string;
  /** The file's path on disk, or an untitled editor's name. */
  readonly path: string;
  /** The path relative to its workspace folder, when it lies in one. */
  readonly relativePath?: string;
}

export type SendDecision =
  | { readonly send: true; readonly promptPath: string }
  | { readonly send: false; readonly reason: 'scheme' }
  | { readonly send: false; readonly reason: 'denied'; readonly pattern: string };

interface Rule {
  readonly pattern: string;
  readonly regExp: RegExp;
  readonly byName: boolean;
}

const SENDABLE_SCHEMES: ReadonlySet<string> = new Set(['file', 'untitled']);

export class CompletionPrivacy {
  private readonly rules: readonly Rule[];

  /** The defaults and the user's own patterns (blank ones are ignored). */
  constructor(extraPatterns: readonly string[] = []) {
    const patterns = [...DEFAULT_DENIED_FILES, ...extraPatterns.map((p) => p.trim()).filter((p) => p !== '')];
    this.rules = patterns.map((pattern) => {
      const normalised = pattern.replace(/\\/g, '/').replace(/^\.\//, '');
      return { pattern, regExp: globToRegExp(normalised), byName: !normalised.includes('/') };
    });
  }

  /** Whether code from this document may be sent, and the path the prompt names it by (never an absolute one). */
  decide(document: DocumentIdentity): SendDecision {
    if (!SENDABLE_SCHEMES.has(document.scheme)) return { send: false, reason: 'scheme' };
    const path = document.path.replace(/\\/g, '/');
    const name = path.slice(path.lastIndexOf('/') + 1);
    const relative = document.relativePath?.replace(/\\/g, '/');
    for (const rule of this.rules) {
      const denied = rule.byName ? rule.regExp.test(name) : rule.regExp.test(path) || (relative !== undefined && rule.regExp.test(relative));
      if (denied) return { send: false, reason: 'denied', pattern: rule.pattern };
    }
    return { send: true, promptPath: document.scheme === 'file' ? (relative ?? name) : name };
  }
}
