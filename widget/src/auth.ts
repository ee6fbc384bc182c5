import { ApiError, type Api } from './api';

interface Stored {
  visitor_id?: string;
  token?: string;
  /** When to get the next token (ms since the epoch): a minute, or a quarter of its life, before it expires. */
  renew_at?: number;
  /** The token is a server-minted one the site handed over (identify): renewed only through the site's `getToken`. */
  verified?: boolean;
  /** The last event id seen on `session`'s event stream, to resume it exactly after a reload. */
  session?: string;
  session_event?: string;
}

interface TokenAnswer {
  token: string;
  expires_at: string;
  visitor_id?: string;
}

/** The site's function giving a fresh client token its server minted (`POST /v1/client_tokens`). */
export type GetToken = () => Promise<string>;

/** Identifying failed: the site's `getToken` or `/widget/identify` (`code`: `invalid_client_token`, `token_expired`, …). */
export class IdentifyError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Renew this long before the token expires (at most a quarter of its life). */
const MARGIN_MS = 60_000;
/** The server refused the token itself (expired, or not one it accepts): get another. */
export const isTokenRefusal = (error: unknown) =>
  error instanceof ApiError && (error.code === 'token_expired' || error.code === 'invalid_client_token');

/**
 * The widget's client token (docs/agent-api.md §1.3 widget), kept in the host page's localStorage (one
 * entry per publishable key). An anonymous visitor's is minted with the publishable key,
 * refreshed before it expires (`/widget/token/refresh`), and minted again for the same
 * `visitor_id` when refreshing is refused (expired over a day, or the visitor was erased).
 * Once the site identifies the visitor (`identify(getToken)`), the token is the verified end
 * user's, checked by `/widget/identify` (which also merges the anonymous visitor into that user);
 * it cannot be refreshed, so near its expiry `getToken` is asked for another. Renewals,
 * identify and logout run one at a time.
 */
export class VisitorAuth {
  private state: Stored;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: Promise<string> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private getToken: GetToken | null = null;
  /** Called when a verified token expired with no `getToken` on this page: the visitor starts anew, anonymous. */
  onReset: () => void = () => undefined;

  constructor(
    private readonly api: Api,
    private readonly key: string,
    private readonly storageKey = `agent-widget:${key.slice(-16)}`,
  ) {
    this.state = read(this.storageKey);
  }

  /** Where to resume `session`'s event stream. */
  eventOf(session: string): string | undefined {
    return this.state.session === session ? this.state.session_event : undefined;
  }

  saveEvent(session: string, id: string) {
    this.state.session = session;
    this.state.session_event = id;
    this.save();
  }

  /** A token valid for a while more. */
  token(): Promise<string> {
    return this.fresh() ? Promise.resolve(this.state.token!) : this.renew();
  }

  /** A fresh token now: the server refused `failed` (or the current one when none is named). */
  renew(failed?: string): Promise<string> {
    this.pending ??= this.serial(() =>
      failed && this.state.token && this.state.token !== failed ? Promise.resolve(this.state.token) : this.obtain(),
    ).finally(() => (this.pending = null));
    return this.pending;
  }

  /**
   * The site's user is the visitor: `getToken` now (and whenever the token nears expiry), then
   * `/widget/identify` with the anonymous visitor's token when there is one, so their
   * conversation moves to the user; else with the publishable key, which only checks the token.
   */
  identify(getToken: GetToken): Promise<void> {
    return this.serial(async () => {
      // A visitor token that cannot be renewed (limits, network): the key still identifies, without moving anything.
      const anonymous =
        this.state.token && !this.state.verified ? (this.fresh() ? this.state.token : await this.obtain().catch(() => null)) : null;
      await this.verify(getToken, anonymous);
      this.getToken = getToken;
    });
  }

  /** Back to a new anonymous visitor: the stored token, visitor id and events are forgotten. */
  logout(): Promise<void> {
    return this.serial(async () => this.forget());
  }

  private fresh(): boolean {
    return !!this.state.token && Date.now() < (this.state.renew_at ?? 0);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async obtain(): Promise<string> {
    if (this.state.verified) {
      if (this.getToken) return this.verify(this.getToken, null);
      // Identified on an earlier page but not on this one: nothing can renew the token here.
      this.forget();
      this.onReset();
    }
    let answer: TokenAnswer | null = null;
    if (this.state.token) {
      answer = await this.api.json<TokenAnswer>('POST', '/widget/token/refresh', this.key, { token: this.state.token }).catch((error) => {
        if (isTokenRefusal(error)) return null;
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
    }
    if (answer.visitor_id) this.state.visitor_id = answer.visitor_id;
    return this.keep(answer, false);
  }

  /** `getToken`, then `/widget/identify` as `caller` (else the publishable key); failures are logged once and thrown as IdentifyError. */
  private async verify(getToken: GetToken, caller: string | null): Promise<string> {
    let answer: TokenAnswer;
    try {
      const clientToken = await getToken();
      const identify = (credential: string) => this.api.json<TokenAnswer>('POST', '/widget/identify', credential, { client_token: clientToken });
      // A visitor token refused: another tab identified this visitor already; the key still checks the token.
      answer = await (caller
        ? identify(caller).catch((error) => (isTokenRefusal(error) ? identify(this.key) : Promise.reject(error)))
        : identify(this.key));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'get_token_failed';
      // eslint-disable-next-line no-console -- the site owner's hint why the visitor was not identified
      console.warn(`[agent widget] identify failed (${code}: ${error instanceof Error ? error.message : String(error)})`);
      throw new IdentifyError(code);
    }
    this.state = { session: this.state.session, session_event: this.state.session_event };
    return this.keep(answer, true);
  }

  private keep(answer: TokenAnswer, verified: boolean): string {
    const life = Date.parse(answer.expires_at) - Date.now();
    this.state.token = answer.token;
    this.state.renew_at = Date.now() + life - Math.min(MARGIN_MS, life / 4);
    this.state.verified = verified || undefined;
    this.save();
    this.schedule();
    return answer.token;
  }

  private forget() {
    clearTimeout(this.timer);
    this.state = {};
    this.getToken = null;
    this.save();
  }

  /** Renews when due while the page is open. */
  private schedule() {
    clearTimeout(this.timer);
    const due = (this.state.renew_at ?? 0) - Date.now();
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
