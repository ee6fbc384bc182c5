import { orderTotal, type MessageKindData } from '@/server/platform/inbound-kinds';

/**
 * How the agent reads an inbound kind beyond text and media (docs/agent-api.md §2.3): as text
 * with what it needs to act, so a customer tapping "Track my order" or sharing where they are is
 * understood: a location as its coordinates and name, a reply as its title and id, contact
 * cards as names and numbers, an order as its items.
 */
export function inboundKindText(data: MessageKindData): string | null {
  if (data.location) {
    const { latitude, longitude, name, address, url } = data.location;
    const place = [name, address].filter(Boolean).join(', ');
    return `[location] ${latitude}, ${longitude}${place ? ` (${place})` : ''}${url ? ` ${url}` : ''}`;
  }
  if (data.reply) {
    if (data.reply.kind === 'flow') return `[form answers] ${JSON.stringify(data.reply.response ?? {})}`;
    const description = data.reply.description ? ` - ${data.reply.description}` : '';
    return `[tapped ${data.reply.kind === 'list' ? 'list item' : 'button'}] ${data.reply.title ?? ''}${description} (id: ${data.reply.id ?? ''})`;
  }
  if (data.contacts) {
    const cards = data.contacts.map((c) => [c.name, ...c.phones, ...c.emails].filter(Boolean).join(', '));
    return `[contact cards] ${cards.join('; ')}`;
  }
  if (data.order) {
    const items = data.order.items.map((i) => {
      const price = i.item_price !== null ? ` at ${i.item_price}${i.currency ? ` ${i.currency}` : ''}` : '';
      return `${i.quantity} x ${i.product_retailer_id}${price}`;
    });
    const total = orderTotal(data.order.items);
    return `[order] ${items.join('; ')}${total ? `; total ${total}` : ''}${data.order.text ? `. ${data.order.text}` : ''}`;
  }
  if (data.sticker) return '[sticker]';
  if (data.unsupported) return `[unsupported message: ${data.unsupported.platform_type}]`;
  return null;
}
