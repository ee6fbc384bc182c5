import type { IncomingMessage } from 'node:http';

/**
 * Sends the simulator never answers, so a test can kill the sender while its request is in
 * flight (an extension of the control API). A hold applies to the next send to one recipient;
 * `accepted` says whether the platform takes the message before it goes silent (recorded,
 * statuses follow) or drops it once the sender has gone.
 */
export interface HeldSend {
  /** Recipient digits. */
  to: string;
  accepted: boolean;
  /** The send's `biz_opaque_callback_data` (the service's message id), if any. */
  callback: string | null;
  since: string;
}

export class SendHolds {
  /** Recipient digits -> `accepted` of the hold waiting for their next send. */
  private readonly armed = new Map<string, boolean>();
  private readonly held = new Set<HeldSend>();

  arm(toDigits: string, accepted: boolean): void {
    this.armed.set(toDigits, accepted);
  }

  /** The hold armed for this recipient, used up: undefined when their next send is answered normally. */
  take(toDigits: string): boolean | undefined {
    const accepted = this.armed.get(toDigits);
    this.armed.delete(toDigits);
    return accepted;
  }

  /** Listed as held until the sender's connection closes (it died, or gave up waiting). */
  async keep(req: IncomingMessage, send: Omit<HeldSend, 'since'>): Promise<void> {
    const entry = { ...send, since: new Date().toISOString() };
    this.held.add(entry);
    if (!req.socket.destroyed) await new Promise((resolve) => req.socket.once('close', resolve));
    this.held.delete(entry);
  }

  list(): HeldSend[] {
    return [...this.held];
  }
}

/** Thrown once a held send's sender has gone: there is no one left to answer. */
export class SenderGone extends Error {}
