'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { DataTable, ListStates } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { useFormatTime } from '../../_components/use-format-time';
import { TemplateStatusBadge, TemplateStatusReason } from './template-status';
import { useTemplateUpdates } from './use-template-updates';

/** The organization's templates, written here or synced, with their status as the platform decides it, live. */
export function TemplatesList() {
  const t = useTranslations('templates');
  const tCommon = useTranslations('common');
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const templates = useQuery(trpc.templates.list.queryOptions());
  useTemplateUpdates();

  return (
    <section aria-labelledby="templates-heading" className="mt-8">
      <h2 id="templates-heading" className="sr-only">
        {t('listHeading')}
      </h2>
      <ListStates
        pending={templates.isPending}
        failed={templates.isError}
        empty={templates.data?.length === 0}
        texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty') }}
      />
      {templates.data && templates.data.length > 0 && (
        <DataTable
          rows={templates.data}
          rowKey={(template) => template.id}
          columns={[
            {
              header: tCommon('name'),
              title: true,
              className: 'font-medium text-slate-900',
              cell: (template) => (
                <Link href={`/templates/${template.id}`} className="text-brand-700 hover:underline" dir="auto">
                  {template.name}
                </Link>
              ),
            },
            {
              header: tCommon('status'),
              cell: (template) => (
                <div className="space-y-1">
                  <TemplateStatusBadge status={template.status} />
                  {template.statusReason && (
                    <p className="text-xs wrap-anywhere text-slate-600">
                      <TemplateStatusReason reason={template.statusReason} />
                    </p>
                  )}
                </div>
              ),
            },
            { header: t('categoryLabel'), className: 'text-slate-700', cell: (template) => t(`categories.${template.category}`) },
            { header: t('language'), className: 'text-slate-700', cell: (template) => <span dir="ltr">{template.language}</span> },
            { header: t('number'), className: 'text-slate-700', cell: (template) => <span dir="auto">{template.account}</span> },
            { header: t('updated'), className: 'text-slate-700 sm:whitespace-nowrap', cell: (template) => formatTime(template.syncedAt) },
          ]}
        />
      )}
    </section>
  );
}
