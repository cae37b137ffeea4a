// Trusts the open folder the way a user does when workspace trust is on: Workspaces: Manage Workspace Trust, then
// the Trust button of the Workspace Trust editor, which is then closed.
import type { Page } from 'playwright-core';
import { runCommand } from '../e2e/workbench';

export async function grantWorkspaceTrust(page: Page): Promise<void> {
  await runCommand(page, 'Workspaces: Manage Workspace Trust');
  const trust = page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ }).first();
  await trust.waitFor({ timeout: 30_000 });
  await trust.click();
  await page.locator('.workspace-trust-editor', { hasText: 'You trust this folder' }).waitFor({ timeout: 30_000 });
  await runCommand(page, 'View: Close Editor');
}
