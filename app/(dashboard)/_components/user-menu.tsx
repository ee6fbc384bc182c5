'use client';

import { signOut } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { LanguageSwitch } from '@/app/_components/language-switch';
import { useState } from 'react';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Who is signed in, and the way out. */
export function UserMenu({ user }: { user: { name: string; email: string } }) {
  const t = useTranslations('shell');
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    await signOut({ redirect: false });
    // A full page load (rather than client navigation) drops every cached query of the old session;
    // a relative URL keeps the user on whatever host and port they came in on.
    window.location.assign('/signin');
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
        >
          {initials(user.name)}
        </span>
        <div className="min-w-0 flex-1">
          {/* Each line in its own direction, so a long one is cut at its end; on the interface's side (rtl:text-right) when short. */}
          <p dir="auto" className="truncate text-sm font-medium text-slate-900 rtl:text-right" title={user.name}>
            {user.name}
          </p>
          <p dir="ltr" className="truncate text-xs text-slate-600 rtl:text-right" title={user.email}>
            {user.email}
          </p>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="shrink-0 rounded-md border border-slate-300 px-2.5 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {signingOut ? t('signingOut') : t('signOut')}
        </button>
      </div>
      <LanguageSwitch />
    </div>
  );
}
