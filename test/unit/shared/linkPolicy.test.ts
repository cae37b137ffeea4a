// The chat's one link rule (src/shared/linkPolicy.ts), which the webview renders by and the host opens by.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOpenableLink, maxLinkLength, openableLink } from '../../../src/shared/linkPolicy';

describe('the chat link rule', () => {
  it('opens http, https and mailto links, whatever the case of the scheme', () => {
    for (const href of [
      'https://example.com/a?b=c#d',
      'http://127.0.0.1:8080/',
      'HTTPS://EXAMPLE.COM',
      'mailto:someone@example.com',
      'MailTo:someone@example.com?subject=Hello%20there',
    ])
      assert.equal(isOpenableLink(href), true, href);
    assert.equal(openableLink('mailto:someone@example.com')?.href, 'mailto:someone@example.com');
    assert.equal(openableLink('HTTPS://EXAMPLE.COM')?.href, 'https://example.com/');
  });

  it('refuses every other scheme, disguised or not', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'command:workbench.action.terminal.new',
      'vscode:extension/ms-python.python',
      'vscode-insiders://settings',
      'ftp://example.com/file',
      'tel:+123456',
      'blob:https://example.com/uuid',
      'vbscript:msgbox',
    ])
      assert.equal(isOpenableLink(href), false, JSON.stringify(href));
  });

  it('refuses what is not an absolute address: relative paths, fragments, nothing at all', () => {
    for (const href of ['', '/docs/page', 'docs/page.md', '#section', '//example.com/x', 'https://', 'http:// spaced.example'])
      assert.equal(isOpenableLink(href), false, JSON.stringify(href));
  });

  it('refuses an http(s) link carrying a user name or password, which hides the real host', () => {
    assert.equal(isOpenableLink('https://bank.example@attacker.example/login'), false);
    assert.equal(isOpenableLink('https://user:secret@example.com/'), false);
    assert.equal(isOpenableLink('mailto:someone@example.com'), true, 'the @ of an address is not a user name');
  });

  it('refuses a link longer than the host takes from the view', () => {
    const base = 'https://example.com/';
    assert.equal(isOpenableLink(base + 'a'.repeat(maxLinkLength - base.length)), true);
    assert.equal(isOpenableLink(base + 'a'.repeat(maxLinkLength - base.length + 1)), false);
  });
});
