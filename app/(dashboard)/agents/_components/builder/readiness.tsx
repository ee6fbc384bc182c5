'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/app/(dashboard)/_components/kit';
import { inProject } from '../use-agent-project';

/** Why the agent cannot answer, each reason with the way to fix it. */
export function Readiness({
  blockers,
  publishedVersion,
  projectId,
  canResume,
  resuming,
  onResume,
}: {
  blockers: string[];
  publishedVersion: number | null;
  projectId: string;
  canResume: boolean;
  resuming: boolean;
  onResume: () => void;
}) {
  const t = useTranslations('agents.builder.readiness');
  if (blockers.length === 0)
    return (
      <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="readiness">
        {publishedVersion === null ? t('ready') : t('readyLive', { n: publishedVersion })}
      </p>
    );
  return (
    <section aria-labelledby="readiness-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="readiness">
      <h2 id="readiness-title" className="text-base font-semibold text-amber-950">
        {t('title')}
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-amber-950">
        {blockers.map((blocker) => (
          <li key={blocker} className="flex flex-wrap items-center gap-2">
            <span>{t.has(`blockers.${blocker}`) ? t(`blockers.${blocker}`) : blocker}</span>
            {(blocker === 'no_provider_key' || blocker === 'provider_key_undecryptable') && (
              <Link href={inProject('/agents/credentials', projectId)} className="font-medium text-brand-700 underline">
                {t(`fix.${blocker}`)}
              </Link>
            )}
            {blocker === 'model_not_allowed_on_plan' && (
              <a href="#agent-model" className="font-medium text-brand-700 underline">
                {t('fix.model_not_allowed_on_plan')}
              </a>
            )}
            {blocker === 'ai_paused' &&
              (canResume ? (
                <Button disabled={resuming} onClick={onResume}>
                  {t('fix.ai_paused')}
                </Button>
              ) : (
                <span>{t('fix.askAdmin')}</span>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
