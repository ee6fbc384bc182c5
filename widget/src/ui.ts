import { stripBidiControls } from '../../server/i18n/bidi-text';
import type { Words } from './strings';

export type Role = 'user' | 'assistant' | 'staff';

export interface Ui {
  launcher: HTMLButtonElement;
  panel: HTMLElement;
  log: HTMLElement;
  input: HTMLTextAreaElement;
  form: HTMLFormElement;
  status: HTMLElement;
  alert: HTMLElement;
  setTitle(name: string): void;
  setOpen(open: boolean): void;
  /** Appends a message; its text is set with `textContent`, never parsed as HTML. */
  add(role: Role, text: string, label: string): HTMLElement;
  /** A line about the conversation (a person joined, …); returned so it can be taken away. */
  notice(text: string): HTMLElement;
}

/** An element with attributes and text (set with `textContent`, never parsed as HTML). */
export const h = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (text !== undefined) el.textContent = text;
  return el;
};

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#111111' : '#ffffff';
}

// The launcher keeps to its side by a physical margin, not flex alignment, which follows the
// language's direction and moved it across the page in Arabic when the panel opened.
const css = (color: string, side: string) => `
:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,Arial,sans-serif}
.w{position:fixed;bottom:20px;${side}:20px;z-index:2147483000;display:flex;flex-direction:column;gap:12px;font-size:15px;line-height:1.45;color:#1b1b1f}
.launcher{margin-${side === 'left' ? 'right' : 'left'}:auto;width:56px;height:56px;border-radius:50%;border:0;background:${color};color:${inkOn(color)};cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center}
.launcher svg{width:28px;height:28px;fill:currentColor}
button:focus-visible,textarea:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}
.panel{width:min(370px,calc(100vw - 40px));height:min(560px,calc(100vh - 110px));background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden}
.panel[hidden]{display:none}
header{background:${color};color:${inkOn(color)};padding:12px 14px;display:flex;align-items:center;justify-content:space-between;gap:8px}
h2{margin:0;font-size:16px;font-weight:600}
.x{background:transparent;border:0;color:inherit;font-size:24px;line-height:1;cursor:pointer;width:36px;height:36px;border-radius:8px}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:8px;background:#f6f6f8}
.m{max-width:85%;padding:8px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #dedee3;align-self:flex-start}
.m.user{align-self:flex-end;background:#e6effd;border-color:#c4d6f5}
.m.staff{background:#fff7e0;border-color:#ecd9a0}
.m b,.m .t{display:block}
.m b{font-size:12px;font-weight:600;color:#55555f}
.m[aria-busy=true] .t:empty::after{content:"…"}
.n{align-self:center;font-size:13px;color:#4a4a55;text-align:center}
.s{margin:0;padding:0 14px;font-size:13px;color:#4a4a55;min-height:0}
.a{margin:0;padding:8px 14px;font-size:13px;color:#8a1020;background:#fdecee}
.a:empty,.s:empty{display:none}
form{display:flex;gap:8px;padding:10px;border-top:1px solid #e3e3e8;background:#fff}
textarea{flex:1;resize:none;border:1px solid #8d8d99;border-radius:10px;padding:8px 10px;font-size:15px;max-height:120px;color:#1b1b1f;background:#fff}
.send{border:0;border-radius:10px;padding:0 14px;background:${color};color:${inkOn(color)};font-weight:600;cursor:pointer}
.send:disabled{opacity:.6;cursor:default}
.e{display:flex;flex-direction:column;gap:6px;padding:10px;border:1px solid #dedee3;border-radius:12px;background:#fff}
.e label{font-size:14px}
.er{display:flex;gap:6px;flex-wrap:wrap}
.er input{flex:1;min-width:0;border:1px solid #8d8d99;border-radius:10px;padding:8px 10px;font-size:15px;color:#1b1b1f}
.er input:focus-visible,.skip:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}
.skip{border:1px solid #8d8d99;border-radius:10px;padding:0 12px;background:#fff;color:#1b1b1f;cursor:pointer}
.ee{margin:0;font-size:13px;color:#8a1020}
.ee:empty{display:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** The widget's DOM, in an open shadow root of its own host element: the page's CSS cannot reach in. */
export function renderUi(words: Words, options: { language: string; position: 'left' | 'right'; color: string }): Ui {
  const host = h('div', { id: 'agent-widget', 'data-agent-widget': '' });
  const root = host.attachShadow({ mode: 'open' });
  const style = h('style', {}, css(options.color, options.position));
  const dir = options.language === 'ar' ? 'rtl' : 'ltr';
  const wrap = h('div', { class: 'w', dir, lang: options.language });

  const panel = h('section', { class: 'panel', id: 'agent-widget-panel', role: 'dialog', 'aria-labelledby': 'agent-widget-title', hidden: '' });
  const header = h('header');
  // The agent's name, the platform's words and each message are text from outside: each takes its
  // direction from its own first strong letter, whatever the widget's language.
  const title = h('h2', { id: 'agent-widget-title', dir: 'auto' });
  const close = h('button', { type: 'button', class: 'x', 'aria-label': words.close }, '×');
  header.append(title, close);
  const log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': words.conversation, tabindex: '0' });
  const status = h('p', { class: 's', role: 'status' });
  const alert = h('p', { class: 'a', role: 'alert', dir: 'auto' });
  const form = h('form');
  const label = h('label', { for: 'agent-widget-input', class: 'sr' }, words.message);
  const input = h('textarea', { id: 'agent-widget-input', rows: '1', maxlength: '4000', placeholder: words.placeholder, dir: 'auto' });
  const send = h('button', { type: 'submit', class: 'send' }, words.send);
  form.append(label, input, send);
  panel.append(header, log, status, alert, form);

  const launcher = h('button', {
    type: 'button',
    class: 'launcher',
    'aria-label': words.open,
    'aria-expanded': 'false',
    'aria-controls': 'agent-widget-panel',
  });
  launcher.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
  wrap.append(panel, launcher);
  root.append(style, wrap);
  document.body.append(host);

  const ui: Ui = {
    launcher,
    panel,
    log,
    input,
    form,
    status,
    alert,
    setTitle: (name) => (title.textContent = stripBidiControls(name)),
    setOpen(open) {
      panel.hidden = !open;
      launcher.setAttribute('aria-expanded', String(open));
      launcher.setAttribute('aria-label', open ? words.close : words.open);
      (open ? input : launcher).focus();
    },
    add(role, text, who) {
      const el = h('div', { class: `m ${role}` });
      el.append(h('b', { dir: 'auto' }, stripBidiControls(who)), h('span', { class: 't', dir: 'auto' }, text));
      log.append(el);
      log.scrollTop = log.scrollHeight;
      return el;
    },
    notice(text) {
      const line = h('p', { class: 'n' }, text);
      log.append(line);
      log.scrollTop = log.scrollHeight;
      return line;
    },
  };
  close.addEventListener('click', () => ui.setOpen(false));
  launcher.addEventListener('click', () => ui.setOpen(panel.hidden));
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      event.stopPropagation();
      ui.setOpen(false);
    }
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  return ui;
}
