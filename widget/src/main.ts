import { ApiError, createApi } from './api';
import { VisitorAuth } from './auth';
import { Chat } from './chat';
import { installCommands } from './commands';
import { strings, type Language } from './strings';
import { renderUi } from './ui';

/**
 * The embeddable widget: `<script src="{app}/widget/v1/widget.js" data-key="agpk_live_…" async>`
 * with optional `data-language="en|ar"` (else the page's `lang`) and `data-position="right|left"` (else the
 * agent's theme: the end of the line by default).
 * It talks to the agent API of the server it was loaded from. When the key cannot be used here
 * (another origin, a revoked key, no agent with the widget on) nothing is shown and the reason
 * is logged once.
 *
 * Signed-in users of the site: the page hands the widget a function giving a client token its
 * server minted for the user (`POST /agent/v1/client_tokens` with a secret key, never in the page):
 *
 *   window.AgentWidget = window.AgentWidget || { q: [] };
 *   AgentWidget.q.push(['identify', () => fetch('/my/agent-token').then((r) => r.text())]);
 *   // when the user signs out:
 *   AgentWidget.q.push(['logout']);
 *
 * Pushing works before and after the widget loaded (calls wait in `q` until it is ready); once it
 * is, `AgentWidget.identify(getToken)` and `AgentWidget.logout()` are there too. `identify` calls
 * `getToken` now and again whenever the token nears expiry or the server says `token_expired`
 * (such tokens cannot be refreshed), and `/widget/identify` moves the anonymous visitor's
 * conversation to the user; it goes on in the panel. Call it on every page while the user is
 * signed in, and `logout` when they sign out: the widget then forgets the visitor and starts anew.
 * A refused token shows a line in the panel and is logged once.
 */
interface WidgetConfig {
  agent: {
    name: string;
    greeting: string | null;
    theme?: { color?: string; position?: 'start' | 'end' } | null;
    /** While a handoff waits for staff: when to ask for an email (0: never). */
    ask_email_after_seconds?: number;
  };
}

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-key][src*="/widget/v1/widget.js"]');

async function boot(tag: HTMLScriptElement) {
  const key = tag.dataset.key ?? '';
  const base = new URL(tag.src, location.href).origin;
  const wanted = (tag.dataset.language ?? document.documentElement.lang ?? 'en').slice(0, 2).toLowerCase();
  const language: Language = wanted === 'ar' ? 'ar' : 'en';
  const words = strings[language];
  const api = createApi(base, language);

  let config: WidgetConfig;
  try {
    config = await api.json<WidgetConfig>('GET', '/widget/config', key);
  } catch (error) {
    const reason = error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
    // eslint-disable-next-line no-console -- the site owner's only hint why the widget stays hidden
    console.warn(`[agent widget] not shown (${reason})`);
    return;
  }
  const color = /^#[0-9a-f]{6}$/i.test(config.agent.theme?.color ?? '') ? config.agent.theme!.color! : '#1f5fbf';
  // data-position wins; else the agent's theme (start or end of the line: left in English, right in Arabic).
  const atStart = config.agent.theme?.position === 'start';
  const side = tag.dataset.position ?? ((language === 'ar') !== atStart ? 'left' : 'right');
  const ui = renderUi(words, { language, position: side === 'left' ? 'left' : 'right', color });
  ui.setTitle(config.agent.name);

  const auth = new VisitorAuth(api, key);
  const chat = new Chat(api, auth, ui, words, config.agent.name, config.agent.greeting, config.agent.ask_email_after_seconds ?? 0);
  auth.onReset = () => chat.restart(true);
  installCommands(window as { AgentWidget?: unknown }, {
    async identify(getToken) {
      if (typeof getToken !== 'function') {
        // eslint-disable-next-line no-console -- the site owner's hint that the call did nothing
        return console.warn('[agent widget] identify needs a function returning a client token');
      }
      try {
        await auth.identify(getToken);
        ui.alert.textContent = '';
        chat.restart(false);
      } catch (error) {
        chat.fail(error);
      }
    },
    async logout() {
      await auth.logout();
      ui.alert.textContent = '';
      chat.restart(true);
    },
  });
  ui.launcher.addEventListener('click', () => {
    if (!ui.panel.hidden) void chat.start();
  });
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = ui.input.value.trim();
    if (!text) return;
    ui.input.value = '';
    void chat.send(text);
  });
}

if (script && !document.querySelector('[data-agent-widget]')) {
  const go = () => void boot(script);
  if (document.body) go();
  else document.addEventListener('DOMContentLoaded', go, { once: true });
}
