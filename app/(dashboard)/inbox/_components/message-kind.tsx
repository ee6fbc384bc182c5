import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';
import type { MessageKindData, OrderItem } from '@/server/platform/inbound-kinds';
import { useInboxFormat } from './format';

/**
 * The thread's drawing of the inbound kinds beyond text and media (docs/messaging-api.md §12):
 * a location card with a map link, contact cards, a tapped reply, an order summary, a note for
 * what cannot be shown, and the two that are no bubble at all (a sticker, a system note).
 * `content` (the kind's one-line rendering) is what the list and search show; here the kind is
 * drawn instead of it.
 */

/** Whether the kind is drawn in place of the message's text. */
export const drawsKind = (message: InboxMessage) => kindCard(message.kind) !== null;

const kindCard = (kind: MessageKindData | null) =>
  kind?.location
    ? 'location'
    : kind?.contacts
      ? 'contacts'
      : kind?.reply
        ? 'reply'
        : kind?.order
          ? 'order'
          : kind?.unsupported
            ? 'unsupported'
            : null;

/** A system note and a sticker stand alone in the thread, without a bubble; null for every other message. */
export function StandaloneKind({ message }: { message: InboxMessage }) {
  if (message.kind?.system) return <SystemNote message={message} system={message.kind.system} />;
  if (message.kind?.sticker && message.type === 'image') return <Sticker message={message} />;
  return null;
}

/** The kind's card inside the bubble, and who wrote an echo; nothing for a plain message. */
export function MessageKind({ message }: { message: InboxMessage }) {
  const t = useTranslations('inbox.kinds');
  const kind = message.kind;
  return (
    <>
      {message.authorType === 'phone_app' && (
        <p data-testid="phone-app-author" className="mb-1 text-[11px] font-medium text-slate-600">
          {t('phoneApp')}
        </p>
      )}
      {kind?.location && <LocationCard location={kind.location} />}
      {kind?.contacts && <ContactCards contacts={kind.contacts} />}
      {kind?.reply && <TappedReply reply={kind.reply} />}
      {kind?.order && <OrderSummary order={kind.order} />}
      {kind?.unsupported && (
        <p data-kind="unsupported" className="text-slate-600 italic">
          {t('unsupported')}
          {kind.unsupported.platform_type !== 'unsupported' && (
            <>
              {' '}
              <span className="not-italic">
                (<bdi>{kind.unsupported.platform_type}</bdi>)
              </span>
            </>
          )}
        </p>
      )}
    </>
  );
}

function KindCard({ kind, label, children }: { kind: string; label: string; children: ReactNode }) {
  return (
    <section data-kind={kind} aria-label={label} className="min-w-0 rounded-lg bg-white/70 px-3 py-2 ring-1 ring-slate-200">
      {children}
    </section>
  );
}

function LocationCard({ location }: { location: NonNullable<MessageKindData['location']> }) {
  const t = useTranslations('inbox.kinds');
  const format = useFormatter();
  const coordinates = `${location.latitude},${location.longitude}`;
  const shown = `${format.number(location.latitude, { maximumFractionDigits: 6 })}, ${format.number(location.longitude, { maximumFractionDigits: 6 })}`;
  return (
    <KindCard kind="location" label={t('location')}>
      <p className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth={1.8}>
          <path d="M12 21s-6-5.5-6-11a6 6 0 1 1 12 0c0 5.5-6 11-6 11z" strokeLinejoin="round" />
          <circle cx="12" cy="10" r="2" />
        </svg>
        {t('location')}
      </p>
      {location.name && (
        <p className="mt-1 font-medium" dir="auto">
          {location.name}
        </p>
      )}
      {location.address && (
        <p className="text-slate-700" dir="auto">
          {location.address}
        </p>
      )}
      <p className="text-xs text-slate-600" dir="ltr">
        {shown}
      </p>
      <a
        href={`https://www.google.com/maps?q=${coordinates}`}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-block font-medium text-brand-700 underline underline-offset-2"
      >
        {t('openMap')}
      </a>
    </KindCard>
  );
}

