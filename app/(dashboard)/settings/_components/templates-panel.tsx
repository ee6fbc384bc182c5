'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { useFormatTime } from '../../_components/use-format-time';
import { TableHead } from '../../_components/kit';
import { Alert } from '@/app/(dashboard)/_components/kit';

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

      {templates.isPending ? (
        <p className="mt-4 text-sm text-slate-500">{t('loading')}</p>
      ) : templates.isError ? (
        <Alert className="mt-4 text-sm">{t('loadFailed')}</Alert>
      ) : templates.data.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          {t('empty')}
        </p>
      ) : (
        <div tabIndex={0} className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <TableHead columns={[tCommon('name'), t('category'), tCommon('status'), t('language'), t('number'), t('lastSynced')]} />
            <tbody className="divide-y divide-slate-100">
              {templates.data.map((template) => (
                <tr key={template.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">
                    <span dir="auto">{template.name}</span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    {t.has(`categories.${template.category}`) ? t(`categories.${template.category}`) : template.category.toLowerCase()}
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusStyles[template.status] ?? statusStyles.DISABLED}`}
                    >
                      {t.has(`statuses.${template.status}`) ? t(`statuses.${template.status}`) : template.status}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <span dir="ltr">{template.language}</span>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <span dir="auto">{template.account}</span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatTime(template.syncedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
