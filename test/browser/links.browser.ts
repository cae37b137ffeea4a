// Links in answers follow the one rule of src/shared/linkPolicy.ts. A mailto link (written or an address linkify finds)
// is a link that asks the host to open it, with its recipients, subject, body and cc only; a link the host would refuse
// (javascript:, data:, file:, command:, vscode:, ftp:) is shown as its text: no dead link, nothing to click. Where a link
// goes is seen before a click: its address is its title, and a text that does not show the destination has it beside.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversation, snapshot, turn } from './snapshotFixture';
import { suiteSession } from './suiteSession';
import { deliver, openWebview, posted, waitForPosted } from './webviewHarness';

const answer = [
  'Write to [the team](mailto:team@example.com?subject=Hello&attach=%2Fetc%2Fpasswd&bcc=spy@evil.example) or someone@example.org; read [the site](https://example.com/docs), <https://example.net/a> or [example.org](https://example.org/b).',
  '',
  'Refused: [a script](javascript:window.__pwned()), [a page](data:text/html,<b>x</b>), [a file](file:///etc/passwd),',
  '[a command](command:workbench.action.terminal.new), [an extension](vscode:extension/ms-python.python) and <ftp://example.net/f>.',
].join('\n');

describe('links in answers', () => {
  const session = suiteSession();

  it('a mailto link opens through the host without attach or bcc; a link the host would refuse is plain text', async () => {
    const page = await openWebview(session());
    await deliver(page, { type: 'snapshot', snapshot: snapshot({ active: conversation({ turns: [turn({ id: 't1', answer })] }) }) });
    const rendered = page.getByTestId('answer');
    await rendered.getByText('Refused:').waitFor();
    const links = await rendered.locator('a').evaluateAll((nodes) => nodes.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('title')]));
    assert.deepEqual(links, [
      ['the team (team@example.com)', 'mailto:team@example.com?subject=Hello', 'mailto:team@example.com?subject=Hello'],
      ['someone@example.org', 'mailto:someone@example.org', 'mailto:someone@example.org'],
      ['the site (example.com)', 'https://example.com/docs', 'https://example.com/docs'],
      ['https://example.net/a', 'https://example.net/a', 'https://example.net/a'],
      ['example.org', 'https://example.org/b', 'https://example.org/b'],
    ]);
    assert.equal(
      await rendered.getByRole('link', { name: 'the site (example.com)', exact: true }).count(),
      1,
      'the destination is part of the link, so a screen reader hears it in its name',
    );
    assert.equal(
      await rendered.locator('p').nth(1).textContent(),
      'Refused: a script, a page, a file,\na command, an extension and ftp://example.net/f.',
      'each refused link is its text, in the sentence, with nothing around it',
    );
    assert.equal(await rendered.getByRole('link').count(), 5, 'only the five openable links are links to assistive technology');

    const before = page.url();
    await rendered.getByRole('link', { name: 'the team (team@example.com)' }).click();
    assert.deepEqual(await waitForPosted(page, 'openLink'), { type: 'openLink', href: 'mailto:team@example.com?subject=Hello' });
    await rendered.getByText('a script').click();
    await rendered.getByText('a file').click();
    assert.deepEqual(
      (await posted(page)).filter((m) => m.type === 'openLink'),
      [{ type: 'openLink', href: 'mailto:team@example.com?subject=Hello' }],
      'clicking the text of a refused link asks the host for nothing',
    );
    assert.equal(page.url(), before, 'no link navigates the view');
    await page.close();
  });
});