function ContactCards({ contacts }: { contacts: NonNullable<MessageKindData['contacts']> }) {
  const t = useTranslations('inbox.kinds');
  return (
    <ul className="flex flex-col gap-1.5" aria-label={t('contacts', { count: contacts.length })}>
      {contacts.map((contact, index) => (
        <li key={index} data-kind="contact" className="min-w-0 rounded-lg bg-white/70 px-3 py-2 ring-1 ring-slate-200">
          <p className="font-medium" dir="auto">
            {contact.name || t('unnamedContact')}
          </p>
          {contact.phones.map((phone) => (
            <p key={phone}>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr" className="text-brand-700 underline underline-offset-2">
                {phone}
              </a>
            </p>
          ))}
          {contact.emails.map((email) => (
            <p key={email} className="wrap-anywhere">
              <a href={`mailto:${email}`} dir="ltr" className="text-brand-700 underline underline-offset-2">
                {email}
              </a>
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

function TappedReply({ reply }: { reply: NonNullable<MessageKindData['reply']> }) {
  const t = useTranslations('inbox.kinds');
  if (reply.kind === 'flow') {
    return (
      <KindCard kind="flow" label={t('flow')}>
        <p className="text-xs font-medium text-slate-600">{t('flow')}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          {Object.entries(reply.response ?? {}).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-slate-600" dir="auto">
                {key}
              </dt>
              <dd className="wrap-anywhere" dir="auto">
                {typeof value === 'object' ? JSON.stringify(value) : String(value)}
              </dd>
            </div>
          ))}
        </dl>
      </KindCard>
    );
  }
  return (
    <div data-kind="reply">
      <p className="text-xs text-slate-600">{reply.kind === 'list' ? t('tappedListItem') : t('tappedButton')}</p>
      <p className="mt-0.5 inline-flex max-w-full items-center gap-1.5 rounded-full bg-white px-3 py-1 font-medium text-brand-700 ring-1 ring-brand-600">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4 shrink-0 rtl:-scale-x-100"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <bdi className="wrap-anywhere">{reply.title}</bdi>
      </p>
      {reply.description && (
        <p className="mt-1 text-xs text-slate-600" dir="auto">
          {reply.description}
        </p>
      )}
    </div>
  );
}

function OrderSummary({ order }: { order: NonNullable<MessageKindData['order']> }) {
  const t = useTranslations('inbox.kinds');
  const format = useFormatter();
  const money = (amount: number, currency: string | null) =>
    currency ? format.number(amount, { style: 'currency', currency }) : format.number(amount, { maximumFractionDigits: 2 });
  const total = orderTotal(order.items);
  return (
    <KindCard kind="order" label={t('order')}>
      <p className="text-xs font-medium text-slate-600">{t('order')}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-3">
            <span className="min-w-0 wrap-anywhere">
              <bdi>{item.product_retailer_id}</bdi> × {format.number(item.quantity)}
            </span>
            {item.item_price !== null && <span className="shrink-0">{money(item.item_price * item.quantity, item.currency)}</span>}
          </li>
        ))}
      </ul>
      {total && (
        <p className="mt-1 flex justify-between gap-3 border-t border-slate-200 pt-1 font-medium">
          <span>{t('orderTotal')}</span>
          <span>{money(total.amount, total.currency)}</span>
        </p>
      )}
      {order.text && (
        <p className="mt-1 text-slate-700" dir="auto">
          {order.text}
        </p>
      )}
    </KindCard>
  );
}

/** The order's total when its items share one currency and all have prices. */
function orderTotal(items: OrderItem[]): { amount: number; currency: string | null } | null {
  const currencies = new Set(items.map((i) => i.currency));
  if (items.length === 0 || currencies.size !== 1 || items.some((i) => i.item_price === null)) return null;
  return { amount: items.reduce((sum, i) => sum + i.quantity * (i.item_price ?? 0), 0), currency: items[0]!.currency };
}

function Sticker({ message }: { message: InboxMessage }) {
  const t = useTranslations('inbox.kinds');
  const format = useInboxFormat();
  return (
    <li
      data-testid="message"
      data-direction={message.direction}
      className={`flex ${message.direction === 'outgoing' ? 'justify-end' : 'justify-start'}`}
    >
      <figure data-kind="sticker" className="flex flex-col items-start gap-0.5">
        {message.media ? (
          // A plain <img>, not next/image: the bytes come from our own authenticated route.
          <img src={`/api/media/${message.id}`} alt={t('sticker')} loading="lazy" className="size-32 object-contain" />
        ) : (
          <p className="text-xs text-slate-600 italic">{t('stickerLoading')}</p>
        )}
        <figcaption className="text-[11px] text-slate-600">
          <time dateTime={message.createdAt.toISOString()}>{format.clock(message.createdAt)}</time>
        </figcaption>
      </figure>
    </li>
  );
}

function SystemNote({ message, system }: { message: InboxMessage; system: NonNullable<MessageKindData['system']> }) {
  const t = useTranslations('inbox.kinds');
  const format = useInboxFormat();
  const changed = system.type.includes('number') || system.type === 'new_wa_id';
  return (
    <li data-testid="system-note" className="flex justify-center">
      <p className="max-w-full rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-700">
        {changed && system.wa_id ? (
          t.rich('changedNumber', { number: `+${system.wa_id}`, num: (chunks) => <bdi dir="ltr">{chunks}</bdi> })
        ) : (
          <bdi>{system.body ?? t('systemNote')}</bdi>
        )}
        <span className="ms-2 text-slate-600">
          <time dateTime={message.createdAt.toISOString()}>{format.clock(message.createdAt)}</time>
        </span>
      </p>
    </li>
  );
}
