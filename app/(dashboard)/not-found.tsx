import { getTranslations } from 'next-intl/server';
import { NotFoundState } from '@/app/_components/not-found-state';

/** A dashboard page that called notFound(): shown inside the dashboard frame, so the navigation stays at hand. */
export default async function DashboardNotFound() {
  const t = await getTranslations('shell.notFound');
  return (
    <NotFoundState title={t('title')} back={{ href: '/inbox', label: t('back') }}>
      {t('body')}
    </NotFoundState>
  );
}
