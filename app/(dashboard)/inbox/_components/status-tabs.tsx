'use client';

import { useTranslations } from 'next-intl';
import type { ConversationStatus } from '@/server/db';
import { useInboxFormat } from './format';

const statuses: ConversationStatus[] = ['open', 'snoozed', 'resolved'];

interface StatusTabsProps {
  value: ConversationStatus;
  /** `capped`: a common search term counted among the newest conversations only ("1,000+"). */
  counts: (Record<ConversationStatus, number> & { capped?: boolean }) | undefined;
  onChange: (status: ConversationStatus) => void;
}

/** Open, snoozed, resolved: which conversations the list shows, with how many each holds. */
export function StatusTabs({ value, counts, onChange }: StatusTabsProps) {
  const t = useTranslations('inbox.status');
  const format = useInboxFormat();
  return (
    <div role="group" aria-label={t('label')} className="grid grid-cols-3 rounded-lg bg-slate-100 p-0.5 text-xs">
      {statuses.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={value === status}
          data-testid={`status-${status}`}
          onClick={() => onChange(status)}
          className={`flex min-w-0 items-center justify-center gap-1 rounded-md px-1.5 py-1 font-medium ${
            value === status ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          <span className="truncate">{t(status)}</span>
          {counts && (
            <span className="tabular-nums text-slate-600" data-testid={`count-${status}`}>
              {counts.capped ? t('atLeast', { count: format.count(counts[status]) }) : format.count(counts[status])}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
