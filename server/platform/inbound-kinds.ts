import { z } from 'zod';

/**
 * The inbound kinds beyond text and media (docs/messaging-api.md §12 "Inbound kinds"): what each
 * carries, read leniently from the platform's message, and its one-line rendering. The Message
 * keeps one of the six send types; this is its additional field, stored as it is here.
 * Pure (zod only): the inbox draws the same shape.
 */

export type ContactCard = {
  name: string;
  phones: string[];
  emails: string[];
};

export type OrderItem = {
  product_retailer_id: string;
  quantity: number;
  item_price: number | null;
  currency: string | null;
};

export type MessageKindData = {
  sticker?: { animated: boolean };
  location?: { latitude: number; longitude: number; name: string | null; address: string | null; url: string | null };
  contacts?: ContactCard[];
  reply?: {
    kind: 'button' | 'list' | 'flow';
    id: string | null;
    title: string | null;
    description: string | null;
    /** A Flow's answers (its `response_json`, decoded), without the flow token. */
    response: { [key: string]: JsonValue } | null;
  };
  order?: { catalog_id: string | null; text: string | null; items: OrderItem[] };
  unsupported?: { platform_type: string; code: number | null; title: string | null };
  /** A note from the platform about the customer (a changed number), not the customer's words. */
  system?: { type: string; body: string | null; wa_id: string | null; user_id: string | null };
};

/** A decoded JSON value (a Flow's answers). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const str = z.string().optional().catch(undefined);
const num = z.coerce.number().optional().catch(undefined);

const locationSchema = z.looseObject({ latitude: z.coerce.number(), longitude: z.coerce.number(), name: str, address: str, url: str });

const contactSchema = z.looseObject({
  name: z.looseObject({ formatted_name: str, first_name: str, last_name: str }).optional().catch(undefined),
  phones: z
    .array(z.looseObject({ phone: str, wa_id: str }))
    .optional()
    .catch(undefined),
  emails: z
    .array(z.looseObject({ email: str }))
    .optional()
    .catch(undefined),
  org: z.looseObject({ company: str }).optional().catch(undefined),
});

const interactiveSchema = z.looseObject({
  type: z.string(),
  button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
  list_reply: z.looseObject({ id: z.string(), title: z.string(), description: str }).optional(),
  nfm_reply: z.looseObject({ name: str, body: str, response_json: z.unknown().optional() }).optional(),
});

const orderSchema = z.looseObject({
  catalog_id: str,
  text: str,
  product_items: z
    .array(z.looseObject({ product_retailer_id: z.coerce.string(), quantity: num, item_price: num, currency: str }))
    .optional()
    .catch([]),
});

const systemSchema = z.looseObject({ type: str, body: str, wa_id: str, user_id: str, identity: str, new_wa_id: str, customer: str });

const errorsSchema = z
  .array(z.looseObject({ code: num, title: str, message: str }))
  .optional()
  .catch(undefined);

/** The platform's names for a customer's changed number or identity, the current ones and older API versions'. */
export const SYSTEM_TYPES = ['user_changed_number', 'user_changed_user_id', 'customer_changed_number', 'customer_identity_changed'];

/**
 * What a platform message of `type` carries beyond text and media, or nothing for text, media
 * and template button taps (their data has columns of its own). A kind not known here, or one
 * whose data cannot be read, is `unsupported` with the platform's type: never dropped.
 */
