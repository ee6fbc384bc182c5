import { createHash } from 'node:crypto';
import type { PlatformBusiness, PlatformPhoneNumber, PlatformTemplate } from '../server/seed/demo-world';

/** Everything the simulated platform knows, in memory. */

export type Tier = PlatformBusiness['messaging_limit_tier'] | 'TIER_50';
export type QualityRating = PlatformPhoneNumber['quality_rating'];

export interface Waba {
  id: string;
  tier: Tier;
  templates: PlatformTemplate[];
  /** Users reached outside a service window: user digits -> last time (ms). */
  businessInitiated: Map<string, number>;
  name: string;
  /** The business portfolio that owns the WABA. */
  businessId: string;
  /** Apps subscribed to the WABA's webhooks: app id -> its override callback, if any. */
  subscribedApps: Map<string, { overrideCallbackUri?: string }>;
}

export interface Phone extends PlatformPhoneNumber {
  wabaId: string;
  /** STANDARD: 80 messages/s; HIGH: the upgraded 1,000 messages/s [TPUT]. */
  throughputLevel?: 'STANDARD' | 'HIGH';
  /** Registered for the Cloud API; numbers from the seed or created on first use are. */
  registered: boolean;
  /** The two-step verification PIN, once one is set. */
  pin?: string;
  /** Wrong PIN guesses in a row, and until when guessing is blocked after too many (ms). */
  pinGuesses: number;
  pinLockedUntil?: number;
  /** Times of register/deregister calls (ms), for the 10-per-72-hours limit. */
  registrationCalls: number[];
  /** When the number was onboarded (ms); seeded numbers say 0. */
  onboardedAt?: number;
}

export interface SentRecord {
  wamid: string;
  phoneId: string;
  toDigits: string;
  body: Record<string, unknown>;
  acceptedAt: number;
}

export interface MediaRecord {
  id: string;
  phoneId: string;
  bytes: Buffer;
  mimeType: string;
  sha256: string;
  filename?: string;
}

/** A "mark as read" call, with or without the typing indicator. */
export interface ReadRecord {
  wamid: string;
  phoneId: string;
  typing: boolean;
  at: number;
}

/** Bounds memory under benchmarks; the oldest records go first. */
const MAX_SENT_RECORDS = 100_000;

export class SimState {
  readonly wabas = new Map<string, Waba>();
  readonly phones = new Map<string, Phone>();
  readonly sent = new Map<string, SentRecord>();
  /** Customer messages' wamids, which a business reaction may target (bounded like `sent`). */
  readonly received = new Set<string>();
  /** Read marks by inbound wamid, in order. */
  readonly reads = new Map<string, ReadRecord[]>();
  /** Accepted sends in all, and how often each `biz_opaque_callback_data` came: benchmarks count doubles with it. */
  acceptedTotal = 0;
  readonly acceptedByCallback = new Map<string, number>();
  readonly media = new Map<string, MediaRecord>();
  /** Short-lived download tokens: token -> media id and expiry. */
  readonly mediaUrls = new Map<string, { mediaId: string; expiresAt: number }>();
  /** Last customer message per `${phoneId}:${userDigits}` (opens the 24 h window). */
  readonly lastInbound = new Map<string, number>();
  /** Templates given to auto-provisioned accounts so fresh tenants can send. */
  private defaultTemplates: PlatformTemplate[] = [];

  constructor(
    businesses: PlatformBusiness[],
    /** The app seeded and auto-created WABAs are subscribed to. */
    readonly appId = '1000000000000001',
  ) {
    for (const business of businesses) this.upsertBusiness(business);
    const byName = new Map<string, PlatformTemplate>();
    for (const t of businesses.flatMap((b) => b.templates)) if (!byName.has(t.name)) byName.set(t.name, t);
    this.defaultTemplates = [...byName.values()];
  }

  /**
   * Creates or replaces a business. Unless `subscribed: false`, the app is subscribed to its
   * webhooks from the start and its numbers are registered (the demo world's state).
   */
  upsertBusiness(
    business: Omit<PlatformBusiness, 'messaging_limit_tier'> & {
      messaging_limit_tier?: Tier;
      name?: string;
      business_id?: string;
      subscribed?: boolean;
      registered?: boolean;
    },
  ): Waba {
    const existing = this.wabas.get(business.waba_id);
    // Explicit flags win; otherwise a known WABA or number keeps its state.
    const subscribedApps =
      business.subscribed === undefined && existing
        ? existing.subscribedApps
        : new Map<string, { overrideCallbackUri?: string }>(business.subscribed === false ? [] : [[this.appId, {}]]);
    const waba: Waba = {
      id: business.waba_id,
      tier: business.messaging_limit_tier ?? existing?.tier ?? 'TIER_250',
      templates: business.templates.map((t) => structuredClone(t)),
      businessInitiated: existing?.businessInitiated ?? new Map(),
      name: business.name ?? existing?.name ?? business.phone_numbers[0]?.verified_name ?? 'Simulated Business',
      businessId: business.business_id ?? existing?.businessId ?? numericIdOf(`business:${business.waba_id}`),
      subscribedApps,
    };
    this.wabas.set(waba.id, waba);
    for (const phone of business.phone_numbers) {
      const known = this.phones.get(phone.id);
      const kept = known
        ? { pin: known.pin, pinGuesses: known.pinGuesses, pinLockedUntil: known.pinLockedUntil, registrationCalls: known.registrationCalls }
        : { pinGuesses: 0, registrationCalls: [] };
      this.phones.set(phone.id, {
        ...kept,
        ...phone,
        registered: business.registered ?? known?.registered ?? true,
        wabaId: waba.id,
      });
    }
    return waba;
  }

