import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from './locales';

/**
 * A language's strings: `messages/<locale>/<namespace>.json`, one file per area of the
 * dashboard (`inbox.json` holds the `inbox` namespace), so areas are translated side by side.
 * Read once per process.
 */
const loaded = new Map<Locale, Record<string, unknown>>();

export function catalogue(locale: Locale): Record<string, unknown> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const dir = path.join(process.cwd(), 'messages', locale);
  const messages = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
  );
  loaded.set(locale, messages);
  return messages;
}
