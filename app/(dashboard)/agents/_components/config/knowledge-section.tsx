'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { pollInterval } from '@/app/_trpc/poll-interval';
import { useTRPC } from '@/app/_trpc/trpc';
import { Check, ResourcePanel, RowButton } from '@/app/(dashboard)/_components/kit';
import type { ProjectResourceSectionProps } from './config-update';
import { KnowledgeForm } from './knowledge-form';

const statusStyle: Record<string, string> = {
  indexing: 'bg-sky-50 text-sky-800',
  ready: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

/** The project's knowledge sources: added and deleted here, searched by the agent when ticked. */
export function KnowledgeSection({ projectId, canEdit, config, update }: ProjectResourceSectionProps) {
  const t = useTranslations('agents.builder.knowledge');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sources = useQuery({
    ...trpc.agents.knowledge.queryOptions({ projectId }),
    // Sources index in the worker; look again while one is still indexing.
    refetchInterval: pollInterval(1_500, (data?: Array<{ status: string }>) => data?.some((s) => s.status === 'indexing') ?? false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.agents.knowledge.queryKey({ projectId }) });
  const remove = useMutation(trpc.agents.deleteKnowledge.mutationOptions({ onSuccess: refresh }));
  type Source = NonNullable<typeof sources.data>[number];
  return (
    <ResourcePanel
      id="knowledge"
      variant="card"
      title={t('title')}
      intro={t('intro')}
      list={sources}
      texts={{ loading: t('loading'), failed: t('loadFailed'), empty: t('empty'), create: t('add') }}
      canCreate={canEdit}
      createForm={(close) => (
        <KnowledgeForm
          projectId={projectId}
          onDone={() => {
            close();
            refresh();
          }}
        />
      )}
      removal={{
        title: (source: Source) => t('deleteTitle', { name: source.name }),
        body: t('deleteBody'),
        confirmLabel: t('delete'),
        mutation: remove,
        remove: (source, onRemoved) => remove.mutate({ projectId, source: source.id }, { onSuccess: onRemoved }),
      }}
    >
      {(list, { askRemove }) => (
        <ul className="divide-y divide-slate-100">
          {list.map((source) => (
            <li key={source.id} className="flex flex-wrap items-center gap-3 py-3">
              <Check
                label={<span dir="auto">{t('use', { name: source.name })}</span>}
                checked={config.knowledge_sources.includes(source.id)}
                onChange={(on) =>
                  update((c) => ({
                    ...c,
                    knowledge_sources: on ? [...c.knowledge_sources, source.id] : c.knowledge_sources.filter((x) => x !== source.id),
                  }))
                }
              />
              <span className="text-xs text-slate-600">{t(`types.${source.type}`)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyle[source.status] ?? ''}`}>
                {t(`status.${source.status}`)}
              </span>
              {source.error && (
                <span className="text-xs wrap-anywhere text-red-700" dir="auto">
                  {source.error}
                </span>
              )}
              {canEdit && (
                <span className="ms-auto">
                  <RowButton label={t('delete')} fullLabel={t('deleteNamed', { name: source.name })} onClick={() => askRemove(source)} />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </ResourcePanel>
  );
}
