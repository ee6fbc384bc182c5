import { ApiError, type Api } from './api';

interface Stored {
  visitor_id?: string;
  token?: string;
  expires_at?: string;
  /** The last event id seen on the session's event stream, to resume it exactly after a reload. */
  session_event?: string;
}

interface TokenAnswer {
  token: string;
  expires_at: string;
  visitor_id?: string;
}

/** Refresh this long before the token expires. */
const MARGIN_MS = 60_000;

/**
 * The anonymous visitor's client token (agent-api.md §1.3 widget): kept with the visitor's id in
 * the host page's localStorage (one entry per publishable key), minted with the publishable key,
 * refreshed before it expires (`/widget/token/refresh`), and minted again for the same
 * `visitor_id` when refreshing is refused (expired over a day, or the visitor was erased).
 */
export class VisitorAuth {
  private state: Stored;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly api: Api,
    private readonly key: string,
    private readonly storageKey = `agent-widget:${key.slice(-16)}`,
  ) {
    this.state = read(this.storageKey);
  }

  get sessionEvent(): string | undefined {
    return this.state.session_event;
  }

  set sessionEvent(id: string | undefined) {
    this.state.session_event = id;
    this.save();
  }

  /** A token valid for at least a minute more. */
  token(): Promise<string> {
    const expiresAt = Date.parse(this.state.expires_at ?? '');
    if (this.state.token && expiresAt - Date.now() > MARGIN_MS) return Promise.resolve(this.state.token);
    return this.renew();
  }

  /** A fresh token now (the server said the current one expired). */
  renew(): Promise<string> {
    this.pending ??= this.obtain().finally(() => (this.pending = null));
    return this.pending;
  }

  private async obtain(): Promise<string> {
    let answer: TokenAnswer | null = null;
    if (this.state.token) {
      answer = await this.api.json<TokenAnswer>('POST', '/widget/token/refresh', this.key, { token: this.state.token }).catch((error) => {
        if (error instanceof ApiError && (error.code === 'token_expired' || error.code === 'invalid_client_token')) return null;
        throw error;
      });
    }
    if (!answer) {
      const visitor = this.state.visitor_id ? { visitor_id: this.state.visitor_id } : {};
      answer = await this.api.json<TokenAnswer>('POST', '/widget/token', this.key, visitor).catch((error) => {
        // This visitor id was identified as a user of the site since: start as a new visitor.
        if (error instanceof ApiError && error.code === 'validation_failed' && this.state.visitor_id) {
          return this.api.json<TokenAnswer>('POST', '/widget/token', this.key, {});
        }
        throw error;
      });
      if (answer.visitor_id !== this.state.visitor_id) this.state.session_event = undefined;
    }
    this.state.token = answer.token;
    this.state.expires_at = answer.expires_at;
    if (answer.visitor_id) this.state.visitor_id = answer.visitor_id;
    this.save();
    this.schedule();
    return answer.token;
  }

  /** Refreshes a minute before expiry while the page is open. */
  private schedule() {
    clearTimeout(this.timer);
    const due = Date.parse(this.state.expires_at ?? '') - Date.now() - MARGIN_MS;
    this.timer = setTimeout(() => void this.renew().catch(() => undefined), Math.max(due, 5_000));
  }

  private save() {
    try {
      localStorage.setItem(this.storageKey, JSON.stringify(this.state));
    } catch {
      // storage refused (private mode): the visitor is new on each page
    }
  }
}

function read(key: string): Stored {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? '{}') as Stored) ?? {};
  } catch {
    return {};
  }
}
