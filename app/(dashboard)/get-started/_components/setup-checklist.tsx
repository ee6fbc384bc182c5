'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, ErrorLine, ListSkeleton } from '@/app/(dashboard)/_components/kit';
import type { SetupChecklist as Checklist } from '@/server/orgs/setup-checklist';
import { SetupStep } from './setup-step';

/**
 * The organization's setup: each step done or not as the server reads it from the data, read
 * again whenever the window gets focus (a step is often done in another tab or by a teammate).
 */
export function SetupChecklist() {
  const t = useTranslations('setup');
  const trpc = useTRPC();
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const progress = useQuery(trpc.setup.progress.queryOptions(undefined, { staleTime: 0, refetchOnWindowFocus: true }));
  const dismiss = useMutation(
    trpc.setup.dismiss.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.setup.progress.queryKey() });
        // The navigation's Get started entry goes with the checklist.
        router.refresh();
      },
    }),
  );

  if (progress.isPending) {
    return (
      <div className="mt-6">
        <ListSkeleton label={t('loading')} />
      </div>
    );
  }
  if (progress.isError) return <Alert className="mt-6 text-sm">{t('loadFailed')}</Alert>;
  if (progress.data === null) return <p className="mt-6 text-sm text-slate-600">{t('notManager')}</p>;
  const checklist = progress.data;

  return (
    <section aria-labelledby="setup-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="setup-title" className="text-base font-semibold text-slate-900">
          {t('checklistTitle')}
        </h2>
        {checklist.open && (
          <Button variant="ghost" busy={dismiss.isPending} onClick={() => dismiss.mutate()}>
            {t('dismiss')}
          </Button>
        )}
      </div>
      <ErrorLine text={dismiss.error ? errorText(dismiss.error) : null} />
      <Progress checklist={checklist} />
      {checklist.dismissed && (
        <Alert tone="info" className="mt-4 text-sm">
          {t('dismissed')}{' '}
          <Link href="/help" className="font-medium text-brand-700 hover:underline">
            {t('helpLink')}
          </Link>
        </Alert>
      )}
      {checklist.done === checklist.total && (
        <Alert tone="info" className="mt-4 text-sm">
          {t('complete')}
        </Alert>
      )}
      <ol className="mt-5 divide-y divide-slate-100">
        {checklist.steps.map((step) => (
          <SetupStep key={step.id} step={step} next={step.id === checklist.next} />
        ))}
      </ol>
    </section>
  );
}

function Progress({ checklist }: { checklist: Checklist }) {
  const t = useTranslations('setup');
  const label = t('progress', { done: checklist.done, total: checklist.total });
  return (
    <div className="mt-3">
      <p id="setup-progress" className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby="setup-progress"
        aria-valuemin={0}
        aria-valuemax={checklist.total}
        aria-valuenow={checklist.done}
        aria-valuetext={label}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(checklist.done / checklist.total) * 100}%` }} />
      </div>
    </div>
  );
}
