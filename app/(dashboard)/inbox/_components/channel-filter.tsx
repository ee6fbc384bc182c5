'use client';

import { useTranslations } from 'next-intl';

type Channel = '' | 'whatsapp' | 'widget';

/** The inbox's channel filter: every conversation, WhatsApp's only or the website widget's only. */
export function ChannelFilter({ value, onChange }: { value: Channel; onChange: (value: Channel) => void }) {
  const t = useTranslations('inbox.channel');
  return (
    <select
      value={value}
      onChange={(event) => onChange(event.target.value as Channel)}
      aria-label={t('filterLabel')}
      data-testid="channel-filter"
      className="block w-full rounded-md border border-slate-300 px-2 py-1 text-xs"
    >
      <option value="">{t('all')}</option>
      <option value="whatsapp">{t('whatsapp')}</option>
      <option value="widget">{t('widget')}</option>
    </select>
  );
}
