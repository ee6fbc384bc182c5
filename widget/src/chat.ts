import { ApiError, errorOf, isEventStream, readEvents, type Api, type StreamEvent } from './api';
import { IdentifyError, isTokenRefusal, type VisitorAuth } from './auth';
import type { Words } from './strings';
import type { Role, Ui } from './ui';
import { HandoffWait } from './handoff-wait';

interface Message {
  id: string;
  role: string;
  text: string;
  run: string | null;
  created_at: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
/** Waits between reconnections: 0.5 s, 1 s, 2 s, … up to 10 s. */
const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);

/**
 * The conversation: the visitor's widget session (get-or-create), its history, a message's
 * reply streamed token by token (resumed after a broken connection from the last event id, so
 * nothing is lost or repeated), and the session's event stream for what staff write during a
 * handoff. After identify or logout, `restart` follows the conversation with the new token.
 */
export class Chat {
  private session: string | null = null;
  private starting: Promise<void> | null = null;
  /** The messages on screen, by id: a message reaching us twice (history, both streams) shows once. */
  private shown = new Map<string, HTMLElement>();
  private joined = new Set<string>();
  /** Stops the session's event stream of the current start. */
  private stop = new AbortController();
  /** The last event id seen on the session's event stream (where to resume it). */
  private after: string | null = null;
  /** The line (and later email form) shown while a handoff waits for staff. */
  private readonly wait: HandoffWait;

  constructor(
    private readonly api: Api,
    private readonly auth: VisitorAuth,
    private readonly ui: Ui,
    private readonly words: Words,
    private readonly agentName: string,
    private readonly greeting: string | null,
    askEmailAfterSeconds = 0,
  ) {
    this.wait = new HandoffWait(ui, words, askEmailAfterSeconds, (email) => this.call('POST', '/widget/email', { email }).then(() => undefined));
    this.clear();
  }

  /** On first opening: token, session, history, then the session's events. Errors show in the panel. */
  start(): Promise<void> {
    this.starting ??= this.open().catch((error) => {
      this.starting = null;
      this.fail(error);
    });
    return this.starting;
  }

  /**
   * After identify (`clear` false: the conversation moved to the verified user and goes on) or
   * logout (`clear`: a new visitor's, begun when they next write or open the chat).
   */
  restart(clear: boolean) {
    this.stop.abort();
    const started = this.starting !== null;
    this.starting = null;
    if (clear) {
      this.session = this.after = null;
      this.clear();
    } else if (started) void this.start();
  }

  private async open() {
    const stop = (this.stop = new AbortController());
    const token = await this.auth.token();
    const session = await this.api.json<{ id: string }>('POST', '/widget/sessions', token, {});
    // The same conversation after identify: on screen already, its events are followed on from `after`.
    if (session.id !== this.session) {
      // After identify, the verified user's own conversation with this agent replaces the visitor's.
      if (this.session) this.clear();
      this.session = session.id;
      const history = await this.call<{ data: Message[] }>('GET', `/sessions/${session.id}/messages?limit=50`);
      for (const message of history.data.reverse()) this.show(message);
      const newest = history.data.at(-1);
      // Resume the session's events where this browser left them, else from the newest message shown.
      this.after = this.auth.eventOf(session.id) ?? (newest ? `${Date.parse(newest.created_at)}-0` : null);
    }
    void this.follow(session.id, stop.signal);
  }

  /** An empty conversation: the greeting alone. */
  private clear() {
    this.wait?.clear();
    this.ui.log.replaceChildren();
    this.shown.clear();
    this.joined.clear();
    if (this.greeting) this.ui.add('assistant', this.greeting, this.agentName);
  }

