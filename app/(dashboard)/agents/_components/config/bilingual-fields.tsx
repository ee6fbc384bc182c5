'use client';

import { useTranslations } from 'next-intl';
import { TextArea } from '@/app/(dashboard)/_components/kit';

export type Bilingual = { en: string; ar: string } | undefined;

/** A text the agent sends as written, in English and in Arabic side by side. */
export function BilingualFields({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Bilingual;
  onChange: (value: { en: string; ar: string }) => void;
}) {
  const t = useTranslations('agents.builder');
  const current = value ?? { en: '', ar: '' };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextArea
        label={t('inEnglish', { label })}
        value={current.en}
        dir="ltr"
        lang="en"
        rows={2}
        onChange={(en) => onChange({ ...current, en })}
      />
      <TextArea
        label={t('inArabic', { label })}
        value={current.ar}
        dir="rtl"
        lang="ar"
        rows={2}
        onChange={(ar) => onChange({ ...current, ar })}
      />
    </div>
  );
}
