'use client';

import { useTranslations } from 'next-intl';
import type { ConversationStatus } from '@/server/db';
import { StatusTabs } from './status-tabs';
import { ChannelFilter } from './channel-filter';
import { isolateText } from '@/server/i18n/bidi-text';

export type ListFilter = 'mine_or_unassigned' | 'mine' | 'unassigned' | 'all' | 'unread' | 'needs_human' | 'ai_handling';

export interface ListFilters {
  search: string;
  accountId: string;
  status: ConversationStatus;
  filter: ListFilter;
  tag: string;
  /** WhatsApp or website conversations only; empty, both. */
  channel: '' | 'whatsapp' | 'widget';
}

/** An agent's own queue first: open conversations that are theirs or nobody's. */
export const DEFAULT_FILTERS: ListFilters = { search: '', accountId: '', status: 'open', filter: 'mine_or_unassigned', tag: '', channel: '' };

const listFilters: ListFilter[] = ['mine_or_unassigned', 'mine', 'unassigned', 'all', 'unread', 'needs_human', 'ai_handling'];

interface ConversationFiltersProps {
  value: ListFilters;
  accounts: Array<{ id: string; name: string }>;
  counts: Record<ConversationStatus, number> | undefined;
  onChange: (value: ListFilters) => void;
}

export function ConversationFilters({ value, accounts, counts, onChange }: ConversationFiltersProps) {
  const t = useTranslations('inbox.filters');
  return (
    <div className="space-y-2 border-b border-slate-200 p-3">
      <input
        type="search"
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.target.value })}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchLabel')}
        className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
      />
      <StatusTabs value={value.status} counts={counts} onChange={(status) => onChange({ ...value, status })} />
      <div role="group" aria-label={t('show')} className="flex flex-wrap gap-1">
        {listFilters.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={value.filter === filter}
            onClick={() => onChange({ ...value, filter })}
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${
              value.filter === filter ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {t(filter)}
          </button>
        ))}
      </div>
      <ChannelFilter value={value.channel} onChange={(channel) => onChange({ ...value, channel })} />
      <div className="flex gap-2">
        <select
          value={value.accountId}
          onChange={(event) => onChange({ ...value, accountId: event.target.value })}
          aria-label={t('number')}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-xs"
        >
          <option value="">{t('allNumbers')}</option>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {isolateText(account.name)}
            </option>
          ))}
        </select>
        <input
          value={value.tag}
          onChange={(event) => onChange({ ...value, tag: event.target.value })}
          placeholder={t('tagPlaceholder')}
          aria-label={t('tagLabel')}
          dir="auto"
          className="w-24 rounded-md border border-slate-300 px-2 py-1 text-xs"
        />
      </div>
    </div>
  );
}
