// Records the Content Security Policy violations of a Playwright page, or of every page of a browser context, on the
// test's side: a `securitypolicyviolation` listener that the driver adds to each document before the page's own
// scripts (outside the page's CSP) reports each one through a binding. The record lives in the test process, so it
// survives reloads and navigations: a violation a page caused before it was reloaded is still counted.
import type { BrowserContext, Page } from 'playwright-core';

let bindings = 0;
const ofPage = new WeakMap<Page, Promise<CspViolations>>();

export class CspViolations {
  private readonly seen: string[] = [];

  private constructor() {}

  /** Starts recording on `target` from now on: its current document too, and every document it loads later. */
  static async record(target: Page | BrowserContext): Promise<CspViolations> {
    const recorder = new CspViolations();
    // A name of its own per recorder: a page may be watched both by its context's recorder and by one of its own.
    const binding = `__maasCspViolation${++bindings}`;
    await target.exposeBinding(binding, (_source, violation: string) => {
      recorder.seen.push(violation);
    });
    // Page code as source text: this file is compiled without the DOM's types.
    const listen = `document.addEventListener('securitypolicyviolation', (event) => {
      void window[${JSON.stringify(binding)}]?.(event.violatedDirective + ' ' + event.blockedURI);
    });`;
    await target.addInitScript(listen);
    const pages = 'pages' in target ? target.pages() : [target];
    await Promise.all(pages.map((page) => page.evaluate(listen)));
    return recorder;
  }

  /** The page's own recorder, started on first use (what a helper that gets only the page asks for). */
  static of(page: Page): Promise<CspViolations> {
    let recorder = ofPage.get(page);
    if (recorder === undefined) {
      recorder = CspViolations.record(page);
      ofPage.set(page, recorder);
    }
    return recorder;
  }

  /**
   * Every violation recorded so far, as "directive blocked-URI". With `page`, first lets the browser deliver any it
   * has pending (a violation is reported in a task of its own, and the binding call crosses to this process).
   */
  async list(page?: Page): Promise<string[]> {
    if (page !== undefined) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return [...this.seen];
  }
}
