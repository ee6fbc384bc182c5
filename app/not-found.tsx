import type { Metadata } from 'next';
import { NotFoundState } from './_components/not-found-state';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <NotFoundState title="Page not found" back={{ href: '/inbox', label: 'Go to the inbox' }}>
        There is nothing at this address. The link may be mistyped or out of date.
      </NotFoundState>
    </main>
  );
}
