// Model picker, the conversation's persona, and the parameters of the selected model, each checked against its
// range with an inline message before setParams goes out. The picker and the Parameters button sit in the
// composer's bottom row (as in VS Code's own chat); the panel they open sits above the composer. When the persona in
// use is the workspace's maas.chat.persona (a repository steering the answers), a line above the question box says so,
// with a button that shows it in the panel.
import * as l10n from '@vscode/l10n';
import type { ChatParamName, ChatParams, ChatSnapshot, ParamRangeView } from '../shared/protocol';
import { button, h, setIcon } from './element';
import { chatParamNames, chatParamSpec, parseParamInput, rangeText } from '../shared/chatParams';
import type { ViewContext } from './viewContext';

export class SettingsPanel {
  readonly element: HTMLElement;
  readonly picker = h('select', { className: 'model-picker', testId: 'model-picker' });
  /** The picker's accessible name (it shows only the model's code). */
  private readonly pickerLabel = h('label', { className: 'visually-hidden' });
  private readonly persona = h('textarea', { className: 'persona', testId: 'persona', attrs: { rows: '2' } });
  private readonly personaLabel = h('label', { className: 'field-label' });
  /** Opens and closes the panel of persona and parameters. */
  readonly toggle: HTMLButtonElement;
  private readonly params = h('div', { className: 'params' });
  private readonly service = h('div', { className: 'service-status', testId: 'service-status' });
  /** The line saying the persona in use comes from the workspace, for above the question box. */
  readonly workspacePersona: HTMLElement;
  private readonly workspacePersonaText = h('span', { className: 'workspace-persona-text' });
  private readonly showPersona: HTMLButtonElement;
  private snapshot: ChatSnapshot | null = null;
  private paramsKey = '';
  private paramsModel = '';

  constructor(private readonly context: ViewContext) {
    this.picker.id = 'model-picker';
    this.pickerLabel.htmlFor = 'model-picker';
    this.persona.id = 'persona';
    this.personaLabel.htmlFor = 'persona';
    this.picker.addEventListener('change', () => context.post({ type: 'setModel', model: this.picker.value }));
    this.persona.addEventListener('change', () => context.post({ type: 'setPersona', persona: this.persona.value.slice(0, 20_000) }));
    this.toggle = button('', () => this.setOpen(this.element.hidden), {
      className: 'icon-button',
      testId: 'params-toggle',
      attrs: { 'aria-controls': 'params-panel', 'aria-expanded': 'false' },
    });
    // The persona and the parameters, folded away behind the Parameters button so the transcript keeps the room.
    this.element = h('section', { className: 'settings', attrs: { id: 'params-panel' } }, this.personaLabel, this.persona, this.params, this.service);
    this.element.hidden = true;
    this.showPersona = button('', () => this.revealPersona(), { className: 'secondary', testId: 'show-persona', attrs: { 'aria-controls': 'params-panel' } });
    this.workspacePersona = h(
      'div',
      { className: 'workspace-persona', testId: 'workspace-persona', attrs: { role: 'status' } },
      this.workspacePersonaText,
      this.showPersona,
    );
    this.workspacePersona.hidden = true;
  }

  /** The picker with its label, for the composer's bottom row. */
  get pickerField(): readonly HTMLElement[] {
    return [this.pickerLabel, this.picker];
  }

  private setOpen(open: boolean): void {
    this.element.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
  }

  /** Opens the panel at the persona field, whose placeholder shows the default persona in use. */
  private revealPersona(): void {
    this.setOpen(true);
    this.persona.focus();
  }

