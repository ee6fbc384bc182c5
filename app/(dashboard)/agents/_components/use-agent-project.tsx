'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useTRPC } from '@/app/_trpc/trpc';
import { inputClass } from '@/app/(dashboard)/_components/kit';
import { isolateText } from '@/server/i18n/bidi-text';

/**
 * The agent project the pages work in: `?project=` when it names one of the organization's,
 * else its first project (the oldest; the list is newest first), which stays the default as
 * projects are added. Agent projects (`prj_…`) are apart from the messaging organization and hold
 * its agents, tools, knowledge, keys and provider credentials (docs/agent-api.md §1.2).
 */
export function useAgentProject() {
  const trpc = useTRPC();
  const requested = useSearchParams().get('project');
  const projects = useQuery(trpc.agents.projects.queryOptions());
  const list = projects.data?.projects ?? [];
  const project = list.find((p) => p.id === requested) ?? list.at(-1) ?? null;
  return { projects, project, can: projects.data?.can };
}

/** `path` in the given project, so links keep the project the user picked. */
export const inProject = (path: string, projectId: string) => `${path}?project=${encodeURIComponent(projectId)}`;

type Section = 'agents' | 'credentials' | 'keys';

/** The project picker (when there are several) and the links between the agent pages. */
export function ProjectBar({ projectId, section }: { projectId: string; section: Section }) {
  const t = useTranslations('agents.project');
  const trpc = useTRPC();
  const projects = useQuery(trpc.agents.projects.queryOptions());
  const router = useRouter();
  const pathname = usePathname();
  const selectId = useId();
  const links: Array<[Section, string]> = [
    ['agents', '/agents'],
    ['credentials', '/agents/credentials'],
    ['keys', '/agents/keys'],
  ];
  const list = projects.data?.projects ?? [];
  return (
    <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
      <nav aria-label={t('sections')}>
        <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 text-sm">
          {links.map(([key, href]) => (
            <li key={key}>
              <Link
                href={inProject(href, projectId)}
                aria-current={section === key ? 'page' : undefined}
                className={`block rounded-md px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  section === key ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-700 hover:text-slate-900'
                }`}
              >
                {t(`links.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.length > 1 && (
        <div className="min-w-48">
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
            {t('label')}
          </label>
          <select
            id={selectId}
            className={inputClass}
            value={projectId}
            onChange={(event) =>
              router.replace(inProject(section === 'agents' && pathname !== '/agents' ? '/agents' : pathname, event.target.value))
            }
          >
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {isolateText(p.name)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
