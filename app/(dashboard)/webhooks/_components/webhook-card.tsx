'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { EventName } from '@/server/webhook-events/catalogue';
import { ErrorLine, Button } from '@/app/(dashboard)/_components/kit';
import { DeliveryLog } from './delivery-log';
import { SecretReveal } from '../../_components/secret-reveal';
import { useFormatTime } from '../../_components/use-format-time';
import { WebhookForm } from './webhook-form';
import { useErrorText } from '@/app/_trpc/use-error-text';

export interface WebhookRow {
  id: string;
  name: string;
  url: string;
  events: string[];
  headers: Record<string, string>;
  is_active: boolean;
  disabled_reason: string | null;
  disabled_at: string | null;
}

function StatusBadge({ webhook }: { webhook: WebhookRow }) {
  const t = useTranslations('webhooks.status');
  const [label, style] = webhook.is_active
    ? [t('active'), 'bg-emerald-50 text-emerald-800 ring-emerald-200']
    : webhook.disabled_reason
      ? [t('disabled'), 'bg-red-50 text-red-800 ring-red-200']
      : [t('paused'), 'bg-slate-100 text-slate-700 ring-slate-200'];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${style}`}>{label}</span>;
}

/** One webhook with its actions: test, edit, rotate the secret, pause or resume, delete (confirmed by the panel), and its delivery log. */
export function WebhookCard({ webhook, canManage, onDelete }: { webhook: WebhookRow; canManage: boolean; onDelete: () => void }) {
  const errorText = useErrorText();
  const t = useTranslations('webhooks');
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const refreshLog = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id: webhook.id }) });
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: () => {
        setEditing(false);
        void refreshList();
      },
    }),
  );
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions());
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: () => {
        setShowLog(true);
        void refreshLog();
      },
    }),
  );
  const failure = test.error ?? update.error ?? rotate.error;

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby={`wh-${webhook.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`wh-${webhook.id}`} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span dir="auto" className="min-w-0 wrap-anywhere">
              {webhook.name}
            </span>{' '}
            <StatusBadge webhook={webhook} />
          </h3>
          <p className="mt-1 font-mono text-sm wrap-anywhere text-slate-600">
            <span dir="ltr">{webhook.url}</span>
          </p>
          <p className="mt-1 text-xs text-slate-600">
            <bdi dir="ltr">{webhook.events.join(' · ')}</bdi>
          </p>
          {webhook.disabled_reason && (
            <p className="mt-2 text-sm wrap-anywhere text-red-700">
              {t('switchedOff', { time: formatTime(webhook.disabled_at), reason: webhook.disabled_reason })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage && (
            <Button disabled={test.isPending} onClick={() => test.mutate({ id: webhook.id })}>
              {test.isPending ? t('sending') : t('sendTest')}
            </Button>
          )}
          <Button aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
            {showLog ? t('hideDeliveries') : t('deliveries')}
          </Button>
          {canManage && (
            <>
              <Button onClick={() => setEditing(true)}>{t('edit')}</Button>
              <Button disabled={rotate.isPending} onClick={() => rotate.mutate({ id: webhook.id })}>
                {t('rotateSecret')}
              </Button>
              <Button disabled={update.isPending} onClick={() => update.mutate({ id: webhook.id, isActive: !webhook.is_active })}>
                {webhook.is_active ? t('pause') : t('resume')}
              </Button>
              <Button className="text-red-700" onClick={onDelete}>
                {t('delete')}
              </Button>
            </>
          )}
        </div>
      </div>

      <div aria-live="polite" className="mt-2 text-sm">
        {test.isSuccess && (
          <p data-testid="test-result" className={test.data.delivered ? 'text-emerald-800' : 'text-red-700'}>
            {t('testResult', {
              delivered: String(test.data.delivered),
              answer: test.data.status_code === 0 ? t('noAnswer') : `HTTP ${test.data.status_code}`,
              ms: test.data.duration_ms,
            })}
            {test.data.error ? ` — ${test.data.error}` : ''}
          </p>
        )}
        <ErrorLine text={failure ? errorText(failure) : null} />
      </div>
      {rotate.isSuccess && (
        <div className="mt-3">
          <SecretReveal kind="signingSecret" testId="webhook-secret" secret={rotate.data.secret} onDone={() => rotate.reset()} />
        </div>
      )}

      {editing && (
        <div className="mt-4">
          <WebhookForm
            initial={{ name: webhook.name, url: webhook.url, events: webhook.events as EventName[], headers: webhook.headers }}
            submitLabel={t('saveChanges')}
            pending={update.isPending}
            error={update.error ? errorText(update.error) : null}
            onSubmit={(values) => update.mutate({ id: webhook.id, ...values })}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
      {showLog && <DeliveryLog webhookId={webhook.id} canManage={canManage} />}
    </li>
  );
}