  render(snapshot: ChatSnapshot): void {
    this.snapshot = snapshot;
    this.pickerLabel.textContent = l10n.t('Model');
    this.picker.title = `${l10n.t('Model')}: ${snapshot.active.model}`;
    this.personaLabel.textContent = l10n.t('Persona');
    setIcon(this.toggle, 'settings', l10n.t('Parameters'));
    this.service.textContent = snapshot.baseUrl === '' ? '' : l10n.t('Service: {0} (MaaS Assistant {1})', snapshot.baseUrl, snapshot.extensionVersion);
    const options = snapshot.models.map((model) => h('option', { text: model.code, attrs: { value: model.code } }));
    if (!snapshot.models.some((model) => model.code === snapshot.active.model))
      options.push(h('option', { text: snapshot.active.model, attrs: { value: snapshot.active.model } }));
    this.picker.replaceChildren(...options);
    this.picker.value = snapshot.active.model;
    this.persona.placeholder = snapshot.settings.defaultPersona === '' ? '' : l10n.t('Default persona: {0}', snapshot.settings.defaultPersona);
    if (document.activeElement !== this.persona) this.persona.value = snapshot.active.persona;
    // A conversation with a persona of its own does not use the workspace's.
    this.workspacePersona.hidden = !(snapshot.settings.defaultPersonaFromWorkspace && snapshot.active.persona.trim() === '');
    this.workspacePersonaText.textContent = l10n.t(
      "This conversation's persona (its system prompt) comes from this workspace's settings (maas.chat.persona), not yours.",
    );
    this.showPersona.textContent = l10n.t('Show persona');
    const model = snapshot.models.find((candidate) => candidate.code === snapshot.active.model);
    const key = JSON.stringify([model, snapshot.active.params, l10n.t('Reset to defaults')]);
    // Rebuilt only when the model, its ranges or the values changed, and never under a field being typed in
    // (unless the model itself changed, which makes that field meaningless).
    const typing = document.activeElement instanceof HTMLInputElement && this.params.contains(document.activeElement);
    const modelChanged = this.paramsModel !== snapshot.active.model;
    if (key !== this.paramsKey && (!typing || modelChanged)) {
      this.paramsKey = key;
      this.paramsModel = snapshot.active.model;
      this.renderParams(model?.params ?? {}, snapshot.active.params);
    }
  }

  private renderParams(ranges: Partial<Record<ChatParamName, ParamRangeView>>, values: ChatParams): void {
    const fields: HTMLElement[] = [];
    for (const name of chatParamNames()) {
      const range = ranges[name];
      if (range === undefined) continue;
      fields.push(this.field(name, range, values[name] ?? range.defaultValue));
    }
    const reset = button(l10n.t('Reset to defaults'), () => this.reset(), { className: 'secondary', testId: 'reset-params' });
    this.params.replaceChildren(...fields, reset);
  }

  private field(name: ChatParamName, range: ParamRangeView, value: number): HTMLElement {
    const id = `param-${name}`;
    const label = chatParamSpec(name).label(l10n);
    const input = h('input', {
      testId: id,
      attrs: { id, type: 'number', inputmode: range.integer ? 'numeric' : 'decimal', step: String(range.step), min: String(range.min), max: String(range.max) },
    });
    input.value = String(value);
    const message = h('div', { className: 'field-error', attrs: { id: `${id}-error`, role: 'alert' } });
    message.hidden = true;
    input.setAttribute('aria-describedby', message.id);
    input.addEventListener('change', () => {
      const check = parseParamInput(input.value, range);
      input.setAttribute('aria-invalid', String(!check.ok));
      message.hidden = check.ok;
      if (!check.ok) {
        message.textContent =
          check.reason === 'notAnInteger' ? l10n.t('{0} must be a whole number.', label) : l10n.t('{0} must be in {1}.', label, rangeText(range));
        return;
      }
      message.textContent = '';
      this.context.post({ type: 'setParams', params: { ...this.currentParams(), [name]: check.value } });
    });
    return h(
      'div',
      { className: 'param' },
      h('label', { className: 'field-label', text: label, attrs: { for: id } }),
      input,
      h('span', { className: 'param-range', text: rangeText(range) }),
      message,
    );
  }

  /**
   * The parameters the user has set for this model. Unset ones are never sent, so the service applies its own
   * defaults: the vision model's repetition_penalty default (1.0) lies outside the range it accepts, (1, 2).
   */
  private currentParams(): ChatParams {
    const snapshot = this.snapshot;
    if (snapshot === null) return {};
    const model = snapshot.models.find((candidate) => candidate.code === snapshot.active.model);
    const params: Partial<Record<ChatParamName, number>> = {};
    for (const name of chatParamNames()) {
      const value = snapshot.active.params[name];
      if (model?.params[name] !== undefined && value !== undefined) params[name] = value;
    }
    return params;
  }

  /** Back to the service's defaults: no parameter is set any more. */
  private reset(): void {
    if (this.snapshot === null) return;
    this.paramsKey = '';
    this.context.post({ type: 'setParams', params: {} });
  }
}

// The composer's "Read answers aloud as they arrive" toggle: a button that is pressed while each answer is spoken as
// it streams (maas.speech.readAnswers, which the host owns; the button asks for the change and shows the setting).
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
    setIcon(this.element, this.on ? 'unmute' : 'mute', l10n.t('Read answers aloud as they arrive'));
    this.element.setAttribute('aria-pressed', String(this.on));
    this.element.classList.toggle('on', this.on);
  }
}
