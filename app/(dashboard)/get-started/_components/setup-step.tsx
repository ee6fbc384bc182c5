import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { buttonClasses } from '@/app/(dashboard)/_components/kit';
import type { SetupChecklist } from '@/server/orgs/setup-checklist';

/** One step: whether it is done, why it matters, and a link to where it is done (the first open step's stands out). */
export function SetupStep({ step, next }: { step: SetupChecklist['steps'][number]; next: boolean }) {
  const t = useTranslations('setup');
  return (
    <li data-testid={`setup-step-${step.id}`} className="flex items-start gap-3 py-4">
      <span
        aria-hidden="true"
        className={`flex size-7 shrink-0 items-center justify-center rounded-full ring-1 ${
          step.done ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-300 ring-slate-300'
        }`}
      >
        {step.done && (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} className="size-4">
            <path strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-medium text-slate-900">
            {t(`steps.${step.id}.title`)}
            <span
              className={`ms-2 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${
                step.done ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-200'
              }`}
            >
              {step.done ? t('done') : t('notDone')}
            </span>
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t(`steps.${step.id}.why`)}</p>
        </div>
        <Link href={step.href} className={`${buttonClasses({ variant: next ? 'primary' : 'secondary' })} shrink-0 self-start sm:self-center`}>
          {t(`steps.${step.id}.action`)}
        </Link>
      </div>
    </li>
  );
}
