import { GraphError, mediaError } from './graph-error';
import type { Tier, Waba } from './state';

/** The platform's rules the simulator enforces: magic recipients, limits, media types. */

/** What happens to a message after acceptance, by the recipient's last four digits. */
export type Fate = 'refuse' | 'sent' | 'delivered' | 'failed' | 'read';

export function fateOf(toDigits: string): Fate {
  switch (toDigits.slice(-4)) {
    case '9901':
      return 'refuse';
    case '9902':
      return 'sent';
    case '9903':
      return 'delivered';
    case '9904':
      return 'failed';
    default:
      return 'read';
  }
}

export const undeliverable = () => new GraphError(131026, 'Message undeliverable', 'Recipient is not a valid WhatsApp user');

/** A token bucket: `capacity` burst, refilled at `perMs` tokens per millisecond. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
  ) {}

  take(key: string, now: number, capacity = this.capacity, perMs = this.perMs): boolean {
    const b = this.buckets.get(key) ?? { tokens: capacity, at: now };
    b.tokens = Math.min(capacity, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

/** 80 messages per second per number, 1,000 once upgraded [TPUT]. */
export const throughputLimiter = () => new RateLimiter(80, 80 / 1000);
export const throughputOf = (level: 'STANDARD' | 'HIGH' = 'STANDARD') => (level === 'HIGH' ? 1000 : 80);
/** One message per 6 s to the same user, bursts of 45 borrowed from the future [ABOUT]. */
export const pairLimiter = () => new RateLimiter(45, 1 / 6000);

export const throughputExceeded = () => new GraphError(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.', 429);
export const pairRateExceeded = () =>
  new GraphError(
    131056,
    '(Business Account, Consumer Account) pair rate limit hit',
    'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  );

const TIER_LIMITS: Record<Tier, number> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: Infinity,
};

/**
 * Counts a business-initiated send against the portfolio's unique-user limit (moving 24 h).
 * False when the user would exceed it; users already reached in the period count once.
 */
export function takeMessagingLimit(waba: Waba, userDigits: string, now: number): boolean {
  // Oldest first (a user sent to again moves to the end), so expiry stops at the first fresh entry.
  for (const [user, at] of waba.businessInitiated) {
    if (now - at < 24 * 3600_000) break;
    waba.businessInitiated.delete(user);
  }
  if (!waba.businessInitiated.has(userDigits) && waba.businessInitiated.size >= TIER_LIMITS[waba.tier]) return false;
  waba.businessInitiated.delete(userDigits);
  waba.businessInitiated.set(userDigits, now);
  return true;
}

/** Async failure details, as they appear in a `failed` status's `errors[]`. */
export interface FailureReason {
  code: number;
  title: string;
  details: string;
}

export const FAILURES = {
  reEngagement: {
    code: 131047,
    title: 'Re-engagement message',
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  undeliverable: {
    code: 131026,
    title: 'Message undeliverable',
    details: 'Unable to deliver message. The recipient may not be a WhatsApp user or may have blocked this business.',
  },
  // The platform documents no code for the portfolio limit; the closest "not delivered" code.
  messagingLimit: {
    code: 131049,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'The business portfolio reached its messaging limit for unique users in the last 24 hours.',
  },
  // A reaction whose target is unknown, deleted, too old or itself a reaction [REACT].
  reactionTarget: {
    code: 131009,
    title: 'Parameter value is not valid',
    details: 'The message you are trying to react to is not valid.',
  },
} satisfies Record<string, FailureReason>;

const MB = 1024 * 1024;
/** Supported MIME types and size caps [MEDIA]. */
const MEDIA_KINDS: Record<string, { mimes: string[]; max: number }> = {
  image: { mimes: ['image/jpeg', 'image/png'], max: 5 * MB },
  video: { mimes: ['video/mp4', 'video/3gpp'], max: 16 * MB },
  audio: { mimes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], max: 16 * MB },
  document: {
    mimes: [
      'text/plain',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    max: 100 * MB,
  },
  sticker: { mimes: ['image/webp'], max: 500 * 1024 },
};

const EXTENSIONS: Record<string, string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
  mp4: ['video/mp4', 'audio/mp4'],
  '3gp': ['video/3gpp'],
  aac: ['audio/aac'],
  amr: ['audio/amr'],
  mp3: ['audio/mpeg'],
  m4a: ['audio/mp4'],
  ogg: ['audio/ogg'],
  opus: ['audio/ogg'],
  txt: ['text/plain'],
  pdf: ['application/pdf'],
};

export const baseMime = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

export function mediaKindOf(mime: string): string | undefined {
  const base = baseMime(mime);
  return Object.keys(MEDIA_KINDS).find((kind) => MEDIA_KINDS[kind]!.mimes.includes(base));
}

/** Upload checks: supported type, size cap, filename extension consistent with the type. */
export function checkUpload(mime: string, size: number, filename: string | undefined): void {
  const kind = mediaKindOf(mime);
  if (!kind) throw mediaError(`Param file must be a file with one of the supported types; got ${baseMime(mime)}`);
  const max = MEDIA_KINDS[kind]!.max;
  if (size > max) throw mediaError(`File of ${size} bytes exceeds the ${max}-byte limit for ${kind}`);
  if (size === 0) throw mediaError('File is empty');
  const ext = filename?.split('.').pop()?.toLowerCase();
  const allowed = ext ? EXTENSIONS[ext] : undefined;
  if (allowed && !allowed.includes(baseMime(mime))) {
    throw mediaError(`File extension .${ext} does not match the MIME type ${baseMime(mime)}`);
  }
}

/** A stored media item used in a message must suit the message type. */
export function checkMediaForMessage(type: string, mime: string): void {
  const kind = mediaKindOf(mime);
  // Any supported file may go as a document; other types need their own kind.
  const fits = type === 'document' ? kind !== undefined : kind === type;
  if (!fits) throw mediaError(`Media of type ${baseMime(mime)} cannot be sent as ${type}`);
}
