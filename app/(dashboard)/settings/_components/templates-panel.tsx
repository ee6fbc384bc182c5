'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useFormatTime } from '../../_components/use-format-time';
import { DataTable, ListStates } from '@/app/(dashboard)/_components/kit';

const statusStyles: Record<string, string> = {
  APPROVED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-200',
  REJECTED: 'bg-red-50 text-red-800 ring-red-200',
  PAUSED: 'bg-orange-50 text-orange-800 ring-orange-200',
  DISABLED: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** The organization's templates as last synced from the platform. */
export function TemplatesPanel() {
  const t = useTranslations('settings.templates');
  const tCommon = useTranslations('common');
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const templates = useQuery(trpc.templates.list.queryOptions());

  return (
    <section aria-labelledby="templates-heading">
      <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>

      <ListStates
        pending={templates.isPending}
        failed={templates.isError}
        empty={templates.data?.length === 0}
        texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty') }}
      />
      {templates.data && templates.data.length > 0 && (
        <DataTable
          className="mt-4"
          rows={templates.data}
          rowKey={(template) => template.id}
          columns={[
            {
              header: tCommon('name'),
              title: true,
              className: 'font-medium text-slate-900',
              cell: (template) => <span dir="auto">{template.name}</span>,
            },
            {
              header: t('category'),
              className: 'text-slate-700',
              cell: (template) =>
                t.has(`categories.${template.category}`) ? t(`categories.${template.category}`) : template.category.toLowerCase(),
            },
            {
              header: tCommon('status'),
              cell: (template) => (
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusStyles[template.status] ?? statusStyles.DISABLED}`}>
                  {t.has(`statuses.${template.status}`) ? t(`statuses.${template.status}`) : template.status}
                </span>
              ),
            },
            { header: t('language'), className: 'text-slate-700', cell: (template) => <span dir="ltr">{template.language}</span> },
            { header: t('number'), className: 'text-slate-700', cell: (template) => <span dir="auto">{template.account}</span> },
            { header: t('lastSynced'), className: 'text-slate-700 sm:whitespace-nowrap', cell: (template) => formatTime(template.syncedAt) },
          ]}
        />
      )}
    </section>
  );
}
