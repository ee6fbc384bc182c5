import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { PageHeader } from '../../_components/page-header';
import { requireDashboard } from '../../_lib/load-dashboard';
import { ContactImport } from '../_components/contact-import';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('importPage.title') };
}

export default async function ImportContactsPage() {
  const { active } = await requireDashboard('/contacts/import');
  const t = await getTranslations('contacts');
  return (
    <div className="mx-auto max-w-5xl">
      <Link href="/contacts" className="text-sm text-brand-700 hover:underline">
        {t('detail.back')}
      </Link>
      <PageHeader title={t('importPage.title')} org={active} />
      {active && <ContactImport />}
    </div>
  );
}
