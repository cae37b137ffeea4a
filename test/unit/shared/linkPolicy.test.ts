// The chat's one link rule (src/shared/linkPolicy.ts), which the webview renders by and the host opens by.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOpenableLink, labelShowsDestination, linkDestination, maxLinkLength, openableHref, openableLink } from '../../../src/shared/linkPolicy';

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

/** The fields a mail program receives from a mailto link opened through VS Code, which decodes the query first. */
function receivedFields(href: string): string[] {
  const query = decodeURIComponent(new URL(href).search.slice(1));
  return query === '' ? [] : query.split('&').map((field) => field.split('=')[0] ?? '');
}

describe('a mailto link the chat opens', () => {
  it('keeps its recipients, subject, body and cc, and drops attach, bcc, to and every other field', () => {
    const url = openableLink(
      'mailto:team@example.com?subject=Hi%20there&attach=/etc/passwd&bcc=hidden@evil.example&cc=boss@example.com&to=extra@evil.example&X-Mailer=m&body=Thanks',
    );
    assert.equal(url?.href, 'mailto:team@example.com?subject=Hi%20there&cc=boss@example.com&body=Thanks');
    assert.deepEqual(receivedFields(url?.href ?? ''), ['subject', 'cc', 'body']);
  });

  it('reads field names in any case and keeps the first of each', () => {
    assert.equal(openableLink('mailto:a@example.com?SUBJECT=one&Subject=two&ATTACH=x&Body=b')?.href, 'mailto:a@example.com?subject=one&body=b');
  });

  it('splits on an encoded ampersand too, since VS Code decodes the query before the mail program reads it', () => {
    const url = openableLink('mailto:a@example.com?body=x%26attach%3D%2Fetc%2Fpasswd&subject=s%3Dt');
    assert.deepEqual(receivedFields(url?.href ?? ''), ['body', 'subject']);
    assert.equal(url?.href, 'mailto:a@example.com?body=x&subject=s%3Dt');
  });

  it('drops a fragment and keeps a list of recipients; an openable href keeps a web link as written', () => {
    assert.equal(openableLink('mailto:a@example.com,b@example.com?subject=x#frag')?.href, 'mailto:a@example.com,b@example.com?subject=x');
    assert.equal(openableHref('HTTPS://EXAMPLE.COM/a'), 'HTTPS://EXAMPLE.COM/a');
    assert.equal(openableHref('mailto:a@example.com?attach=x'), 'mailto:a@example.com');
    assert.equal(openableHref('javascript:alert(1)'), undefined);
  });
});

describe('where a link goes, shown beside its text', () => {
  it('is the host of a web link (with its port) and the recipients of a mail link', () => {
    assert.equal(linkDestination(new URL('https://Docs.Example.com:8443/a?b')), 'docs.example.com:8443');
    assert.equal(linkDestination(new URL('https://例子.example/')), 'xn--fsqu00a.example');
    assert.equal(linkDestination(openableLink('mailto:a@example.com,b%40example.com?subject=x') as URL), 'a@example.com, b@example.com');
  });

  it('is already shown by a text that is an address on the same host, or the recipients themselves', () => {
    const web = new URL('https://example.com/docs/page');
    for (const label of ['https://example.com/docs', 'example.com', 'EXAMPLE.COM/docs', 'https://example.com'])
      assert.equal(labelShowsDestination(label, web), true, label);
    for (const label of ['the docs', 'https://example.org', 'www.example.com', 'https://example.com.evil.example', 'https://evil.example/example.com', ''])
      assert.equal(labelShowsDestination(label, web), false, label);
    assert.equal(labelShowsDestination('www.example.org', new URL('http://www.example.org')), true);
    assert.equal(labelShowsDestination('p\u0430ypal.com', new URL('https://p\u0430ypal.com/')), false, 'a look-alike letter: the encoded host is shown');
    const mail = openableLink('mailto:team@example.com?subject=Hello') as URL;
    assert.equal(labelShowsDestination('team@example.com', mail), true);
    assert.equal(labelShowsDestination('mailto:Team@Example.com', mail), true);
    assert.equal(labelShowsDestination('the team', mail), false);
  });
});
