// Opens a link the chat view asks for, by the chat's link rule (src/shared/linkPolicy.ts). The view already shows any
// other link as text, but it renders untrusted text: the host checks every link itself, and opens the cleaned address
// (a mailto link with its recipients, subject, body and cc only), never the one the view sent.
import { openableLink } from '../../shared/linkPolicy';

export interface ChatLinkOpenerDependencies {
  /** Opens an address outside VS Code (vscode.env.openExternal). */
  readonly openExternal: (href: string) => PromiseLike<unknown>;
  /** Tells the user a link was not opened. */
  readonly refuse: (href: string) => void;
}

export async function openChatLink(href: string, { openExternal, refuse }: ChatLinkOpenerDependencies): Promise<void> {
  const url = openableLink(href);
  if (url === undefined) {
    refuse(href);
    return;
  }
  await openExternal(url.href);
}
