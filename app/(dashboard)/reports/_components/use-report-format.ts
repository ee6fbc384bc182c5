'use client';

import { useFormatter } from 'next-intl';

/** Days, rates and durations of the reports in the reader's language. */
export function useReportFormat() {
  const format = useFormatter();
  return {
    number: (value: number) => format.number(value),
    /** A `YYYY-MM-DD` day as "24 Nov" (the day is already the reader's; no time zone shift). */
    day: (day: string) => format.dateTime(new Date(`${day}T12:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    /** "93%", or a dash when there is nothing to divide by. */
    rate: (part: number, whole: number) =>
      whole > 0 ? format.number(part / whole, { style: 'percent', maximumFractionDigits: part === whole ? 0 : 1 }) : '—',
    /** Seconds as "45 sec", "12 min" or "3.5 hr"; a dash when there is none. */
    duration: (seconds: number | null) => {
      if (seconds === null) return '—';
      const [value, unit] =
        seconds < 60
          ? [seconds, 'second']
          : seconds < 3600
            ? [seconds / 60, 'minute']
            : seconds < 172_800
              ? [seconds / 3600, 'hour']
              : [seconds / 86_400, 'day'];
      return format.number(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    },
  };
}
