import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '../_components/page-header';
import { requireDashboard } from '../_lib/load-dashboard';
import { ApiKeysPanel } from './_components/api-keys-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('apiKeys'))('title') };
}

export default async function ApiKeysPage() {
  const { active } = await requireDashboard('/api-keys');
  const t = await getTranslations('apiKeys');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        <p className="mt-3 max-w-2xl text-sm text-slate-600">
          {t.rich('intro', {
            code: (chunks) => (
              <code dir="ltr" className="font-mono text-xs">
                {chunks}
              </code>
            ),
          })}
        </p>
      </PageHeader>
      {active && <ApiKeysPanel />}
    </div>
  );
}
