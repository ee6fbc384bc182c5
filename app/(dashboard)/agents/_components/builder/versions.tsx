'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/app/_trpc/trpc';
import { ErrorLine, Panel } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../../_components/use-format-time';

/** The agent's published versions, newest first: each one's number, model and when it was published. */
export function Versions({ projectId, agentId }: { projectId: string; agentId: string }) {
  const t = useTranslations('agents.builder.versions');
  const formatTime = useFormatTime();
  const trpc = useTRPC();
  const versions = useQuery(trpc.agents.versions.queryOptions({ projectId, agent: agentId }));
  return (
    <Panel id="versions" title={t('title')} intro={t('intro')}>
      {versions.isError && <ErrorLine text={t('loadFailed')} />}
      {versions.data?.length === 0 && <p className="text-sm text-slate-600">{t('empty')}</p>}
      <ol className="divide-y divide-slate-100" aria-label={t('title')}>
        {versions.data?.map((version) => (
          <li key={version.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
            <span className="font-medium text-slate-900">{t('version', { n: version.number })}</span>
            <span className="font-mono text-xs text-slate-600" dir="ltr">
              {version.config.model.id}
            </span>
            <span className="text-slate-600">{formatTime(version.created_at)}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
