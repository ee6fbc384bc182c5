'use client';

import { useTranslations } from 'next-intl';

const statusStyles: Record<string, string> = {
  APPROVED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-200',
  REJECTED: 'bg-red-50 text-red-800 ring-red-200',
  PAUSED: 'bg-orange-50 text-orange-800 ring-orange-200',
  DISABLED: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export function TemplateStatusBadge({ status }: { status: string }) {
  const t = useTranslations('templates');
  return (
    <span
      data-testid="template-status"
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${statusStyles[status] ?? statusStyles.DISABLED}`}
    >
      {t.has(`statuses.${status}`) ? t(`statuses.${status}`) : status}
    </span>
  );
}

/** The platform's reason for a status in the reader's language; a reason we have no words for is shown as the platform names it. */
export function TemplateStatusReason({ reason }: { reason: string | null }) {
  const t = useTranslations('templates');
  if (!reason) return null;
  return <span data-testid="template-reason">{t.has(`reasons.${reason}`) ? t(`reasons.${reason}`) : t('reasonUnknown', { reason })}</span>;
}
