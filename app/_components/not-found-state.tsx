import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/app/(dashboard)/_components/kit/button';

interface NotFoundStateProps {
  title: string;
  children: ReactNode;
  back: { href: string; label: string };
}

/** Says plainly that something does not exist (or is not in this organization) and offers the way back. */
export function NotFoundState({ title, children, back }: NotFoundStateProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm break-words text-slate-600">{children}</p>
      <Link href={back.href} className={`mt-6 ${buttonClasses({ variant: 'primary', size: 'md' })}`}>
        {back.label}
      </Link>
    </div>
  );
}
