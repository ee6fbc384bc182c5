'use client';

import { useTranslations } from 'next-intl';
import type { InboxConversation } from '@/server/inbox/present-inbox-conversation';
import { displayName } from './format';

/** Which channel a conversation is on (docs/agent-api.md §2.6): a WhatsApp customer or a website visitor. */
export function ChannelBadge({ channel }: { channel: InboxConversation['channel'] }) {
  const t = useTranslations('inbox.channel');
  return (
    <span
      data-testid="channel-badge"
      data-channel={channel}
      className={`shrink-0 rounded px-1 text-[11px] ${channel === 'widget' ? 'bg-sky-50 text-sky-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {t(channel)}
    </span>
  );
}

/** A conversation's name: the contact's name or number, the visitor's email, else "Website visitor". */
export function useConversationName() {
  const t = useTranslations('inbox.channel');
  return (c: Pick<InboxConversation, 'name' | 'phoneNumber' | 'email'>) => displayName(c) || t('visitor');
}

/** The thread header's line for a website visitor: the channel and the email they left, if any. */
export function WidgetThreadLine({ email }: { email: string | null }) {
  const t = useTranslations('inbox.channel');
  return (
    <>
      <ChannelBadge channel="widget" /> ·{' '}
      {email ? (
        <bdi dir="ltr" data-testid="visitor-email">
          {email}
        </bdi>
      ) : (
        t('noEmail')
      )}
    </>
  );
}

/** The contact panel's lines for a website visitor: the channel and the email left for follow-up. */
export function WidgetContactDetails({ email }: { email: string | null }) {
  const t = useTranslations('inbox.channel');
  return (
    <dl className="mt-3 space-y-1 text-sm">
      <div className="flex justify-between gap-2">
        <dt className="text-slate-600">{t('label')}</dt>
        <dd>
          <ChannelBadge channel="widget" />
        </dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="text-slate-600">{t('email')}</dt>
        <dd className="min-w-0 text-end wrap-anywhere text-slate-900" data-testid="contact-email">
          {email ? <bdi dir="ltr">{email}</bdi> : t('noEmail')}
        </dd>
      </div>
    </dl>
  );
}
