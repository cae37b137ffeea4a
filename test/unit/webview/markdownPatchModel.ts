// What markdownView.ts does with the patches of IncrementalMarkdown, on strings instead of DOM nodes: the HTML the
// element holds after each patch. It throws where the view could not apply a patch (a container's children for a
// container that is not open), so a test streaming through it also checks the patches fit together.
import type { MarkdownPatch } from '../../../src/webview/incrementalMarkdown';

type Open = { kind: 'whole'; html: string } | { kind: 'children'; head: string; foot: string; children: string[]; tail: string };

export class PatchModel {
  private settled: string[] = [];
  private open: Open = { kind: 'whole', html: '' };

  apply(patch: MarkdownPatch): string {
    if (patch.reset) {
      this.settled = [];
      this.open = { kind: 'whole', html: '' };
    }
    for (const { index, html } of patch.replaced) {
      if (index >= this.settled.length) throw new Error(`replaced block ${index} of ${this.settled.length}`);
      this.settled[index] = html;
    }
    for (const settled of patch.settled) {
      if (settled.kind === 'finish') {
        const open = this.open;
        if (open.kind !== 'children') throw new Error('a finish without an open container');
        this.settled.push(open.head + [...open.children, ...settled.children].join('') + open.foot);
      } else this.settled.push(settled.html);
      this.open = { kind: 'whole', html: '' };
    }
    const open = patch.open;
    if (open.kind === 'whole') this.open = { kind: 'whole', html: open.html };
    else if (open.continues) {
      if (this.open.kind !== 'children') throw new Error('children continuing no open container');
      this.open.children.push(...open.settled);
      this.open.tail = open.tail;
    } else this.open = { kind: 'children', head: open.head, foot: open.foot, children: [...open.settled], tail: open.tail };
    return this.html();
  }

  html(): string {
    const open = this.open;
    return this.settled.join('') + (open.kind === 'whole' ? open.html : open.head + open.children.join('') + open.tail + open.foot);
  }
}
