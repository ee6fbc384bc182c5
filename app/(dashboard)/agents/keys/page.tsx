import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../../_components/page-header';
import { requireDashboard, type PageQuery } from '../../_lib/load-dashboard';
import { AgentKeysPanel } from '../_components/agent-keys-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('agents.keys'))('title') };
}

export default async function AgentKeysPage({ searchParams }: { searchParams: PageQuery }) {
  const { active } = await requireDashboard('/agents/keys', searchParams);
  const t = await getTranslations('agents.keys');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active} />
      {active && <AgentKeysPanel />}
    </div>
  );
}
