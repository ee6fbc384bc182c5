/** What Embedded Signup sessions the simulator keeps, and what the next one offers (set by the control API). */

export type SignupOutcome = 'finish' | 'cancel' | 'error';

/** What the next signup offers (set through the control API; used once). */
export interface SignupSettings {
  business_name?: string;
  phone_count?: number;
  /** A two-step PIN the offered numbers already have (so a wrong PIN can be tried). */
  pin?: string;
  /** Finish then ends this way instead. */
  outcome?: SignupOutcome;
  current_step?: string;
  error_message?: string;
  /** Lifetime of the business token the code turns into, seconds; 0 = never. */
  token_expires_in?: number;
}

export interface OfferedNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
}

export interface SignupSession {
  id: string;
  openerOrigin: string;
  businessName: string;
  businessId: string;
  wabaId: string;
  numbers: OfferedNumber[];
  settings: SignupSettings;
  createdAt: number;
  /** Set once the person finished, cancelled or reported an error. */
  result?: { outcome: SignupOutcome; code?: string; message: string; phoneNumberId?: string };
}

const MAX_SESSIONS = 1000;

export class SignupStore {
  private next: SignupSettings = {};
  readonly sessions = new Map<string, SignupSession>();

  setNext(settings: SignupSettings): void {
    this.next = settings;
  }

  takeNext(): SignupSettings {
    const settings = this.next;
    this.next = {};
    return settings;
  }

  add(session: SignupSession): void {
    this.sessions.set(session.id, session);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
  }
}
