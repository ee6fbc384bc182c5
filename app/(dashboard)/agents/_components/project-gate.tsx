'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { useErrorText } from '@/app/_trpc/use-error-text';
import { Alert, Button, inputClass, ListSkeleton } from '@/app/(dashboard)/_components/kit';
import { ProjectBar, useAgentProject } from './use-agent-project';

export interface ProjectView {
  id: string;
  name: string;
  aiPaused: boolean;
  can: Record<'agents:write' | 'tools:write' | 'knowledge:write' | 'credentials:write' | 'keys:write' | 'projects:write', boolean>;
}

/**
 * Renders `children` for the project in use, after the project bar; while loading a skeleton,
 * and without any project an explanation (and, for owners and admins, a form to make one).
 */
export function ProjectGate({
  section,
  children,
}: {
  section: 'agents' | 'credentials' | 'keys';
  children: (project: ProjectView) => ReactNode;
}) {
  const t = useTranslations('agents.project');
  const { projects, project, can } = useAgentProject();
  if (projects.isPending) return <div className="mt-6">{<ListSkeleton label={t('loading')} />}</div>;
  if (projects.isError || !can) return <Alert className="mt-6 text-sm">{t('loadFailed')}</Alert>;
  if (!project) return <NoProject canCreate={can['projects:write']} />;
  return (
    <>
      <ProjectBar projectId={project.id} section={section} />
      {children({ id: project.id, name: project.name, aiPaused: project.ai_paused, can })}
    </>
  );
}

function NoProject({ canCreate }: { canCreate: boolean }) {
  const t = useTranslations('agents.project');
  const errorText = useErrorText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const nameId = useId();
  const create = useMutation(
    trpc.agents.createProject.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.agents.projects.queryKey() }),
    }),
  );
  return (
    <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
      <p>{t('none')}</p>
      {canCreate ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name });
          }}
        >
          <div className="min-w-60 grow">
            <label htmlFor={nameId} className="block font-medium text-slate-800">
              {t('newName')}
            </label>
            <input id={nameId} className={inputClass} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button variant="primary" type="submit" disabled={create.isPending}>
            {t('create')}
          </Button>
          {create.error && <Alert className="basis-full">{errorText(create.error)}</Alert>}
        </form>
      ) : (
        <p className="mt-2">{t('askAdmin')}</p>
      )}
    </div>
  );
}
