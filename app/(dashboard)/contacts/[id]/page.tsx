import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireDashboard } from '../../_lib/load-dashboard';
import { ContactDetail } from '../_components/contact-detail';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('title') };
}

export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireDashboard(`/contacts/${encodeURIComponent(id)}`);
  return (
    <div className="mx-auto max-w-5xl">
      <ContactDetail id={id} />
    </div>
  );
}
