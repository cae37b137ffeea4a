// The question box: pending context chips, image attachments (paste, drop, attach button) with thumbnails, an
// IME-safe Enter-to-send textarea that grows with its content, and Send / Stop.
import * as l10n from '@vscode/l10n';
import type { ChatSnapshot, ImageUpload } from '../shared/protocol';
import { button, h, iconButton, setIcon } from './element';
import { maxImagesPerQuestion } from '../shared/imageHeader';
import { acceptedImageTypes, imageReadRefusal, readImage } from './imageAttachment';
import type { ViewContext } from './viewContext';

/** The textarea grows up to this share of the view's height, then scrolls. */
const maxInputShare = 0.4;

interface Attachment {
  readonly image: ImageUpload;
  readonly previewUrl: string;
}

export class Composer {
  readonly element: HTMLElement;
  readonly input: HTMLTextAreaElement;
  // Labelled groups (a name on a plain div is not announced, and ARIA prohibits it).
  private readonly chips = h('div', { className: 'chips', testId: 'pending-context', attrs: { role: 'group' } });
  private readonly attachmentList = h('div', { className: 'attachments', attrs: { role: 'group' } });
  private readonly message = h('div', { className: 'composer-message', testId: 'composer-message', attrs: { role: 'alert' } });
  /** Why Send is disabled, for screen readers (aria-describedby) and as the button's tooltip. */
  private readonly sendHint = h('span', { className: 'visually-hidden', attrs: { id: 'send-hint' } });
  private readonly fileInput: HTMLInputElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly attachButton: HTMLButtonElement;
  private readonly addFileButton: HTMLButtonElement;
  private readonly buttons: HTMLElement;
  private readonly toolsSlot = h('span', { className: 'composer-tools' });
  private attachments: Attachment[] = [];
  private snapshot: ChatSnapshot | null = null;
  private liveTurnId: string | undefined;
  private compositionJustEnded = false;

  constructor(
    private readonly context: ViewContext,
    private readonly onDraft: (text: string) => void,
  ) {
    this.input = h('textarea', { className: 'chat-input', testId: 'chat-input', attrs: { rows: '1' } });
    this.input.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.input.addEventListener('compositionend', () => {
      // Some engines (Safari) deliver the Enter that commits a composition after compositionend: skip that one.
      this.compositionJustEnded = true;
      setTimeout(() => (this.compositionJustEnded = false), 0);
    });
    this.input.addEventListener('input', () => {
      this.autoGrow();
      this.updateSend();
      this.onDraft(this.input.value);
    });
    this.input.addEventListener('paste', (event) => {
      const files = Array.from(event.clipboardData?.files ?? []).filter((file) => file.type.startsWith('image/'));
      if (files.length > 0) {
        event.preventDefault();
        void this.addFiles(files);
      }
    });
    // The Attach button opens this picker: the field itself stays out of the page (`hidden`), so a screen reader's
    // browse mode meets one Attach control, not two, and it still has a name (the button's) wherever it is listed.
    this.fileInput = h('input', {
      testId: 'image-input',
      attrs: { type: 'file', accept: acceptedImageTypes, multiple: '' },
    });
    this.fileInput.hidden = true;
    this.fileInput.addEventListener('change', () => {
      void this.addFiles(Array.from(this.fileInput.files ?? []));
      this.fileInput.value = '';
    });
    this.attachButton = button('', () => this.fileInput.click(), { className: 'icon-button', testId: 'attach-image' });
    this.addFileButton = button('', () => context.post({ type: 'addCurrentFile' }), { className: 'icon-button', testId: 'add-current-file' });
    this.sendButton = button('', () => this.send(), { className: 'icon-button send', testId: 'send' });
    this.stopButton = button('', () => this.stop(), { className: 'icon-button stop', testId: 'stop' });
    this.buttons = h(
      'div',
      { className: 'composer-buttons' },
      this.attachButton,
      this.addFileButton,
      this.toolsSlot,
      h('span', { className: 'spacer' }),
      this.stopButton,
      this.sendButton,
    );
    this.element = h(
      'footer',
      { className: 'composer' },
      this.chips,
      this.attachmentList,
      this.message,
      this.input,
      this.fileInput,
      this.buttons,
      this.sendHint,
    );
  }

