'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, DataTable, inputClass, ListStates } from '@/app/(dashboard)/_components/kit';
import { ModelOptions } from './model-options';
import { ProjectGate, type ProjectView } from './project-gate';
import { inProject } from './use-agent-project';

/** The agents of the project in use, and (for editors) a form to create one. */
export function AgentsHome() {
  return <ProjectGate section="agents">{(project) => <AgentList project={project} />}</ProjectGate>;
}

function AgentList({ project }: { project: ProjectView }) {
  const t = useTranslations('agents.list');
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ projectId: project.id }));
  const [creating, setCreating] = useState(false);
  const canEdit = project.can['agents:write'];
  const empty = agents.data?.length === 0;
  // With no agent yet, creating the first is the next step: the New button stands in the empty state.
  const newButton = canEdit && !creating && (
    <Button variant="primary" onClick={() => setCreating(true)}>
      {t('new')}
    </Button>
  );
  return (
    <section aria-labelledby="agents-heading" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="agents-heading" className="text-lg font-semibold text-slate-900">
          {t('heading')}
        </h2>
        {!empty && newButton}
      </div>
      {!canEdit && <p className="text-sm text-slate-600">{t('readOnly')}</p>}
      {creating && <NewAgentForm projectId={project.id} onCancel={() => setCreating(false)} />}
      <ListStates
        pending={agents.isPending}
        failed={agents.isError}
        empty={empty}
        texts={{ loading: t('loading'), failed: t('loadFailed'), empty: canEdit ? t('emptyEdit') : t('empty') }}
        emptyAction={newButton}
      />
      {agents.data && agents.data.length > 0 && (
        <DataTable
          rows={agents.data}
          rowKey={(agent) => agent.id}
          columns={[
            {
              header: t('columns.name'),
              title: true,
              cell: (agent) => (
                <>
                  <Link
                    href={inProject(`/agents/${agent.id}`, project.id)}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    dir="auto"
                  >
                    {agent.name}
                  </Link>
                  <div className="font-mono text-xs text-slate-500" dir="ltr">
                    {agent.slug}
                  </div>
                </>
              ),
            },
            {
              header: t('columns.model'),
              className: 'font-mono text-xs',
              cell: (agent) => <bdi dir="ltr">{agent.draft.config.model.id}</bdi>,
            },
            {
              header: t('columns.published'),
              cell: (agent) =>
                agent.status === 'archived'
                  ? t('archived')
                  : agent.published_version === null
                    ? t('unpublished')
                    : t('version', { n: agent.published_version }),
            },
            {
              header: t('columns.readiness'),
              cell: (agent) =>
                agent.readiness.ready ? (
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">{t('ready')}</span>
                ) : (
                  <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
                    {t('blocked', { count: agent.readiness.blockers.length })}
                  </span>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}

function NewAgentForm({ projectId, onCancel }: { projectId: string; onCancel: () => void }) {
  const t = useTranslations('agents.list');
  const tCommon = useTranslations('common');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const router = useRouter();
  const models = useQuery(trpc.agents.models.queryOptions({ projectId }));
  const [name, setName] = useState('');
  const [model, setModel] = useState('');
  const nameId = useId();
  const modelId = useId();
  const create = useMutation(
    trpc.agents.create.mutationOptions({ onSuccess: (agent) => router.push(inProject(`/agents/${agent.id}`, projectId)) }),
  );
  const chosen = model || models.data?.find((m) => m.allowed_on_plan)?.id || '';
  return (
    <form
      aria-label={t('newForm')}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ projectId, agent: { name, config: { model: { id: chosen } } } });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
            {t('name')}
          </label>
          <input id={nameId} className={inputClass} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} dir="auto" />
        </div>
        <div>
          <label htmlFor={modelId} className="block text-sm font-medium text-slate-800">
            {t('model')}
          </label>
          <select id={modelId} className={inputClass} required value={chosen} onChange={(e) => setModel(e.target.value)}>
            <ModelOptions models={models.data ?? []} />
          </select>
        </div>
      </div>
      {create.error && <Alert className="text-sm">{errorText(create.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={create.isPending || !chosen}>
          {create.isPending ? tCommon('working') : t('create')}
        </Button>
        <Button onClick={onCancel}>{tCommon('cancel')}</Button>
      </div>
    </form>
  );
}
