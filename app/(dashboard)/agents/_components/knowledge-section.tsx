'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Button, Check, ConfirmRemoval, ErrorLine, inputClass, Panel, RowButton, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import type { ConfigUpdate } from './config-sections';

const statusStyle: Record<string, string> = {
  indexing: 'bg-sky-50 text-sky-800',
  ready: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

/** The project's knowledge sources: added and deleted here, searched by the agent when ticked. */
export function KnowledgeSection({
  projectId,
  canEdit,
  config,
  update,
}: {
  projectId: string;
  canEdit: boolean;
  config: AgentConfig;
  update: ConfigUpdate;
}) {
  const t = useTranslations('agents.builder.knowledge');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sources = useQuery({
    ...trpc.agents.knowledge.queryOptions({ projectId }),
    // Sources index in the worker; look again while one is still indexing.
    refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'indexing') ? 1500 : false),
  });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.agents.knowledge.queryKey({ projectId }) });
  const remove = useMutation(
    trpc.agents.deleteKnowledge.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        refresh();
      },
    }),
  );
  return (
    <Panel id="knowledge" title={t('title')} intro={t('intro')}>
      {canEdit && !adding && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      {adding && (
        <KnowledgeForm
          projectId={projectId}
          onDone={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      {sources.isError && <ErrorLine text={t('loadFailed')} />}
      {sources.data?.length === 0 && <p className="text-sm text-slate-600">{t('empty')}</p>}
      <ul className="divide-y divide-slate-100">
        {sources.data?.map((source) => (
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
              <span className="text-xs text-red-700" dir="auto">
                {source.error}
              </span>
            )}
            {canEdit && (
              <span className="ms-auto">
                <RowButton label={t('delete')} fullLabel={t('deleteNamed', { name: source.name })} onClick={() => setDeleting(source)} />
              </span>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmRemoval
          title={t('deleteTitle', { name: deleting.name })}
          body={t('deleteBody')}
          confirmLabel={t('delete')}
          removal={remove}
          onConfirm={() => remove.mutate({ projectId, source: deleting.id })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Panel>
  );
}

function KnowledgeForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const t = useTranslations('agents.builder.knowledge');
  const tCommon = useTranslations('common');
  const trpc = useTRPC();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [type, setType] = useState<'text' | 'markdown' | 'url'>('text');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const create = useMutation(trpc.agents.createKnowledge.mutationOptions({ onSuccess: onDone }));
  return (
    <form
      aria-label={t('addTitle')}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ projectId, source: type === 'url' ? { name, type, url } : { name, type, content } });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('name')} required value={name} onChange={setName} dir="auto" />
        <div>
          <label htmlFor="knowledge-type" className="block text-sm font-medium text-slate-800">
            {t('type')}
          </label>
          <select id="knowledge-type" className={inputClass} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            <option value="text">{t('types.text')}</option>
            <option value="markdown">{t('types.markdown')}</option>
            <option value="url">{t('types.url')}</option>
          </select>
        </div>
      </div>
      {type === 'url' ? (
        <TextField label={t('url')} hint={t('urlHint')} dir="ltr" required value={url} onChange={setUrl} />
      ) : (
        <TextArea label={t('content')} rows={6} value={content} onChange={setContent} />
      )}
      <ErrorLine text={create.error ? errorText(create.error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={create.isPending}>
          {create.isPending ? tCommon('saving') : t('save')}
        </Button>
        <Button onClick={onDone}>{tCommon('cancel')}</Button>
      </div>
    </form>
  );
}
