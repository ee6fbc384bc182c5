import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../../_components/page-header';
import { requireDashboard, type PageQuery } from '../../_lib/load-dashboard';
import { AgentBuilder } from '../_components/agent-builder';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('agents.builder'))('title') };
}

export default async function AgentBuilderPage({ params, searchParams }: { params: Promise<{ agentId: string }>; searchParams: PageQuery }) {
  const { agentId } = await params;
  const { active } = await requireDashboard(`/agents/${agentId}`, searchParams);
  const t = await getTranslations('agents.builder');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active} />
      {active && <AgentBuilder agentId={agentId} />}
    </div>
  );
}
