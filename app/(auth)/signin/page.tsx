import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallbackPath } from '@/app/_lib/safe-callback-path';
import { getSessionUser } from '@/server/auth/get-session-user';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackPath = safeCallbackPath((await searchParams).callbackUrl);
  // Someone already signed in has nothing to do here.
  if (await getSessionUser()) redirect(callbackPath);

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">Use the email and password of your dashboard account.</p>
      <SignInForm callbackPath={callbackPath} />
    </div>
  );
}