export function readKindData(type: string, message: Record<string, unknown>): MessageKindData | undefined {
  const read = <T extends z.ZodType>(schema: T): z.infer<T> | undefined => {
    const parsed = schema.safeParse(message[type]);
    return parsed.success ? parsed.data : undefined;
  };
  if (type === 'text' || type === 'image' || type === 'video' || type === 'audio' || type === 'document' || type === 'button') return undefined;
  if (type === 'sticker') {
    const sticker = read(z.looseObject({ animated: z.boolean().optional().catch(undefined) }));
    return { sticker: { animated: sticker?.animated === true } };
  }
  if (type === 'location') {
    const l = read(locationSchema);
    if (l && Number.isFinite(l.latitude) && Number.isFinite(l.longitude)) {
      return {
        location: { latitude: l.latitude, longitude: l.longitude, name: l.name ?? null, address: l.address ?? null, url: l.url ?? null },
      };
    }
  }
  if (type === 'contacts') {
    const cards = read(z.array(contactSchema));
    if (cards) return { contacts: cards.map(contactCard) };
  }
  if (type === 'interactive') {
    const reply = interactiveReply(read(interactiveSchema));
    if (reply) return { reply };
  }
  if (type === 'order') {
    const o = read(orderSchema);
    if (o) {
      const items = (o.product_items ?? []).map((i) => ({
        product_retailer_id: i.product_retailer_id,
        quantity: i.quantity ?? 1,
        item_price: i.item_price ?? null,
        currency: i.currency ?? null,
      }));
      return { order: { catalog_id: o.catalog_id ?? null, text: o.text ?? null, items } };
    }
  }
  if (type === 'system') {
    const s = read(systemSchema);
    if (s) {
      return {
        system: {
          type: s.type ?? 'system',
          body: s.body ?? null,
          wa_id: s.wa_id ?? s.new_wa_id ?? null,
          user_id: s.user_id ?? s.identity ?? null,
        },
      };
    }
  }
  const error = errorsSchema.parse(message.errors)?.[0];
  const unsupported = z.looseObject({ type: str }).safeParse(message.unsupported);
  return {
    unsupported: {
      platform_type: (type === 'unsupported' && unsupported.success ? unsupported.data.type : undefined) ?? type,
      code: error?.code ?? null,
      title: error?.title ?? error?.message ?? null,
    },
  };
}

function contactCard(c: z.infer<typeof contactSchema>): ContactCard {
  const parts = [c.name?.first_name, c.name?.last_name].filter(Boolean).join(' ');
  const phones = (c.phones ?? []).map((p) => p.phone ?? (p.wa_id ? `+${p.wa_id}` : '')).filter(Boolean);
  return {
    name: c.name?.formatted_name || parts || c.org?.company || phones[0] || '',
    phones,
    emails: (c.emails ?? []).map((e) => e.email ?? '').filter(Boolean),
  };
}

function interactiveReply(i: z.infer<typeof interactiveSchema> | undefined): MessageKindData['reply'] | undefined {
  if (!i) return undefined;
  const none = { description: null, response: null };
  if (i.button_reply) return { kind: 'button', id: i.button_reply.id, title: i.button_reply.title, ...none };
  if (i.list_reply)
    return { kind: 'list', id: i.list_reply.id, title: i.list_reply.title, ...none, description: i.list_reply.description ?? null };
  if (i.nfm_reply) {
    return { kind: 'flow', id: null, title: i.nfm_reply.body ?? null, description: null, response: flowResponse(i.nfm_reply.response_json) };
  }
  return undefined;
}

/** `response_json` is a JSON string of the Flow's answers; its `flow_token` is ours, not the customer's. */
function flowResponse(raw: unknown): { [key: string]: JsonValue } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { text: raw };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const { flow_token: _token, ...answers } = value as { [key: string]: JsonValue };
  return answers;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const scalar = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** The one-line rendering of a kind: what `content` holds, the conversation list previews and search finds. */
export function kindContent(data: MessageKindData): string {
  if (data.location) {
    const { name, address, latitude, longitude } = data.location;
    return [name, address].filter(Boolean).join(', ') || `${latitude}, ${longitude}`;
  }
  if (data.contacts) {
    return data.contacts.map((c) => [c.name, c.phones[0]].filter(Boolean).join(' ')).join('; ') || '[contact card]';
  }
  if (data.reply) {
    if (data.reply.kind !== 'flow') return data.reply.title ?? '';
    const answers = Object.entries(data.reply.response ?? {}).map(([key, value]) => `${key}: ${scalar(value)}`);
    return answers.length ? `Form answers: ${answers.join(', ')}` : (data.reply.title ?? 'Form sent');
  }
  if (data.order) {
    const count = data.order.items.reduce((sum, i) => sum + i.quantity, 0);
    return [`Order: ${plural(count, 'item')}`, orderTotal(data.order.items)].filter(Boolean).join(', ');
  }
  if (data.system) return data.system.body ?? `[${data.system.type}]`;
  if (data.unsupported) return '[unsupported message]';
  return '';
}

/** An order's total in its currency ("15.98 USD"), or null when its items are priced in several or none. */
export function orderTotal(items: OrderItem[]): string | null {
  const currencies = new Set(items.map((i) => i.currency));
  if (items.length === 0 || currencies.size !== 1 || items.some((i) => i.item_price === null)) return null;
  const total = items.reduce((sum, i) => sum + i.quantity * (i.item_price ?? 0), 0);
  return `${Math.round(total * 100) / 100} ${[...currencies][0] ?? ''}`.trim();
}
