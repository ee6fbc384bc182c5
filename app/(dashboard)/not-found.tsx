import { NotFoundState } from '@/app/_components/not-found-state';

/** A dashboard page that called notFound(): shown inside the dashboard frame, so the navigation stays at hand. */
export default function DashboardNotFound() {
  return (
    <NotFoundState title="Page not found" back={{ href: '/inbox', label: 'Go to the inbox' }}>
      There is nothing at this address. The link may be mistyped or out of date.
    </NotFoundState>
  );
}
