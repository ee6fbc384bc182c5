import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { safeCallbackPath } from '@/app/_lib/safe-callback-path';
import { SESSION_ENDED_PARAM } from '@/app/_lib/session-end';
import { Alert } from '@/app/(dashboard)/_components/kit';
import { getSessionUser } from '@/server/auth/get-session-user';
import { config } from '@/server/config';
import { SignInForm } from './sign-in-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('signIn'))('title') };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const callbackPath = safeCallbackPath(query.callbackUrl);
  // Someone already signed in has nothing to do here.
  if (await getSessionUser()) redirect(callbackPath);
  const t = await getTranslations('signIn');
  const tReset = await getTranslations('passwordReset');

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
      {query[SESSION_ENDED_PARAM] === '1' && (
        <Alert tone="info" look="box" className="mt-3 text-sm" data-testid="session-ended">
          {t('sessionEnded')}
        </Alert>
      )}
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      <SignInForm callbackPath={callbackPath} />
      <p className="mt-4 text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
          {tReset('forgotLink')}
        </Link>
      </p>
      {config.SIGNUP_OPEN && (
        <p className="mt-6 text-sm text-slate-600">
          {t('newHere')}{' '}
          <Link href="/signup" className="font-medium text-brand-700 hover:underline">
            {t('createAccount')}
          </Link>
        </p>
      )}
    </div>
  );
}
