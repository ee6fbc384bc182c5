import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { isolateText, stripBidiControls } from '@/server/i18n/bidi-text';

const startOfDay = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate()).getTime();

export const sameDay = (a: Date, b: Date) => startOfDay(a) === startOfDay(b);

/**
 * The name, else the number, else (a website visitor) the email they left; empty when a visitor
 * left nothing (see useConversationName). A name is shown without the bidi controls it may carry
 * (a U+202E in it would reverse what follows); the stored name stays as the customer sent it.
 */
export const displayName = (c: { name: string | null; phoneNumber: string | null; email?: string | null }) =>
  (c.name ? stripBidiControls(c.name) : null) ?? c.phoneNumber ?? c.email ?? '';

/** The same for plain-text places (`title`, `aria-label`): isolated between FSI and PDI. */
export const displayNameText = (c: { name: string | null; phoneNumber: string | null; email?: string | null }) => isolateText(displayName(c));

/**
 * The inbox's dates, times, durations and sizes in the reader's language. Times are in the
 * agent's own time zone (the browser's, as "tomorrow, 9:00" is computed), not the server's.
 */
export function useInboxFormat() {
  const format = useFormatter();
  const t = useTranslations('inbox.format');
  return useMemo(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const clock = (value: Date) => format.dateTime(value, { hour: '2-digit', minute: '2-digit', timeZone });
    const shortDay = (value: Date) => format.dateTime(value, { day: 'numeric', month: 'short', timeZone });
    return {
      clock,
      /** "Today", "Yesterday" or the full date, for the separators between days in a thread. */
      dayLabel(value: Date, now = new Date()): string {
        const days = Math.round((startOfDay(now) - startOfDay(value)) / 86_400_000);
        if (days === 0) return t('today');
        if (days === 1) return t('yesterday');
        return format.dateTime(value, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
      },
      /** The list's compact stamp: a time today, else a date. */
      listTime: (value: Date | null, now = new Date()) => (value ? (sameDay(value, now) ? clock(value) : shortDay(value)) : ''),
      /** A time today, else the date and the time: when a note was written. */
      stamp: (value: Date, now = new Date()) =>
        sameDay(value, now) ? clock(value) : t('dayAndTime', { day: shortDay(value), time: clock(value) }),
      /** A moment within the week ahead: a snooze's end, when the messaging limit frees up. */
      weekdayTime: (value: Date) => format.dateTime(value, { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone }),
      /** "23 h 5 min" until the window closes. */
      remaining(until: Date, now = Date.now()): string {
        const minutes = Math.max(0, Math.floor((until.getTime() - now) / 60_000));
        const hours = Math.floor(minutes / 60);
        return hours > 0 ? t('hoursMinutes', { hours, minutes: minutes % 60 }) : t('minutes', { minutes });
      },
      count: (value: number) => format.number(value),
      bytes(size: number): string {
        if (size < 1024) return t('bytes', { size: format.number(size) });
        if (size < 1024 * 1024) return t('kilobytes', { size: format.number(Math.round(size / 1024)) });
        return t('megabytes', { size: format.number(size / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
      },
    };
  }, [format, t]);
}
