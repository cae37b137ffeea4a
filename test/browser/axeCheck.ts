// The one accessibility check of the browser tests: axe-core (Deque's engine, the one browser DevTools and
// Lighthouse use) run over a page as it is, failing on any serious or critical violation with the rule, each
// element (its CSS path) and the rule's help page. axe is evaluated into the page through the DevTools protocol,
// as a test driver's own code: the page keeps its real Content-Security-Policy (a <script> tag of ours would need
// the policy loosened), and the check fails if running axe trips that policy, so no rule is skipped silently.
// axe measures colour contrast only where it can see the element: text scrolled out of the transcript comes back as
// "incomplete" (its background hidden). Each such element is scrolled into view and measured on its own, then
// every scroll position is put back, so the whole conversation is measured, not only the screenful in view.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AxeResults, ElementContext, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { CspViolations } from '../harness/cspViolations';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a check; moderate and minor findings are listed by `axeFindings` but do not fail. */
const failing = new Set(['serious', 'critical']);

export interface AxeCheckOptions {
  /** Rules turned off, each with why: only for a reason outside the page's control, never to hide a finding. */
  readonly disabledRules?: readonly { readonly id: string; readonly why: string }[];
}

export interface AxeFinding {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly helpUrl: string;
  readonly targets: readonly string[];
}

function finding(result: Result): AxeFinding {
  return {
    rule: result.id,
    impact: result.impact ?? 'unknown',
    help: result.help,
    helpUrl: result.helpUrl,
    targets: result.nodes.map(
      (node) => `${node.target.join(' >>> ')}${node.failureSummary === undefined ? '' : ` (${node.failureSummary.replace(/\s+/g, ' ')})`}`,
    ),
  };
}

/** The colour rules whose "incomplete" answers for elements out of view are measured again in view. */
const colourRules = ['color-contrast', 'link-in-text-block'];

type Axe = { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };

export interface AxeReport {
  /** Every violation, whatever its impact. */
  readonly violations: readonly AxeFinding[];
  /** Colour checks axe could not decide even with the element in view (a one-character label, say). */
  readonly undetermined: readonly AxeFinding[];
}

/** What axe finds in the page now. */
export async function axeFindings(page: Page, options: AxeCheckOptions = {}): Promise<AxeReport> {
  const csp = await CspViolations.of(page);
  const before = await csp.list(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const disabled = new Set((options.disabledRules ?? []).map((rule) => rule.id));
  const runOptions: RunOptions = {
    resultTypes: ['violations', 'incomplete'],
    rules: Object.fromEntries([...disabled].map((id) => [id, { enabled: false }])),
  };
  await settle(page);
  const first = await page.evaluate((o) => (window as unknown as { axe: Axe }).axe.run(document, o), runOptions);
  const hidden = first.incomplete
    .filter((result) => colourRules.includes(result.id) && !disabled.has(result.id))
    .flatMap((result) => result.nodes.map((node) => ({ rule: result.id, selector: node.target[0] })))
    .filter((entry): entry is { rule: string; selector: string } => typeof entry.selector === 'string');
  const again: Result[] = [];
  const undetermined: Result[] = [];
  if (hidden.length > 0) {
    await page.evaluate(() => {
      const w = window as unknown as { __axeScrolled: (readonly [Element, number, number])[] };
      w.__axeScrolled = Array.from(document.querySelectorAll('*'))
        .filter((el) => el.scrollTop !== 0 || el.scrollLeft !== 0)
        .map((el) => [el, el.scrollTop, el.scrollLeft] as const);
    });
    for (const { rule, selector } of hidden) {
      const found = await page.evaluate((sel) => {
        const element = document.querySelector(sel);
        element?.scrollIntoView({ block: 'center', inline: 'nearest' });
        return element !== null;
      }, selector);
      if (!found) continue;
      await settle(page);
      const result = await page.evaluate(
        async ({ sel, id }): Promise<{ violations: Result[]; incomplete: Result[] }> => {
          const element = document.querySelector(sel);
          if (element === null) return { violations: [], incomplete: [] };
          const axe = (window as unknown as { axe: Axe }).axe;
          const { violations, incomplete } = await axe.run(element, { runOnly: { type: 'rule', values: [id] }, resultTypes: ['violations', 'incomplete'] });
          return { violations, incomplete };
        },
        { sel: selector, id: rule },
      );
      again.push(...result.violations);
      undetermined.push(...result.incomplete);
    }
    await page.evaluate(() => {
      for (const [el, top, left] of (window as unknown as { __axeScrolled: (readonly [Element, number, number])[] }).__axeScrolled) {
        el.scrollTop = top;
        el.scrollLeft = left;
      }
    });
  }
  assert.deepEqual((await csp.list(page)).slice(before.length), [], 'running axe tripped the page’s CSP: its results cannot be trusted');
  return { violations: merged([...first.violations, ...again]), undetermined: merged(undetermined) };
}

/** The same rule found on several runs is one finding with all its elements. */
function merged(results: readonly Result[]): AxeFinding[] {
  const byRule = new Map<string, Result>();
  for (const result of results) {
    const known = byRule.get(result.id);
    byRule.set(result.id, known === undefined ? result : { ...known, nodes: [...known.nodes, ...result.nodes] });
  }
  return [...byRule.values()].map(finding);
}

/** Colours are measured at rest: a fade in progress (a toolbar appearing under the pointer) is run to its end. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation (a spinner) has no end to run to; its colours do not change.
      }
    }
  });
}

/**
 * Fails when the page has a serious or critical violation, listing each with its elements and help page (and, to
 * read beside them, the colour checks axe could not decide). Returns the whole report.
 */
export async function assertAccessible(page: Page, state: string, options: AxeCheckOptions = {}): Promise<AxeReport> {
  const report = await axeFindings(page, options);
  const serious = report.violations.filter((f) => failing.has(f.impact));
  const list = (findings: readonly AxeFinding[]): string =>
    findings.map((f) => `${f.impact} ${f.rule}: ${f.help}\n  ${f.helpUrl}\n${f.targets.map((t) => `  - ${t}`).join('\n')}`).join('\n');
  const undecided = report.undetermined.length === 0 ? '' : `\nNot decided by axe (check by eye):\n${list(report.undetermined)}`;
  assert.equal(serious.length, 0, `${state}: ${serious.length} serious or critical accessibility violation(s)\n${list(serious)}${undecided}`);
  return report;
}
