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
}

export interface Phone extends PlatformPhoneNumber {
  wabaId: string;
  /** STANDARD: 80 messages/s; HIGH: the upgraded 1,000 messages/s [TPUT]. */
  throughputLevel?: 'STANDARD' | 'HIGH';
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

  constructor(businesses: PlatformBusiness[]) {
    for (const business of businesses) this.upsertBusiness(business);
    const byName = new Map<string, PlatformTemplate>();
    for (const t of businesses.flatMap((b) => b.templates)) if (!byName.has(t.name)) byName.set(t.name, t);
    this.defaultTemplates = [...byName.values()];
  }

  upsertBusiness(business: Omit<PlatformBusiness, 'messaging_limit_tier'> & { messaging_limit_tier?: Tier }): Waba {
    const existing = this.wabas.get(business.waba_id);
    const waba: Waba = {
      id: business.waba_id,
      tier: business.messaging_limit_tier ?? existing?.tier ?? 'TIER_250',
      templates: business.templates.map((t) => structuredClone(t)),
      businessInitiated: existing?.businessInitiated ?? new Map(),
    };
    this.wabas.set(waba.id, waba);
    for (const phone of business.phone_numbers) this.phones.set(phone.id, { ...phone, wabaId: waba.id });
    return waba;
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
