import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundState } from './_components/not-found-state';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('shell.notFound'))('title') };
}

export default async function NotFound() {
  const t = await getTranslations('shell.notFound');
  return (
    <main className="grid min-h-dvh place-items-center">
      <NotFoundState title={t('title')} back={{ href: '/inbox', label: t('back') }}>
        {t('body')}
      </NotFoundState>
    </main>
  );
}
