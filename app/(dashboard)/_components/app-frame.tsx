'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { BrandMark } from '@/app/_components/brand-mark';
import type { OrgMembership } from '@/server/orgs/list-memberships';
import { ToastProvider } from './kit/toast';
import { navItems } from './nav-items';
import { OrgSwitcher } from './org-switcher';
import { UserMenu } from './user-menu';

interface AppFrameProps {
  user: { name: string; email: string };
  memberships: OrgMembership[];
  activeOrgId: string | null;
  /** The organization's setup checklist is open for this member: the navigation leads to it. */
  setupOpen: boolean;
  children: ReactNode;
}

/** Sidebar (a drawer below the lg breakpoint) with navigation, organization and account, around the page. */
export function AppFrame({ user, memberships, activeOrgId, setupOpen, children }: AppFrameProps) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const [navOpen, setNavOpen] = useState(false);
  const shownItems = navItems.filter((item) => setupOpen || !item.whileSetupOpen);

  // A phone user who picks a section expects the drawer to get out of the way.
  useEffect(() => setNavOpen(false), [pathname]);

  return (
    <ToastProvider>
      <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          {t('skipToContent')}
        </a>

        <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
          <BrandMark />
          <button
            type="button"
            onClick={() => setNavOpen((open) => !open)}
            aria-expanded={navOpen}
            aria-controls="app-sidebar"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          >
            <span className="sr-only">{navOpen ? t('closeMenu') : t('openMenu')}</span>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" className="size-5">
              <path strokeLinecap="round" d={navOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
            </svg>
          </button>
        </header>

        <aside
          id="app-sidebar"
          className={`${navOpen ? 'flex' : 'hidden'} flex-col border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:border-e lg:border-b-0`}
        >
          <div className="hidden px-5 pt-5 pb-4 lg:block">
            <BrandMark />
          </div>

          <div className="px-3 pt-3 lg:pt-0">
            <OrgSwitcher memberships={memberships} activeOrgId={activeOrgId} />
          </div>

          <nav aria-label={t('mainNav')} className="flex-1 px-3 py-4">
            <ul className="space-y-1">
              {shownItems.map((item) => {
                const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={current ? 'page' : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                        current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                      }`}
                    >
                      <span className={current ? 'text-brand-600' : 'text-slate-400'}>{item.icon}</span>
                      {t(`nav.${item.labelKey}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="border-t border-slate-200 p-3">
            <UserMenu user={user} />
          </div>
        </aside>

        <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none sm:px-8 lg:py-10">
          {children}
        </main>
      </div>
    </ToastProvider>
  );
}
