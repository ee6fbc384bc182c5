import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getSessionUser } from '@/server/auth/get-session-user';
import { RESET_TOKEN_TTL_MS } from '@/server/auth/password-reset/reset-token';
import { mailDelivery } from '@/server/mail/send-mail';
import { ForgotPasswordForm } from './forgot-password-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('passwordReset.forgot');
  return { title: mailDelivery() ? t('title') : t('unavailableTitle') };
}

/** "Forgot password": asks for a reset link by email, or says plainly that this service sends no mail. */
export default async function ForgotPasswordPage() {
  if (await getSessionUser()) redirect('/');
  const t = await getTranslations('passwordReset');
  const canMail = mailDelivery() !== null;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight">{canMail ? t('forgot.title') : t('forgot.unavailableTitle')}</h1>
      <p className="mt-1 text-sm text-slate-600">{canMail ? t('forgot.intro') : t('forgot.unavailableBody')}</p>
      {canMail && <ForgotPasswordForm minutes={RESET_TOKEN_TTL_MS / 60_000} />}
      <p className="mt-6 text-sm">
        <Link href="/signin" className="font-medium text-brand-700 hover:underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </div>
  );
}
