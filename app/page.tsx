import { redirect } from 'next/navigation';
import { loadActiveOrg } from '@/app/(dashboard)/_lib/load-dashboard';
import { getSessionUser } from '@/server/auth/get-session-user';
import { setupChecklistFor } from '@/server/orgs/setup-progress';

// The inbox is home, except for an organization still setting up (its setup checklist open for
// this member), which lands on Get started; the dashboard layout sends signed-out visitors on to /signin.
export default async function HomePage() {
  const user = await getSessionUser();
  const active = user ? (await loadActiveOrg(user.id)).active : null;
  const setup = active ? await setupChecklistFor(active.orgId, active.role) : null;
  redirect(setup?.open ? '/get-started' : '/inbox');
}
