import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getSessionUser } from '@/server/auth/get-session-user';
import { config } from '@/server/config';
import { SignUpForm } from './sign-up-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('signUp'))('title') };
}

/** A new business signs itself up when SIGNUP_OPEN=true; otherwise the page says accounts come by invitation. */
export default async function SignUpPage() {
  if (await getSessionUser()) redirect('/');
  const t = await getTranslations('signUp');
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight">{config.SIGNUP_OPEN ? t('title') : t('closedTitle')}</h1>
      <p className="mt-1 text-sm text-slate-600">{config.SIGNUP_OPEN ? t('intro') : t('closedBody')}</p>
      {config.SIGNUP_OPEN && <SignUpForm />}
      <p className="mt-6 text-sm text-slate-600">
        {t('haveAccount')}{' '}
        <Link href="/signin" className="font-medium text-brand-700 hover:underline">
          {t('signIn')}
        </Link>
      </p>
    </div>
  );
}
