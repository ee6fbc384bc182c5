import type { Metadata } from 'next';
import Link from 'next/link';
import { findInvite } from '@/server/orgs/accept-invite';
import { SetPasswordForm } from './set-password-form';

// The token is a credential: keep it out of Referer headers and search indexes.
export const metadata: Metadata = { title: 'Accept invitation', referrer: 'no-referrer', robots: { index: false } };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await findInvite(token);

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {invite ? (
        <>
          <h1 className="text-xl font-semibold tracking-tight">Welcome, {invite.user.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            You were invited to {invite.orgNames.join(', ') || 'the dashboard'}. Choose a password for {invite.user.email}, then sign in.
          </p>
          <SetPasswordForm token={token} email={invite.user.email} />
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold tracking-tight">This link is no longer valid</h1>
          <p className="mt-2 text-sm text-slate-600">
            Invitation links work once and for 7 days. If you already chose a password, sign in; otherwise ask the person who invited you for a new link.
          </p>
          <Link href="/signin" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">Go to sign in</Link>
        </>
      )}
    </div>
  );
}
