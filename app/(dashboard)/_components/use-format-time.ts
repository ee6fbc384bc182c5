'use client';

import { useFormatter, useTranslations } from 'next-intl';

/**
 * Formats a moment in the reader's language, always in UTC (said after it), so the server's
 * render and the browser's hydration print the same text; `null` reads as “Never”.
 */
export function useFormatTime(): (value: Date | string | null) => string {
  const format = useFormatter();
  const t = useTranslations('common');
  return (value) =>
    value === null
      ? t('never')
      : t('utcTime', { time: format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) });
}
