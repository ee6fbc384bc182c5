import { createHash, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes drawn a few kilobytes at a time: ids are made for every message, event and
// outbox row, and one system call each showed in the worker's profile.
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++] as number;
}

/** Random base62 text of the given length (rejection sampling keeps it uniform). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export const idPrefixes = {
  organization: 'org',
  user: 'usr',
  membership: 'mem',
  apiKey: 'key',
  idempotency: 'idem',
  portfolio: 'bp',
  account: 'acc',
  template: 'tpl',
  contact: 'ct',
  note: 'note',
  conversationPeriod: 'cvp',
  conversationEvent: 'cve',
  savedReply: 'srep',
  message: 'msg',
  media: 'med',
  reaction: 'rxn',
  campaign: 'cmp',
  recipient: 'rcp',
  event: 'evt',
  webhook: 'wh',
  delivery: 'dlv',
  attempt: 'att',
  outbox: 'obx',
  platformEvent: 'pev',
  // the agent service (docs/agent-api.md §1.1)
  agentProject: 'prj',
  providerCredential: 'pcred',
  agent: 'agt',
  agentVersion: 'agv',
  agentRun: 'run',
  endUser: 'eu',
  knowledgeSource: 'ks',
  agentTool: 'tool',
  agentSession: 'sess',
  agentMessage: 'msg',
  agentWebhookEndpoint: 'whe',
  agentTicket: 'tkt',
  agentHandoff: 'ho',
} as const;

export type IdKind = keyof typeof idPrefixes;

/** An opaque id such as `msg_4fQ…`: the prefix tells people what it is; 22 base62 characters ≈ 131 bits. */
export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${randomBase62(22)}`;
}

/**
 * The id a key always gives (same shape as `newId`): a request retried with the same key
 * writes the same row, whose primary key then refuses the second copy.
 */
export function idFromKey(kind: IdKind, key: string): string {
  const digest = createHash('sha256').update(`${kind}\n${key}`).digest();
  let out = '';
  for (const byte of digest) {
    if (byte < 248) out += ALPHABET[byte % 62];
    if (out.length === 22) break;
  }
  return `${idPrefixes[kind]}_${out.padEnd(22, '0')}`;
}

/** Whether a string has the shape of an id of that kind (used to answer malformed ids with 422). */
export function isId(kind: IdKind, value: string): boolean {
  return new RegExp(`^${idPrefixes[kind]}_[0-9A-Za-z]{22}$`).test(value);
}
