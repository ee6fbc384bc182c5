import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '@/app/_components/brand-mark';

/** Public frame of the developer docs: no session needed, unlike the dashboard. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  const link = 'rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900';
  return (
    <div className="min-h-dvh bg-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/docs/api" aria-label="API reference home">
            <BrandMark />
          </Link>
          <nav aria-label="Documentation" className="flex items-center gap-1 text-sm font-medium">
            <Link href="/docs/api" className={link}>
              API
            </Link>
            <Link href="/docs/errors" className={link}>
              Errors
            </Link>
            <a href="/v1/openapi.json" className={`${link} hidden sm:inline`}>
              OpenAPI
            </a>
          </nav>
        </div>
      </header>
      <div id="content">{children}</div>
    </div>
  );
}
