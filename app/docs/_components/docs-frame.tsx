import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '@/app/_components/brand-mark';

/**
 * The public frame of a set of developer docs (no session needed): skip link, header with its
 * links, content. The docs are written in English (their Arabic passages say so themselves), so
 * they read left to right whatever the visitor's language: in an Arabic page's right-to-left
 * flow a path like `/v1/sessions` showed as `v1/sessions/`, and sentences ended on the left.
 */
export function DocsFrame(props: {
  home: { href: string; label: string };
  navLabel: string;
  links: Array<{ href: string; label: string }>;
  openApiHref: string;
  children: ReactNode;
}) {
  const link = 'rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900';
  return (
    <div lang="en" dir="ltr" className="min-h-dvh bg-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href={props.home.href} aria-label={props.home.label}>
            <BrandMark />
          </Link>
          <nav aria-label={props.navLabel} className="flex items-center gap-1 text-sm font-medium">
            {props.links.map(({ href, label }) => (
              <Link key={href} href={href} className={link}>
                {label}
              </Link>
            ))}
            <a href={props.openApiHref} className={`${link} hidden sm:inline`}>
              OpenAPI
            </a>
          </nav>
        </div>
      </header>
      <div id="content">{props.children}</div>
    </div>
  );
}
