'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { CampaignDisplayStatus } from '@/server/campaigns/present-campaign-status';

export const statusTone: Record<CampaignDisplayStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  sending: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  waiting_for_limit: 'bg-amber-50 text-amber-900 ring-amber-300',
  paused: 'bg-amber-50 text-amber-800 ring-amber-200',
  completed: 'bg-brand-50 text-brand-700 ring-brand-100',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * Numbers and moments of campaigns in the reader's language, in the browser's time zone (campaign
 * data is only fetched in the browser, so server and client never render these differently).
 */
export function useCampaignFormat() {
  const format = useFormatter();
  const t = useTranslations('campaigns.resume');
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const clockOf = (at: Date) => format.dateTime(at, { hour: '2-digit', minute: '2-digit', timeZone });
  const dayOf = (at: Date) => format.dateTime(at, { dateStyle: 'medium', timeZone });

  return {
    timeZone,
    number: (value: number) => format.number(value),
    /** "50%", or a dash when there is nothing to divide by. */
    percent: (part: number, whole: number) => (whole > 0 ? format.number(part / whole, { style: 'percent', maximumFractionDigits: 0 }) : '—'),
    /** A date and time: "12 Mar 2026, 14:30". */
    dateTime: (value: Date | string) => format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    date: (value: Date | string) => dayOf(new Date(value)),
    time: (value: Date | string) => format.dateTime(new Date(value), { timeStyle: 'medium', timeZone }),
    /** "in 3 minutes (at 09:30)", "tomorrow at 09:30, in about 14 hours" — when a parked campaign carries on. */
    describeResume: (iso: string, now = Date.now()) => {
      const at = new Date(iso);
      const minutes = Math.round((at.getTime() - now) / 60_000);
      if (minutes < 1) return t('moment');
      if (minutes < 60) return t('minutes', { relative: format.relativeTime(at, { now, unit: 'minute' }), clock: clockOf(at) });
      const day = dayOf(at);
      const when = day === dayOf(new Date(now)) ? 'today' : day === dayOf(new Date(now + 86_400_000)) ? 'tomorrow' : 'other';
      return t('later', { day: when, date: day, clock: clockOf(at), hours: Math.round(minutes / 60) });
    },
  };
}

/** An ISO time as a `datetime-local` input's value, in the browser's time zone (the inverse of `new Date(value)`). */
export function toDateTimeLocal(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
