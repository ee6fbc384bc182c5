import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '@/app/_components/brand-mark';

/** Public frame of the agent service's docs: no session needed. */
export default function AgentDocsLayout({ children }: { children: ReactNode }) {
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
          <Link href="/agent/docs" aria-label="Agent service reference home">
            <BrandMark />
          </Link>
          <nav aria-label="Agent service documentation" className="flex items-center gap-1 text-sm font-medium">
            <Link href="/agent/docs" className={link}>
              Agent API
            </Link>
            <Link href="/agent/docs/errors" className={link}>
              Errors
            </Link>
            <a href="/agent/v1/openapi.json" className={`${link} hidden sm:inline`}>
              OpenAPI
            </a>
          </nav>
        </div>
      </header>
      <div id="content">{children}</div>
    </div>
  );
}
