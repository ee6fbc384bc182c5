'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotFoundState } from '@/app/_components/not-found-state';
import { isNotFound } from '@/app/_trpc/http-status';
import { useTRPC } from '@/app/_trpc/trpc';
import { describeResume, percent, statusTone } from './format';
import { ProgressChart } from './progress-chart';
import { RecipientsTable } from './recipients-table';

/** One campaign, live: progress bar, counters, parked state in words, chart, recipients; start, pause, resume. */
export function CampaignDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const campaign = useQuery({ ...trpc.campaigns.get.queryOptions({ id }), refetchInterval: 1_500 });
  const timeline = useQuery({ ...trpc.campaigns.timeline.queryOptions({ id }), refetchInterval: 3_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id }) });
  const start = useMutation(trpc.campaigns.start.mutationOptions({ onSuccess: refresh }));
  const pause = useMutation(trpc.campaigns.pause.mutationOptions({ onSuccess: refresh }));

  if (campaign.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (campaign.isError) {
    return isNotFound(campaign.error) ? (
      <NotFoundState title="Campaign not found" back={{ href: '/campaigns', label: 'Back to campaigns' }}>
        There is no campaign at this address in this organization. It may belong to another organization, or the link is mistyped.
      </NotFoundState>
    ) : (
      <p role="alert" className="text-sm text-red-700">{campaign.error.message}</p>
    );
  }
  const c = campaign.data;
  const r = c.recipients;
  const dealt = r.sent + r.failed + r.skipped;
  const error = start.error ?? pause.error;

  return (
    <div>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold wrap-anywhere">{c.name}</h1>
          <p className="text-sm wrap-anywhere text-slate-600">{c.template_name} from {c.account} · <span data-testid="campaign-status" className={`rounded-full px-2 py-0.5 text-xs ring-1 ${statusTone[c.status]}`}>{c.status}</span></p>
        </div>
        <div className="flex shrink-0 gap-2">
          {(c.status === 'processing' || c.status === 'scheduled') && <button type="button" onClick={() => pause.mutate({ id })} className="rounded-md border border-slate-300 px-3 py-2 text-sm">Pause</button>}
          {(c.status === 'paused' || c.status === 'draft') && <button type="button" onClick={() => start.mutate({ id, sendMode: c.send_mode })} className="rounded-md bg-brand-600 px-3 py-2 text-sm text-white hover:bg-brand-700">{c.status === 'paused' ? 'Resume' : 'Start'}</button>}
        </div>
      </header>
      {error && <p role="alert" className="mt-3 text-sm text-red-700">{error.message}</p>}
      {c.failure_reason && <p role="alert" className="mt-3 text-sm wrap-anywhere text-red-700">Could not run: {c.failure_reason}</p>}
      {c.resumes_at && <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">Today’s messaging limit is used up, so sending paused by itself. It carries on {describeResume(c.resumes_at)}.</p>}
      {c.status === 'scheduled' && c.scheduled_at && <p className="mt-3 text-sm">Starts {new Date(c.scheduled_at).toLocaleString()}.</p>}
      <div className="mt-6">
        <div role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={r.total} aria-valuenow={dealt} className="h-3 w-full overflow-hidden rounded-full bg-slate-100">
          <div className="h-full bg-brand-600 transition-all" style={{ width: r.total ? `${(dealt / r.total) * 100}%` : '0%' }} />
        </div>
        <p className="mt-1 text-xs text-slate-600">{dealt} of {r.total} dealt with ({percent(dealt, r.total)})</p>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-4 text-center min-[26rem]:grid-cols-3 sm:grid-cols-6">
        {(['total', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const).map((k) => (
          <div key={k} className="rounded-lg border border-slate-200 bg-white p-3"><dt className="text-xs text-slate-600 uppercase">{k}</dt><dd data-testid={`count-${k}`} className="text-xl font-semibold">{r[k]}</dd></div>
        ))}
      </dl>
      <section className="mt-8"><h2 className="mb-2 text-lg font-semibold">Over time</h2><ProgressChart points={timeline.data ?? []} /></section>
      <RecipientsTable campaignId={id} />
    </div>
  );
}