  /** Sends the visitor's message and streams the reply into a new bubble. */
  async send(text: string): Promise<void> {
    this.ui.alert.textContent = '';
    await this.start();
    if (!this.session) return;
    this.ui.add('user', text, this.words.you);
    const clientMessageId = randomId();
    const bubble = this.ui.add('assistant', '', this.agentName);
    bubble.setAttribute('aria-busy', 'true');
    const textEl = bubble.querySelector('.t')!;
    const reply = { run: null as string | null, last: null as string | null, text: '', done: false };
    const onEvent = (event: StreamEvent) => {
      if (event.id) reply.last = event.id;
      const data = event.data;
      switch (event.event) {
        case 'run.created':
          reply.run = String(data.id);
          break;
        case 'run.queued':
          this.ui.status.textContent = this.words.waiting;
          break;
        case 'message.delta':
          this.ui.status.textContent = '';
          reply.text += String(data.text ?? '');
          textEl.textContent = reply.text;
          break;
        case 'message.completed': {
          reply.text = String(data.text ?? reply.text);
          textEl.textContent = reply.text;
          const id = String(data.id);
          const already = this.shown.get(id);
          if (already && already !== bubble) bubble.remove();
          else this.shown.set(id, bubble);
          break;
        }
        case 'run.completed':
        case 'run.failed':
        case 'run.cancelled':
        case 'run.requires_action':
          reply.done = true;
          if (event.event === 'run.failed' && !reply.text) {
            const error = data.error as { message?: string } | null | undefined;
            this.ui.alert.textContent = error?.message ?? this.words.failed;
          }
          break;
        case 'error':
          if ((data.error as { code?: string } | undefined)?.code === 'token_expired') this.renewSoon();
          break;
      }
      this.ui.log.scrollTop = this.ui.log.scrollHeight;
    };

    try {
      for (let attempt = 0; !reply.done; attempt++) {
        if (attempt > 8) throw new Error('reply stream lost');
        if (attempt > 0) {
          this.ui.status.textContent = this.words.reconnecting;
          await sleep(backoff(attempt - 1));
        }
        const token = await this.auth.token();
        let res: Response;
        try {
          res = reply.run
            ? await this.api.open('GET', `/runs/${reply.run}/events`, token, { lastEventId: reply.last })
            : // Nothing of the run seen yet: the same client_message_id gives back the same message and run.
              await this.api.open('POST', `/sessions/${this.session}/messages`, token, {
                body: { input: text, stream: true, client_message_id: clientMessageId },
              });
        } catch {
          continue; // offline: try again
        }
        if (!res.ok) {
          const error = await errorOf(res);
          if (isTokenRefusal(error)) {
            await this.auth.renew(token);
            continue;
          }
          throw error;
        }
        if (!isEventStream(res)) {
          // Staff have the conversation: the message is theirs to answer, no run starts.
          reply.done = true;
          break;
        }
        if (!reply.last) {
          reply.text = '';
          textEl.textContent = '';
        }
        await readEvents(res, onEvent).catch(() => undefined);
        if (reply.done) this.ui.status.textContent = '';
      }
    } catch (error) {
      this.fail(error);
    } finally {
      bubble.setAttribute('aria-busy', 'false');
      if (!reply.text) bubble.remove();
      this.ui.status.textContent = '';
    }
  }

  /** The session's event stream, reopened from its last event id whenever it ends. */
  private async follow(session: string, signal: AbortSignal) {
    for (let attempt = 0; !signal.aborted;) {
      try {
        const token = await this.auth.token();
        const res = await this.api.open('GET', `/sessions/${session}/events`, token, { lastEventId: this.after, signal });
        if (!res.ok) {
          const error = await errorOf(res);
          if (isTokenRefusal(error)) await this.auth.renew(token);
          else if (error.status < 500 && error.status !== 429) return;
        } else {
          attempt = 0;
          await readEvents(res, (event) => {
            if (signal.aborted) return;
            if (event.id) this.auth.saveEvent(session, (this.after = event.id));
            this.onSessionEvent(event);
          });
          continue;
        }
      } catch (error) {
        // the site could not give a token: shown, and tried again on the visitor's next message
        if (error instanceof IdentifyError) return this.fail(error);
        // else the connection broke (or was stopped): reopen from `this.after`
      }
      await sleep(backoff(attempt++));
    }
  }

  private onSessionEvent({ event, data }: StreamEvent) {
    if (event === 'message.created' && data.role === 'staff') this.wait.clear();
    if (event === 'message.created' && data.role !== 'user') this.show(data as unknown as Message);
    else if (event === 'handoff.opened' && !data.assignee) this.wait.begin(String(data.id));
    else if (event === 'handoff.assigned' && !this.joined.has(String(data.id))) {
      this.joined.add(String(data.id));
      this.ui.notice(this.words.joined);
    } else if (event === 'handoff.released' || event === 'handoff.resolved' || event === 'handoff.expired') {
      this.wait.clear();
      this.ui.notice(this.words.back);
    } else if (event === 'error' && (data.error as { code?: string } | undefined)?.code === 'token_expired') this.renewSoon();
  }

  /** A message from the history or the session stream, unless already on screen. Notes and tool results are staff's. */
  private show(message: Message) {
    const roles: Record<string, Role> = { user: 'user', assistant: 'assistant', staff: 'staff' };
    const role = roles[message.role];
    if (!role || !message.text || this.shown.has(message.id)) return;
    const who = role === 'user' ? this.words.you : role === 'staff' ? this.words.team : this.agentName;
    this.shown.set(message.id, this.ui.add(role, message.text, who));
  }

  /** The server says the token expired (an `error` event): a new one for the next request. */
  private renewSoon() {
    this.auth.renew().catch(() => undefined);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.api.json<T>(method, path, await this.auth.token(), body);
  }

  /** Shows what went wrong in the panel's alert, in the widget's language. */
  fail(error: unknown) {
    this.ui.alert.textContent =
      error instanceof IdentifyError
        ? error.code === 'token_expired'
          ? this.words.signInExpired
          : this.words.signInFailed
        : error instanceof ApiError
          ? error.message
          : this.words.failed;
  }
}
