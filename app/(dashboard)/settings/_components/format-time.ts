const formatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** One fixed time zone, so the server's render and the browser's hydration print the same text. */
export function formatTime(value: Date | string | null): string {
  return value === null ? 'Never' : `${formatter.format(new Date(value))} UTC`;
}
