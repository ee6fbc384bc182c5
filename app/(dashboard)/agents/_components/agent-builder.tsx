'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import type { AgentConfig } from '@/server/agent/agents/agent-config';
import { Alert, Button, ErrorLine, ListSkeleton, Panel, TextArea, TextField } from '@/app/(dashboard)/_components/kit';
import { useFormatTime } from '../../_components/use-format-time';
import {
  ChannelsSection,
  draftPatch,
  HandoffSection,
  ModelSection,
  OverridesSection,
  VariablesSection,
  type ConfigUpdate,
} from './config-sections';
import { KnowledgeSection } from './knowledge-section';
import { Playground } from './playground';
import { ProjectGate, type ProjectView } from './project-gate';
import { ToolsSection } from './tools-section';
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
  const tCommon = useTranslations('common');
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
        <Panel id="basics" title={t('basics.title')}>
          <TextField
            label={t('basics.name')}
            required
            maxLength={100}
            dir="auto"
            value={current.name}
            onChange={(name) => {
              setNotice(null);
              setEdit((prev) => ({ ...(prev ?? { config: server.draft.config, etag: server.draft.etag }), name }));
            }}
          />
          <TextArea
            label={t('basics.instructions')}
            hint={t('basics.instructionsHint')}
            rows={8}
            value={current.config.instructions}
            onChange={(instructions) => update((c) => ({ ...c, instructions }))}
          />
        </Panel>
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
      {(editable || notice) && (
        <div className="sticky bottom-0 z-10 space-y-3 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur-sm">
          {conflict && (
            <Alert tone="warning" look="box" as="div" className="text-sm">
              <p className="font-semibold">{t('conflict.title')}</p>
              <p className="mt-1">{t('conflict.body')}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="primary" onClick={() => void reload()}>
                  {t('conflict.reload')}
                </Button>
                <Button onClick={() => setConflict(false)}>{t('conflict.keep')}</Button>
              </div>
            </Alert>
          )}
          {!conflict && <ErrorLine text={save.error ? errorText(save.error) : publish.error ? errorText(publish.error) : null} />}
          {notice && (
            <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {notice}
            </p>
          )}
          {editable && (
            <div className="flex flex-wrap items-center justify-end gap-2">
              {dirty && (
                <p id="publish-hint" className="me-auto text-sm text-slate-600">
                  {t('unsaved')}
                </p>
              )}
              <Button
                disabled={!dirty || save.isPending}
                onClick={() => save.mutate({ ...key, etag: current.etag, patch: { name: current.name, config: draftPatch(current.config) } })}
              >
                {save.isPending ? tCommon('saving') : t('save')}
              </Button>
              <Button
                variant="primary"

                disabled={dirty || publish.isPending}
                aria-describedby={dirty ? 'publish-hint' : undefined}
                onClick={() => publish.mutate({ ...key, etag: server.draft.etag })}
              >
                {publish.isPending ? tCommon('working') : t('publish')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** While there are unsaved edits, leaving or reloading the page asks first (the browser's own question). */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** Why the agent cannot answer, each reason with the way to fix it. */
function Readiness({
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

function Versions({ projectId, agentId }: { projectId: string; agentId: string }) {
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
