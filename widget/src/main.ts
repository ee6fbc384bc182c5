import { ApiError, createApi } from './api';
import { VisitorAuth } from './auth';
import { Chat } from './chat';
import { strings, type Language } from './strings';
import { renderUi } from './ui';

/**
 * The embeddable widget: `<script src="{app}/widget/v1/widget.js" data-key="agpk_live_…" async>`
 * with optional `data-language="en|ar"` (else the page's `lang`) and `data-position="right|left"` (else the
 * agent's theme: the end of the line by default).
 * It talks to the agent API of the server it was loaded from. When the key cannot be used here
 * (another origin, a revoked key, no agent with the widget on) nothing is shown and the reason
 * is logged once.
 */
interface WidgetConfig {
  agent: { name: string; greeting: string | null; theme?: { color?: string; position?: 'start' | 'end' } | null };
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
  if (config.agent.greeting) ui.add('assistant', config.agent.greeting, config.agent.name);

  const chat = new Chat(api, new VisitorAuth(api, key), ui, words, config.agent.name);
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
