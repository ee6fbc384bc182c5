import { config } from '@/server/config';

/** Where the running test stack answers (set by scripts/test.ts through the environment). */
export const appUrl = config.APP_URL;
export const simulatorUrl = config.PLATFORM_BASE_URL;

/** Calls the simulator's control API. */
export async function simulator<T = unknown>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${simulatorUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A random +1 555 number in international format; `suffix` picks a magic ending. Without one it
 * never ends in a magic ending by chance (1 in 2,500 would, enough to fail a 2,500-recipient test).
 */
export function randomPhone(suffix = ''): string {
  for (;;) {
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    const phone = `+1555${digits.slice(0, 7 - suffix.length)}${suffix}`;
    if (suffix || !/990[1-4]$/.test(phone)) return phone;
  }
}
