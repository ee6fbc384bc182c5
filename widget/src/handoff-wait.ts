import type { Words } from './strings';
import { h, type Ui } from './ui';

/** The shape browsers check `type=email` against, kept as loose: the server validates too. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * While a handoff waits for staff (docs/agent-api.md §2.6): a line telling the visitor they are
 * waiting for a person, and, after the agent's `ask_email_after_seconds` with nobody answering,
 * a form asking for an email so the team can follow up (the visitor may skip it). A staff
 * message, or the handoff ending, takes both away.
 */
export class HandoffWait {
  private handoff: string | null = null;
  private line: HTMLElement | null = null;
  private prompt: HTMLElement | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Asked once per page: a visitor who answered or skipped is not asked again. */
  private asked = false;

  constructor(
    private readonly ui: Ui,
    private readonly words: Words,
    private readonly askAfterSeconds: number,
    private readonly saveEmail: (email: string) => Promise<void>,
  ) {}

  /** A handoff opened with nobody on it yet. */
  begin(handoffId: string) {
    if (this.handoff === handoffId) return;
    this.clear();
    this.handoff = handoffId;
    this.line = this.ui.notice(this.words.waitingForTeam);
    this.line.dataset.waiting = '';
    if (this.askAfterSeconds > 0 && !this.asked) this.timer = setTimeout(() => this.ask(), this.askAfterSeconds * 1000);
  }

  /** Staff wrote, or the handoff ended: nobody waits any more. */
  clear() {
    clearTimeout(this.timer);
    this.line?.remove();
    this.line = null;
    this.handoff = null;
  }

  private ask() {
    this.asked = true;
    const form = h('form', { class: 'e', 'data-email-prompt': '', novalidate: '' });
    const label = h('label', { for: 'agent-widget-email' }, this.words.askEmail);
    const input = h('input', {
      id: 'agent-widget-email',
      type: 'email',
      autocomplete: 'email',
      dir: 'ltr',
      'aria-describedby': 'agent-widget-email-error',
    });
    const error = h('p', { id: 'agent-widget-email-error', class: 'ee' });
    const send = h('button', { type: 'submit', class: 'send' }, this.words.emailSend);
    const skip = h('button', { type: 'button', class: 'skip' }, this.words.emailSkip);
    const row = h('div', { class: 'er' });
    row.append(input, send, skip);
    form.append(label, row, error);
    this.ui.log.append(form);
    this.ui.log.scrollTop = this.ui.log.scrollHeight;
    this.prompt = form;
    input.focus();
    skip.addEventListener('click', () => this.closePrompt());
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const email = input.value.trim();
      if (!EMAIL.test(email)) {
        input.setAttribute('aria-invalid', 'true');
        error.textContent = this.words.emailInvalid;
        return;
      }
      send.disabled = true;
      this.saveEmail(email).then(
        () => {
          this.closePrompt();
          const [before = '', after = ''] = this.words.emailSaved.split('{email}');
          const saved = this.ui.notice(before);
          // The address reads left to right inside an Arabic line.
          saved.append(h('bdi', { dir: 'ltr' }, email), after);
          saved.dataset.emailSaved = '';
        },
        () => {
          send.disabled = false;
          error.textContent = this.words.failed;
        },
      );
    });
  }

  private closePrompt() {
    this.prompt?.remove();
    this.prompt = null;
    this.ui.input.focus();
  }
}
