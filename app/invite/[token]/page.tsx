import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { findInvite } from '@/server/orgs/accept-invite';
import { SetPasswordForm } from './set-password-form';

// The token is a credential: keep it out of Referer headers and search indexes.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('invite'))('title'), referrer: 'no-referrer', robots: { index: false } };
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await findInvite(token);
  const t = await getTranslations('invite');
  const format = await getFormatter();

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {invite ? (
        <>
          <h1 className="text-xl font-semibold tracking-tight">
            {t.rich('welcome', { name: invite.user.name, who: (chunks) => <bdi>{chunks}</bdi> })}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('intro', {
              orgs: invite.orgNames.length ? format.list(invite.orgNames.map((name) => `\u2068${name}\u2069`)) : t('theDashboard'),
              email: `\u2066${invite.user.email}\u2069`,
            })}
          </p>
          <SetPasswordForm token={token} email={invite.user.email} />
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold tracking-tight">{t('invalidTitle')}</h1>
          <p className="mt-2 text-sm text-slate-600">{t('invalidBody')}</p>
          <Link href="/signin" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
            {t('goToSignIn')}
          </Link>
        </>
      )}
    </div>
  );
}
