// Benchmark baselines in the browser, built from the webview's own modules: the whole answer rendered once, and
// a naive view that re-renders the whole answer on every chunk (what incremental rendering is measured against).
import { createMarkdownEngine } from '../../src/webview/markdownEngine';
import { renderMarkdownOnce } from '../../src/webview/markdownView';

interface NaiveBench {
  /** Renders `text` once into a fresh answer element; returns the main-thread milliseconds spent. */
  renderOnce(text: string): number;
  /** Posts every chunk as a message and re-renders the whole answer on each; resolves with the busy milliseconds. */
  streamNaively(chunks: readonly string[]): Promise<number>;
}

const md = createMarkdownEngine();

function answerElement(): HTMLElement {
  const scroller = document.createElement('div');
  scroller.className = 'transcript';
  const answer = document.createElement('div');
  answer.className = 'answer markdown';
  scroller.append(answer);
  document.getElementById('app')?.replaceChildren(scroller);
  return answer;
}

function pin(answer: HTMLElement): void {
  const scroller = answer.parentElement;
  if (scroller !== null) scroller.scrollTop = scroller.scrollHeight;
}

const bench: NaiveBench = {
  renderOnce(text) {
    const answer = answerElement();
    const started = performance.now();
    renderMarkdownOnce(answer, md, text);
    pin(answer);
    return performance.now() - started;
  },
  streamNaively(chunks) {
    const answer = answerElement();
    let text = '';
    let busy = 0;
    let received = 0;
    return new Promise((resolve) => {
      const onMessage = (event: MessageEvent<string>): void => {
        const started = performance.now();
        text += event.data;
        renderMarkdownOnce(answer, md, text);
        pin(answer);
        busy += performance.now() - started;
        received += 1;
        if (received === chunks.length) {
          window.removeEventListener('message', onMessage);
          resolve(busy);
        }
      };
      window.addEventListener('message', onMessage);
      for (const chunk of chunks) window.postMessage(chunk, '*');
    });
  },
};

(window as unknown as { __naiveBench: NaiveBench }).__naiveBench = bench;