  /** The WABA an object (WABA, number, template, media) belongs to, without creating anything. */
  ownerOf(id: string): string | undefined {
    if (this.wabas.has(id)) return id;
    const phone = this.phones.get(id);
    if (phone) return phone.wabaId;
    const media = this.media.get(id);
    if (media) return this.phones.get(media.phoneId)?.wabaId;
    return this.templateById(id)?.waba.id;
  }

  templateById(id: string): { waba: Waba; template: PlatformTemplate } | undefined {
    for (const waba of this.wabas.values()) {
      const template = waba.templates.find((t) => t.id === id);
      if (template) return { waba, template };
    }
    return undefined;
  }

  /** Whether webhooks about this WABA reach the app (some app subscribed to it). */
  delivers(wabaId: string): boolean {
    const waba = this.wabas.get(wabaId);
    return !waba || waba.subscribedApps.size > 0;
  }

  /** Unknown WABAs exist on first use, with the default templates. */
  waba(id: string): Waba {
    return this.wabas.get(id) ?? this.upsertBusiness({ waba_id: id, phone_numbers: [], templates: this.defaultTemplates });
  }

  /** Unknown phone numbers exist on first use (GREEN, TIER_250), each under its own WABA. */
  phone(id: string): Phone {
    const known = this.phones.get(id);
    if (known) return known;
    const digits = id.replace(/\D/g, '').padStart(7, '0').slice(-7);
    const phone: Phone = {
      id,
      display_phone_number: `+1 555-${digits.slice(0, 3)}-${digits.slice(3, 7)}`,
      verified_name: 'Simulated Business',
      quality_rating: 'GREEN',
      wabaId: `auto-${id}`,
      registered: true,
      pinGuesses: 0,
      registrationCalls: [],
    };
    this.waba(phone.wabaId);
    this.phones.set(id, phone);
    return phone;
  }

  phonesOf(wabaId: string): Phone[] {
    return [...this.phones.values()].filter((p) => p.wabaId === wabaId);
  }

  recordSent(record: SentRecord): void {
    this.acceptedTotal += 1;
    const callback = record.body.biz_opaque_callback_data;
    if (typeof callback === 'string') this.acceptedByCallback.set(callback, (this.acceptedByCallback.get(callback) ?? 0) + 1);
    this.sent.set(record.wamid, record);
    if (this.sent.size > MAX_SENT_RECORDS) {
      const oldest = this.sent.keys().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
  }

  recordReceived(wamid: string): void {
    this.received.add(wamid);
    if (this.received.size > MAX_SENT_RECORDS) {
      const oldest = this.received.values().next().value;
      if (oldest !== undefined) this.received.delete(oldest);
    }
  }

  recordRead(record: ReadRecord): void {
    this.reads.set(record.wamid, [...(this.reads.get(record.wamid) ?? []), record]);
    if (this.reads.size > MAX_SENT_RECORDS) {
      const oldest = this.reads.keys().next().value;
      if (oldest !== undefined) this.reads.delete(oldest);
    }
  }

  stats() {
    let duplicated = 0;
    for (const count of this.acceptedByCallback.values()) if (count > 1) duplicated += 1;
    return { accepted_total: this.acceptedTotal, distinct_callbacks: this.acceptedByCallback.size, duplicated_callbacks: duplicated };
  }

  /** Records a customer message at `at`; an older one than the last known changes nothing. */
  noteInbound(phoneId: string, userDigits: string, at: number): void {
    const key = `${phoneId}:${userDigits}`;
    if ((this.lastInbound.get(key) ?? -Infinity) < at) this.lastInbound.set(key, at);
  }

  windowOpen(phoneId: string, userDigits: string, now: number): boolean {
    const last = this.lastInbound.get(`${phoneId}:${userDigits}`);
    return last !== undefined && now - last < 24 * 3600_000;
  }
}

/** A stable 15-digit id derived from a seed (owning businesses of seeded WABAs). */
export function numericIdOf(seed: string): string {
  const n = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`);
  return String(100_000_000_000_000n + (n % 900_000_000_000_000n));
}
