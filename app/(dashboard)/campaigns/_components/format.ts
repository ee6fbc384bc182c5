export const statusTone: Record<string, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  processing: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  paused: 'bg-amber-50 text-amber-800 ring-amber-200',
  completed: 'bg-brand-50 text-brand-700 ring-brand-100',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

export const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—');

/** "in 3 hours", "tomorrow at 09:30" — when a parked campaign carries on. */
export function describeResume(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const minutes = Math.round((at.getTime() - now) / 60_000);
  const clock = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (minutes < 1) return 'in a moment';
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${clock})`;
  const sameDay = at.toDateString() === new Date(now).toDateString();
  const tomorrow = at.toDateString() === new Date(now + 86_400_000).toDateString();
  return `${sameDay ? 'today' : tomorrow ? 'tomorrow' : at.toLocaleDateString()} at ${clock}, in about ${Math.round(minutes / 60)} hours`;
}
