'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { ErrorLine, ListSkeleton } from '@/app/(dashboard)/_components/kit';
import { Readiness } from './builder/readiness';
import { SaveBar } from './builder/save-bar';
import { useLeaveWarning } from './builder/use-leave-warning';
import { Versions } from './builder/versions';
import { BasicsSection } from './config/basics-section';
import { ChannelsSection } from './config/channels-section';
import { draftPatch } from './config/draft-patch';
import { HandoffSection } from './config/handoff-section';
import { ModelSection } from './config/model-section';
import { OverridesSection } from './config/overrides-section';
import { VariablesSection } from './config/variables-section';
import type { ConfigUpdate } from './config/config-update';
import { KnowledgeSection } from './config/knowledge-section';
import { Playground } from './playground';
import { ProjectGate, type ProjectView } from './project-gate';
import { ToolsSection } from './config/tools-section';
import { inProject } from './use-agent-project';

/** The builder page of one agent: its draft, readiness, publishing and versions. */
export function AgentBuilder({ agentId }: { agentId: string }) {
  return <ProjectGate section="agents">{(project) => <Builder project={project} agentId={agentId} />}</ProjectGate>;
}

interface Edit {
  name: string;
  config: AgentConfig;
  /** The etag of the draft these edits were made on: the save only lands if it is still the draft's. */
  etag: string;
}

const appCodeOf = (error: unknown) => (error instanceof TRPCClientError ? (error.data as { appCode?: string } | undefined)?.appCode : undefined);

function Builder({ project, agentId }: { project: ProjectView; agentId: string }) {
  const t = useTranslations('agents.builder');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = { projectId: project.id, agent: agentId };
  const agent = useQuery(trpc.agents.get.queryOptions(key));
  const models = useQuery(trpc.agents.models.queryOptions({ projectId: project.id }));
  const accounts = useQuery(trpc.agents.whatsappAccounts.queryOptions({ projectId: project.id }));
  const credentials = useQuery(trpc.agents.credentials.queryOptions({ projectId: project.id }));
  const [edit, setEdit] = useState<Edit | null>(null);
  const [conflict, setConflict] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const canEdit = project.can['agents:write'];
  useLeaveWarning(edit !== null);

  const refreshAgent = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey(key) });
    void queryClient.invalidateQueries({ queryKey: trpc.agents.versions.queryKey(key) });
    void queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey({ projectId: project.id }) });
  };
  const save = useMutation(
    trpc.agents.saveDraft.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.agents.get.queryKey(key), saved);
        setEdit(null);
        setConflict(false);
        setNotice(t('saved'));
      },
      onError: (error) => {
        if (appCodeOf(error) === 'etag_mismatch') setConflict(true);
      },
    }),
  );
  const publish = useMutation(
    trpc.agents.publish.mutationOptions({
      onSuccess: (version) => {
        refreshAgent();
        setNotice(t('published', { n: version.number }));
      },
      onError: (error) => {
        if (appCodeOf(error) === 'etag_mismatch') setConflict(true);
      },
    }),
  );
  const pause = useMutation(
    trpc.agents.setAiPaused.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.agents.projects.queryKey() });
        refreshAgent();
      },
    }),
  );

  if (agent.isPending) return <div className="mt-6">{<ListSkeleton label={t('loading')} />}</div>;
  if (agent.isError)
    return (
      <div className="mt-6 space-y-2">
        <ErrorLine text={errorText(agent.error)} />
        <Link href={inProject('/agents', project.id)} className="text-sm text-brand-700 underline">
          {t('backToList')}
        </Link>
      </div>
    );

  const server = agent.data;
  const current: Edit = edit ?? { name: server.name, config: server.draft.config, etag: server.draft.etag };
  const dirty = edit !== null;
  const update: ConfigUpdate = (change) => {
    setNotice(null);
    setEdit((prev) => {
      const base = prev ?? { name: server.name, config: server.draft.config, etag: server.draft.etag };
      return { ...base, config: change(base.config) };
    });
  };
  const reload = async () => {
    await agent.refetch();
    setEdit(null);
    setConflict(false);
    save.reset();
    publish.reset();
  };
  const archived = server.status === 'archived';
  const editable = canEdit && !archived;

  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link href={inProject('/agents', project.id)} className="text-sm text-brand-700 underline-offset-2 hover:underline">
            {t('backToList')}
          </Link>
          <h2 className="mt-1 text-xl font-semibold wrap-anywhere text-slate-900" dir="auto">
            {current.name}
          </h2>
          <p className="text-sm text-slate-600">
            <span dir="ltr" className="font-mono text-xs">
              {server.slug}
            </span>
            {' · '}
            {archived ? t('archived') : server.published_version === null ? t('notPublished') : t('liveVersion', { n: server.published_version })}
          </p>
        </div>
      </div>
      {!canEdit && <p className="text-sm text-slate-600">{t('readOnly')}</p>}
      {/* An archived agent answers no one, whatever its draft or last version could do. */}
      {!archived && (
        <Readiness
          blockers={server.readiness.blockers}
          publishedVersion={server.published_version}
          projectId={project.id}
          canResume={project.can['projects:write']}
          resuming={pause.isPending}
          onResume={() => pause.mutate({ projectId: project.id, paused: false })}
        />
      )}

      <fieldset disabled={!editable} className="min-w-0 space-y-6">
        <legend className="sr-only">{t('draftLegend')}</legend>
        <BasicsSection
          name={current.name}
          config={current.config}
          rename={(name) => {
            setNotice(null);
            setEdit((prev) => ({ ...(prev ?? { config: server.draft.config, etag: server.draft.etag }), name }));
          }}
          update={update}
        />
        <ModelSection config={current.config} models={models.data ?? []} credentials={credentials.data ?? []} update={update} />
        <ToolsSection projectId={project.id} canEdit={project.can['tools:write'] && editable} config={current.config} update={update} />
        <KnowledgeSection projectId={project.id} canEdit={project.can['knowledge:write'] && editable} config={current.config} update={update} />
        <VariablesSection config={current.config} update={update} />
        <OverridesSection config={current.config} models={models.data ?? []} update={update} />
        <HandoffSection config={current.config} update={update} />
        <ChannelsSection config={current.config} accounts={accounts.data ?? []} update={update} />
      </fieldset>
      <Playground projectId={project.id} agentId={agentId} canEdit={canEdit} archived={archived} dirty={dirty} />
      <Versions projectId={project.id} agentId={agentId} />
      <SaveBar
        editable={editable}
        dirty={dirty}
        conflict={conflict}
        error={save.error ? errorText(save.error) : publish.error ? errorText(publish.error) : null}
        notice={notice}
        saving={save.isPending}
        publishing={publish.isPending}
        onSave={() => save.mutate({ ...key, etag: current.etag, patch: { name: current.name, config: draftPatch(current.config) } })}
        onPublish={() => publish.mutate({ ...key, etag: server.draft.etag })}
        onReload={() => void reload()}
        onKeepEdits={() => setConflict(false)}
      />
    </div>
  );
}