  /** Puts controls of the view (the model picker, the Parameters button) in the bottom row, after attach. */
  addTools(...elements: readonly HTMLElement[]): void {
    this.toolsSlot.append(...elements);
  }

  /** Puts a line of the view (the context warning) above the question box. */
  addAboveInput(element: HTMLElement): void {
    this.element.insertBefore(element, this.input);
  }

  /**
   * Images dropped anywhere on `area` (the whole view) are attached; while files are dragged over it, `target` (a
   * layer over the view saying "Drop images to attach them") is shown.
   */
  acceptDrops(area: HTMLElement, target: HTMLElement): void {
    let depth = 0;
    const carriesFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes('Files') === true;
    const show = (visible: boolean): void => {
      target.hidden = !visible;
    };
    show(false);
    area.addEventListener('dragenter', (event) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      target.textContent = l10n.t('Drop images to attach them');
      show(true);
    });
    area.addEventListener('dragleave', (event) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) show(false);
    });
    area.addEventListener('dragover', (event) => {
      if (carriesFiles(event)) event.preventDefault();
    });
    area.addEventListener('drop', (event) => {
      depth = 0;
      show(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      void this.addFiles(files);
    });
  }

  render(snapshot: ChatSnapshot, liveTurnId: string | undefined): void {
    const previous = this.snapshot;
    this.snapshot = snapshot;
    // Streaming deltas leave strings and context untouched: skip the DOM work (it would run every frame).
    if (previous !== null && previous.pendingContext === snapshot.pendingContext && this.liveTurnId === liveTurnId) return;
    this.liveTurnId = liveTurnId;
    this.input.placeholder = l10n.t('Ask a question (Enter to send, Shift+Enter for a new line)');
    this.input.setAttribute('aria-label', l10n.t('Ask a question (Enter to send, Shift+Enter for a new line)'));
    setIcon(this.attachButton, 'attach', l10n.t('Attach image'));
    this.fileInput.setAttribute('aria-label', l10n.t('Attach image'));
    setIcon(this.addFileButton, 'new-file', l10n.t('Add current file'));
    setIcon(this.sendButton, 'send', l10n.t('Send'));
    setIcon(this.stopButton, 'debug-stop', l10n.t('Stop'));
    this.stopButton.hidden = liveTurnId === undefined;
    this.updateSend();
    this.chips.setAttribute('aria-label', l10n.t('Context for the next question'));
    this.chips.replaceChildren(
      ...snapshot.pendingContext.map((chip) =>
        h(
          'span',
          { className: `chip chip-${chip.kind}`, testId: 'context-chip', attrs: { title: chip.label } },
          h('span', { text: chip.label }),
          iconButton('close', `${l10n.t('Remove from context')}: ${chip.label}`, () => this.context.post({ type: 'removeContext', contextId: chip.id }), {
            className: 'chip-remove',
          }),
        ),
      ),
    );
    this.chips.hidden = snapshot.pendingContext.length === 0;
    this.renderAttachments();
  }

  /** Restores an unsent question (after the view was hidden and rebuilt). */
  restoreDraft(text: string): void {
    this.input.value = text;
    this.autoGrow();
    this.updateSend();
  }

  /** Send is enabled only with something to send and no answer being written; the reason is told when it is not. */
  private updateSend(): void {
    const empty = this.input.value.trim() === '' && this.attachments.length === 0;
    const live = this.liveTurnId !== undefined;
    // aria-disabled, not disabled: the button stays reachable by Tab, so a screen reader hears why it does nothing.
    this.sendButton.setAttribute('aria-disabled', String(empty || live));
    const reason =
      this.snapshot === null
        ? ''
        : live
          ? l10n.t('An answer is being written: wait for it or stop it to send.')
          : empty
            ? l10n.t('Type a question or attach an image to send.')
            : '';
    this.sendHint.textContent = reason;
    this.sendButton.title = reason === '' ? (l10n.t('Send') ?? '') : reason;
    if (reason === '') this.sendButton.removeAttribute('aria-describedby');
    else this.sendButton.setAttribute('aria-describedby', 'send-hint');
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // Enter while an IME is composing picks a candidate; it must never send (keyCode 229 for older engines).
    if (event.isComposing || event.keyCode === 229 || this.compositionJustEnded) return;
    event.preventDefault();
    this.send();
  }

  private send(): void {
    const text = this.input.value.trim();
    if ((text === '' && this.attachments.length === 0) || this.liveTurnId !== undefined) return;
    this.context.post({ type: 'send', text, images: this.attachments.map((attachment) => attachment.image) });
    for (const attachment of this.attachments) URL.revokeObjectURL(attachment.previewUrl);
    this.attachments = [];
    this.input.value = '';
    this.message.textContent = '';
    this.autoGrow();
    this.onDraft('');
    this.renderAttachments();
  }

  private stop(): void {
    if (this.liveTurnId !== undefined) this.context.post({ type: 'stop', turnId: this.liveTurnId });
  }

  private autoGrow(): void {
    this.input.style.setProperty('height', 'auto');
    const limit = Math.round(window.innerHeight * maxInputShare);
    this.input.style.setProperty('height', `${Math.min(this.input.scrollHeight + 2, limit)}px`);
  }

  private async addFiles(files: readonly File[]): Promise<void> {
    const maxBytes = this.snapshot?.settings.maxImageBytes ?? 0;
    const problems: string[] = [];
    let refused = 0;
    for (const file of files) {
      // The host takes no more images per question than this (protocol): say so rather than drop the rest silently.
      if (this.attachments.length >= maxImagesPerQuestion) {
        refused += 1;
        continue;
      }
      const read = await readImage(file, maxBytes);
      if (read.ok) {
        const bytes = Uint8Array.from(atob(read.image.thumbnail.split(',')[1] ?? ''), (ch) => ch.charCodeAt(0));
        const previewUrl = URL.createObjectURL(new Blob([bytes], { type: read.image.thumbnail.slice(5, read.image.thumbnail.indexOf(';')) }));
        this.attachments.push({ image: read.image, previewUrl });
      } else problems.push(imageReadRefusal(read, file.name, maxBytes));
    }
    if (refused > 0) problems.push(l10n.t('A question takes at most {0} images; {1} more were not attached.', maxImagesPerQuestion, refused));
    this.message.textContent = problems.join(' ');
    this.message.hidden = problems.length === 0;
    this.renderAttachments();
    this.input.focus();
  }

  private renderAttachments(): void {
    this.updateSend();
    this.attachmentList.setAttribute('aria-label', l10n.t('Attachments'));
    this.attachmentList.hidden = this.attachments.length === 0;
    this.attachmentList.replaceChildren(
      ...this.attachments.map((attachment, index) =>
        h(
          'span',
          { className: 'attachment', testId: 'attachment' },
          h('img', { className: 'thumbnail', attrs: { src: attachment.previewUrl, alt: attachment.image.name } }),
          iconButton('close', `${l10n.t('Remove attachment')}: ${attachment.image.name}`, () => this.removeAttachment(index), { className: 'chip-remove' }),
        ),
      ),
    );
  }

  private removeAttachment(index: number): void {
    const [removed] = this.attachments.splice(index, 1);
    if (removed !== undefined) URL.revokeObjectURL(removed.previewUrl);
    this.renderAttachments();
    this.input.focus();
  }
}
