import { Suspense, type ReactNode } from 'react';
import { Providers } from '@/app/_trpc/providers';
import { getSessionUser } from '@/server/auth/get-session-user';
import { setupChecklistFor } from '@/server/orgs/setup-progress';
import { AppFrame } from './_components/app-frame';
import { SignInRedirect } from './_components/sign-in-redirect';
import { loadActiveOrg } from './_lib/load-dashboard';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  // Signed out: each page redirects on the server with its own path as callbackUrl (a layout
  // cannot know it). The frame is never rendered, and the client redirect is a backstop for a
  // page that forgot its guard.
  if (!user) {
    return (
      <>
        <Suspense>
          <SignInRedirect />
        </Suspense>
        {children}
      </>
    );
  }
  const { memberships, active } = await loadActiveOrg(user.id);
  const setup = active ? await setupChecklistFor(active.orgId, active.role) : null;

  return (
    <Providers>
      <AppFrame user={user} memberships={memberships} activeOrgId={active?.orgId ?? null} setupOpen={setup?.open ?? false}>
        {children}
      </AppFrame>
    </Providers>
  );
}
