import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { PageHeader } from '../_components/page-header';
import { primaryClass } from '@/app/(dashboard)/_components/kit';
import { requireDashboard } from '../_lib/load-dashboard';
import { ContactList } from './_components/contact-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('title') };
}

export default async function ContactsPage() {
  const { active } = await requireDashboard('/contacts');
  const t = await getTranslations('contacts');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('title')} org={active}>
        {active && (
          <Link href="/contacts/import" className={`${primaryClass} mt-4`}>
            {t('import')}
          </Link>
        )}
      </PageHeader>
      {active && <ContactList />}
    </div>
  );
}
