import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { PASSWORD_MIN_LENGTH } from '@/server/auth/password-rules';
import { findPasswordReset } from '@/server/auth/password-reset/reset-password';
import { RESET_TOKEN_TTL_MS } from '@/server/auth/password-reset/reset-token';
import { ResetPasswordForm } from './reset-password-form';

// The token is a credential: keep it out of Referer headers and search indexes.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('passwordReset.reset'))('title'), referrer: 'no-referrer', robots: { index: false } };
}

/** Where a reset link leads: the new password's form while the link can be used, else a way to ask for another. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await findPasswordReset(token);
  const t = await getTranslations('passwordReset.reset');
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {reset ? (
        <>
          <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('intro', { email: `\u2066${reset.email}\u2069` })}</p>
          <ResetPasswordForm token={token} email={reset.email} minLength={PASSWORD_MIN_LENGTH} />
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold tracking-tight">{t('invalidTitle')}</h1>
          <p className="mt-2 text-sm text-slate-600">{t('invalidBody', { minutes: RESET_TOKEN_TTL_MS / 60_000 })}</p>
          <Link href="/forgot-password" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
            {t('askAgain')}
          </Link>
        </>
      )}
    </div>
  );
}
