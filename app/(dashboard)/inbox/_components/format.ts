const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

export const formatClock = (value: Date) => time.format(value);

const startOfDay = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate()).getTime();

/** "Today", "Yesterday" or the full date, for the separators between days in a thread. */
export function formatDayLabel(value: Date, now = new Date()): string {
  const days = Math.round((startOfDay(now) - startOfDay(value)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return day.format(value);
}

/** The list's compact stamp: a time today, else a date. */
export function formatListTime(value: Date | null, now = new Date()): string {
  if (!value) return '';
  return startOfDay(value) === startOfDay(now) ? time.format(value) : shortDay.format(value);
}

/** A time today, else the date and the time: when a note was written. */
export function formatStamp(value: Date, now = new Date()): string {
  return sameDay(value, now) ? time.format(value) : `${shortDay.format(value)}, ${time.format(value)}`;
}

/** "23 h 5 min" until the window closes. */
export function formatRemaining(until: Date, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((until.getTime() - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

export const sameDay = (a: Date, b: Date) => startOfDay(a) === startOfDay(b);

export const displayName = (c: { name: string | null; phoneNumber: string }) => c.name ?? c.phoneNumber;

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(0)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
