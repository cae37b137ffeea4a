// The composer's "Read answers aloud as they arrive" toggle: a button that is pressed while each answer is spoken as
// it streams (maas.speech.readAnswers, which the host owns; the button asks for the change and shows the setting).
import type { ChatSnapshot } from '../shared/protocol';
import { button, setIcon } from './element';
import type { ViewContext } from './viewContext';

export class ReadAnswersToggle {
  readonly element: HTMLButtonElement;
  private on = false;

  constructor(context: ViewContext) {
    this.element = button('', () => context.post({ type: 'setReadAnswers', on: !this.on }), {
      className: 'icon-button read-answers',
      testId: 'read-answers',
    });
  }

  render(snapshot: ChatSnapshot): void {
    this.on = snapshot.settings.readAnswers;
    setIcon(this.element, this.on ? 'unmute' : 'mute', snapshot.strings.readAnswers);
    this.element.setAttribute('aria-pressed', String(this.on));
    this.element.classList.toggle('on', this.on);
  }
}
