'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import type { EventName } from '@/server/webhook-events/catalogue';
import { Alert, Button, EmptyState } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import { useErrorText } from '@/app/_trpc/use-error-text';

/** Every attempt to one webhook, newest first; each opens to its request and the receiver's answer. */
export function DeliveryLog({ webhookId, canManage }: { webhookId: string; canManage: boolean }) {
  const errorText = useErrorText();
  const t = useTranslations('webhooks.log');
  const format = useFormatter();
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const filterId = useId();
  const [event, setEvent] = useState<EventName | ''>('');
  const catalogue = useQuery(trpc.webhooks.catalogue.queryOptions());
  const input = { id: webhookId, ...(event ? { event } : {}) };
  const log = useQuery(trpc.webhooks.deliveries.queryOptions(input));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id: webhookId }) });
  const resend = useMutation(trpc.webhooks.resend.mutationOptions({ onSuccess: () => setTimeout(() => void refresh(), 1_000) }));
  const seen = new Set<string>();

  return (
    <section aria-label={t('label')} className="mt-4 border-t border-slate-100 pt-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            {t('event')}
          </label>
          <select
            id={filterId}
            value={event}
            onChange={(e) => setEvent(e.target.value as EventName | '')}
            className="mt-1 block rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
          >
            <option value="">{t('allEvents')}</option>
            {catalogue.data?.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.value}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void refresh()}>{t('refresh')}</Button>
      </div>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {resend.isSuccess && <p className="text-emerald-800">{t('resendQueued', { id: resend.data.delivery_id })}</p>}
        {resend.isError && <p className="text-red-700">{errorText(resend.error)}</p>}
      </div>
      {log.isPending ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : log.isError ? (
        <Alert className="text-sm">{t('loadFailed')}</Alert>
      ) : log.data.data.length === 0 ? (
        <EmptyState className="" text={event ? t('emptyOf', { event }) : t('empty')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="delivery-log">
          {log.data.data.map((attempt) => {
            const latestOfDelivery = !seen.has(attempt.delivery_id);
            seen.add(attempt.delivery_id);
            return (
              <li key={attempt.id}>
                <details className="group">
                  <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${attempt.success ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200'}`}
                    >
                      {attempt.status_code === 0 ? t('noAnswer') : attempt.status_code}
                    </span>
                    <code dir="ltr" className="text-slate-800">
                      {attempt.event}
                    </code>
                    <span className="text-slate-500">{t('attempt', { n: attempt.attempt })}</span>
                    <span className="text-slate-500">{t('duration', { ms: format.number(attempt.duration_ms) })}</span>
                    <span className="ms-auto text-slate-600">{formatTime(attempt.created_at)}</span>
                  </summary>
                  <div className="space-y-2 bg-slate-50 px-3 py-3 text-xs">
                    <p className="wrap-anywhere text-slate-600">
                      {t('delivery')} <code dir="ltr">{attempt.delivery_id}</code>
                      {attempt.error && (
                        <>
                          {' '}
                          · <span className="text-red-700">{attempt.error}</span>
                        </>
                      )}
                    </p>
                    <p className="font-medium text-slate-700">{t('requestBody')}</p>
                    <pre dir="ltr" className="max-h-48 overflow-auto rounded bg-white p-2 break-all whitespace-pre-wrap ring-1 ring-slate-200">
                      {attempt.request_body}
                    </pre>
                    <p className="font-medium text-slate-700">{t('response')}</p>
                    <pre dir="ltr" className="max-h-48 overflow-auto rounded bg-white p-2 break-all whitespace-pre-wrap ring-1 ring-slate-200">
                      {attempt.response_body || t('empty_body')}
                    </pre>
                    {canManage && latestOfDelivery && (
                      <Button disabled={resend.isPending} onClick={() => resend.mutate({ id: webhookId, deliveryId: attempt.delivery_id })}>
                        {t('resend')}
                      </Button>
                    )}
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
