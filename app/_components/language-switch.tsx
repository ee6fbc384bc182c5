'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { chooseLocale } from '@/app/_lib/choose-locale';
import { LOCALES } from '@/server/i18n/locales';

/** Picks the dashboard's language; the page renders again in it at once. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useTranslations('language');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  return (
    <label className={`inline-flex items-center gap-2 text-xs text-slate-600 ${className}`}>
      <span>{t('label')}</span>
      <select
        value={current}
        disabled={pending}
        onChange={(event) => {
          const locale = event.target.value;
          startTransition(async () => {
            await chooseLocale(locale);
            router.refresh();
          });
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(locale)}
          </option>
        ))}
      </select>
    </label>
  );
}
