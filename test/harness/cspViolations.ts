// Records the Content Security Policy violations of a Playwright page, or of every page of a browser context, on the
// test's side: a `securitypolicyviolation` listener that the driver adds to each document before the page's own
// scripts (outside the page's CSP) reports each one through a binding. The record lives in the test process, so it
// survives reloads and navigations: a violation a page caused before it was reloaded is still counted.
import type { BrowserContext, Page } from 'playwright-core';

let bindings = 0;
const ofPage = new WeakMap<Page, Promise<CspViolations>>();

/** The attribute of the element whose inline style is the marker violation `list(page)` waits for. */
const MARKER_ATTRIBUTE = 'data-maas-csp-marker';

export class CspViolations {
  private readonly seen: string[] = [];
  private readonly markersAwaited = new Map<string, () => void>();
  private markers = 0;

  private constructor() {}

  /** Starts recording on `target` from now on: its current document too, and every document it loads later. */
  static async record(target: Page | BrowserContext): Promise<CspViolations> {
    const recorder = new CspViolations();
    // A name of its own per recorder: a page may be watched both by its context's recorder and by one of its own.
    const binding = `__maasCspViolation${++bindings}`;
    await target.exposeBinding(binding, (_source, violation: string, marker: string | null) => {
      if (marker === null) recorder.seen.push(violation);
      else recorder.markersAwaited.get(marker)?.();
    });
    // Page code as source text: this file is compiled without the DOM's types.
    const listen = `document.addEventListener('securitypolicyviolation', (event) => {
      const marker = event.target instanceof Element ? event.target.getAttribute(${JSON.stringify(MARKER_ATTRIBUTE)}) : null;
      void window[${JSON.stringify(binding)}]?.(event.violatedDirective + ' ' + event.blockedURI, marker);
    }, true);`;
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
   * Every violation recorded so far, as "directive blocked-URI". With `page`, first every violation the page has
   * caused until now is delivered: the page trips a marker violation of its own (an inline style attribute, which a
   * policy without 'unsafe-inline' styles refuses) and the list is read once the marker has come through, the browser
   * reporting violations in the order they happened.
   */
  async list(page?: Page): Promise<string[]> {
    if (page !== undefined) await this.markerThrough(page);
    return [...this.seen];
  }

  private async markerThrough(page: Page): Promise<void> {
    const marker = String(++this.markers);
    let timer: NodeJS.Timeout | undefined;
    const through = new Promise<void>((resolve, reject) => {
      this.markersAwaited.set(marker, resolve);
      timer = setTimeout(
        () => reject(new Error(`The page's policy reported no violation for an inline style attribute within 10 s: does it allow inline styles?`)),
        10_000,
      );
    });
    try {
      await page.evaluate(
        `(() => {
          const element = document.createElement('i');
          element.hidden = true;
          element.setAttribute(${JSON.stringify(MARKER_ATTRIBUTE)}, ${JSON.stringify(marker)});
          document.documentElement.append(element);
          element.setAttribute('style', 'color: red');
        })()`,
      );
      await through;
    } finally {
      clearTimeout(timer);
      this.markersAwaited.delete(marker);
      await page.evaluate(`document.querySelector('[${MARKER_ATTRIBUTE}="${marker}"]')?.remove()`).catch(() => undefined);
    }
  }
}
