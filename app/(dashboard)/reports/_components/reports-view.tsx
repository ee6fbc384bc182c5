'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { REPORT_DAYS, type ReportDays } from '@/server/reports/report-days';
import { TimeChart } from '../../_components/charts/time-chart';
import { AgentTimesTable } from './agent-times-table';
import { DeliveryRatesTable } from './delivery-rates-table';
import { useReportFormat } from './use-report-format';
import { Alert, buttonClasses, EmptyState } from '@/app/(dashboard)/_components/kit';

/** The reports of the last 7, 30 or 90 days: messages, delivery and read rates, conversations, response times, who handled them. */
export function ReportsView() {
  const t = useTranslations('reports');
  const trpc = useTRPC();
  const { day } = useReportFormat();
  const [days, setDays] = useState<ReportDays>(30);
  const range = { days, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const messages = useQuery(trpc.reports.messages.queryOptions(range));
  const rates = useQuery(trpc.reports.deliveryRates.queryOptions(range));
  const conversations = useQuery(trpc.reports.conversations.queryOptions(range));
  const agents = useQuery(trpc.reports.agentTimes.queryOptions(range));
  const chart = { kind: 'bar' as const, xLabel: t('axis.day'), formatTime: day };

  return (
    <div className="mt-6 grid gap-8">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('range.label')}</legend>
        {REPORT_DAYS.map((option) => (
          <label
            key={option}
            className="cursor-pointer rounded-full border border-slate-300 bg-white px-3 py-1 text-sm has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="report-days"
              value={option}
              checked={days === option}
              onChange={() => setDays(option)}
              className="sr-only"
            />
            {t('range.days', { days: option })}
          </label>
        ))}
      </fieldset>

      <Section
        id="messages"
        title={t('messages.title')}
        query={messages}
        empty={(data) => data.every((d) => d.sent + d.received === 0)}
        emptyText={t('messages.empty')}
        emptyAction={
          <Link href="/campaigns/new" className={buttonClasses({ variant: 'primary' })}>
            {t('messages.emptyAction')}
          </Link>
        }
      >
        {(data) => (
          <TimeChart
            {...chart}
            testId="messages-chart"
            data={data.map((d) => ({ at: d.day, sent: d.sent, received: d.received }))}
            series={[
              { key: 'sent', label: t('messages.sent'), color: '#0b8a4a' },
              { key: 'received', label: t('messages.received'), color: '#0284c7' },
            ]}
            label={t('messages.title')}
            yLabel={t('axis.messages')}
          />
        )}
      </Section>

      <Section id="rates" title={t('rates.title')} query={rates} empty={(data) => data.accounts.length === 0} emptyText={t('rates.empty')}>
        {(data) => (
          <div className="grid gap-6">
            <DeliveryRatesTable
              caption={t('rates.byAccount')}
              testId="rates-accounts"
              rows={data.accounts.map((a) => ({ ...a, label: a.name, detail: a.phone }))}
            />
            <DeliveryRatesTable
              caption={t('rates.byTemplate')}
              testId="rates-templates"
              rows={data.templates.map((tpl) => ({ ...tpl, label: tpl.name, detail: `${tpl.language} · ${tpl.account}` }))}
            />
          </div>
        )}
      </Section>

      <Section
        id="conversations"
        title={t('conversations.title')}
        query={conversations}
        empty={(data) => data.days.every((d) => d.opened + d.resolved === 0)}
        emptyText={t('conversations.empty')}
      >
        {(data) => (
          <TimeChart
            {...chart}
            testId="conversations-chart"
            data={data.days.map((d) => ({ at: d.day, opened: d.opened, resolved: d.resolved }))}
            series={[
              { key: 'opened', label: t('conversations.opened'), color: '#c2410c' },
              { key: 'resolved', label: t('conversations.resolved'), color: '#0b8a4a' },
            ]}
            label={t('conversations.title')}
            yLabel={t('axis.conversations')}
          />
        )}
      </Section>

      <Section id="agents" title={t('agents.title')} query={agents} empty={(data) => data.length === 0} emptyText={t('agents.empty')}>
        {(data) => <AgentTimesTable rows={data} />}
      </Section>

      <Section
        id="handled"
        title={t('handled.title')}
        query={conversations}
        empty={(data) => data.days.every((d) => d.human + d.ai === 0)}
        emptyText={t('handled.empty')}
        note={(data) =>
          !data.aiAvailable && (
            <p className="mb-3 rounded-md bg-slate-100 p-3 text-sm text-slate-700" data-testid="no-ai">
              {t('handled.noAi')}
            </p>
          )
        }
      >
        {(data) => (
          <TimeChart
            {...chart}
            testId="handled-chart"
            data={data.days.map((d) => ({ at: d.day, human: d.human, ai: d.ai }))}
            series={[
              { key: 'human', label: t('handled.human'), color: '#0284c7' },
              { key: 'ai', label: t('handled.ai'), color: '#7c3aed' },
            ]}
            label={t('handled.title')}
            yLabel={t('axis.conversations')}
          />
        )}
      </Section>
    </div>
  );
}

/** One report: its heading, then a loading line, the error, an empty state or the report itself. */
function Section<T>({
  id,
  title,
  query,
  empty,
  emptyText,
  emptyAction,
  note,
  children,
}: {
  id: string;
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  empty: (data: T) => boolean;
  emptyText: string;
  /** What to do so the section fills in. */
  emptyAction?: ReactNode;
  note?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const tCommon = useTranslations('common');
  const errorText = useErrorText();
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`report-${id}`} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {query.isPending ? (
        <p className="text-sm text-slate-600">{tCommon('loading')}</p>
      ) : query.isError || query.data === undefined ? (
        <Alert className="text-sm">{errorText(query.error)}</Alert>
      ) : (
        <>
          {note?.(query.data)}
          {empty(query.data) ? <EmptyState className="" testId="report-empty" text={emptyText} action={emptyAction} /> : children(query.data)}
        </>
      )}
    </section>
  );
}
