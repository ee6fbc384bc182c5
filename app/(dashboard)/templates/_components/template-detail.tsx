'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button, buttonClasses, ConfirmRemoval, ListStates } from '@/app/(dashboard)/_components/kit';
import { useTRPC } from '@/app/_trpc/trpc';
import { builderStateOf, directionOf } from './builder-state';
import { TemplatePreview } from './template-preview';
import { TemplateStatusBadge, TemplateStatusReason } from './template-status';
import { useTemplateUpdates } from './use-template-updates';

const editable = new Set(['APPROVED', 'REJECTED', 'PAUSED']);

/** One template: its status live with the platform's reason in words, its preview, and what can be done with it. */
export function TemplateDetail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const t = useTranslations('templates');
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const found = useQuery(trpc.templates.get.queryOptions({ id }));
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.templates.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.templates.list.queryKey() });
        router.push('/templates');
      },
    }),
  );
  useTemplateUpdates();

  if (!found.data) {
    return (
      <ListStates
        pending={found.isPending}
        failed={found.isError}
        empty={false}
        texts={{ loading: t('loading'), failed: t('loadOneFailed'), empty: '' }}
      />
    );
  }
  const { template, input } = found.data;
  const state = builderStateOf(input);

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold wrap-anywhere text-slate-900" dir="auto">
            {template.name}
          </h2>
          <TemplateStatusBadge status={template.status} />
        </div>
        {template.status === 'PENDING' && (
          <Alert tone="info" look="box">
            {t('pendingNote')}
          </Alert>
        )}
        {(template.status_reason || template.status_detail) && (
          <Alert tone={template.status === 'REJECTED' ? 'error' : 'warning'} look="box" as="div" className="wrap-anywhere">
            {template.status_reason && (
              <p className="font-medium">
                <TemplateStatusReason reason={template.status_reason} />
              </p>
            )}
            {template.status_detail && (
              <p className="mt-1 text-sm wrap-anywhere">
                {t('platformWords')} <bdi data-testid="template-detail-words">{template.status_detail}</bdi>
              </p>
            )}
            {template.status === 'REJECTED' && <p className="mt-1 text-sm">{t('rejectedNext')}</p>}
          </Alert>
        )}
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {[
            [t('categoryLabel'), t(`categories.${template.category}`)],
            [
              t('language'),
              <span key="l" dir="ltr">
                {template.language}
              </span>,
            ],
            [t('number'), <bdi key="n">{template.account}</bdi>],
            [
              t('variables'),
              <span key="v" dir="ltr">
                {[...new Set([...(template.header?.variables ?? []), ...template.body.variables])].map((v) => `{{${v}}}`).join(' ') || '—'}
              </span>,
            ],
          ].map(([label, value], index) => (
            <div key={index}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium wrap-anywhere text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            {editable.has(template.status) && (
              <Link href={`/templates/${id}/edit`} className={buttonClasses({ variant: 'primary' })}>
                {t(template.status === 'REJECTED' ? 'fixAndResubmit' : 'edit')}
              </Link>
            )}
            <Link href={`/templates/new?from=${id}`} className={buttonClasses()}>
              {t('copyToLanguage')}
            </Link>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('delete')}
            </Button>
          </div>
        )}
        {confirming && (
          <ConfirmRemoval
            title={t('deleteTitle', { name: template.name })}
            body={t('deleteBody')}
            confirmLabel={t('delete')}
            removal={remove}
            onConfirm={() => remove.mutate({ id })}
            onCancel={() => {
              setConfirming(false);
              remove.reset();
            }}
          />
        )}
      </div>
      <aside className="min-w-0" aria-label={t('builder.previewLabel')}>
        <TemplatePreview state={state} dir={directionOf(template.language)} />
      </aside>
    </div>
  );
}
