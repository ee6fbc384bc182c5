/**
 * Text PostgreSQL can store: its text and jsonb types refuse NUL (U+0000), and a lone UTF-16
 * surrogate (JSON's `"\ud800"`) has no UTF-8 form. Input we may refuse is checked with
 * `findUnstorableText`; input we must keep (the platform's webhooks) is repaired with
 * `toStorableText`, which puts U+FFFD where such a character stood.
 */
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorableAll = new RegExp(unstorable.source, 'g');

export interface UnstorableText {
  /** Where the string is: object keys and array indexes from the root. */
  path: Array<string | number>;
  problem: 'a NUL character' | 'an unpaired UTF-16 surrogate';
}

function problemIn(text: string): UnstorableText['problem'] | null {
  const found = unstorable.exec(text);
  if (!found) return null;
  return found[0] === '\0' ? 'a NUL character' : 'an unpaired UTF-16 surrogate';
}

/** Why a field holding such text is refused, for API and dashboard errors alike. */
export function unstorableTextMessage(field: string, found: UnstorableText): string {
  return `Invalid \`${field}\`: it contains ${found.problem}, which text fields cannot hold.`;
}

/** The first string (value or object key), depth first, that PostgreSQL cannot store; null when there is none. */
export function findUnstorableText(value: unknown, path: Array<string | number> = []): UnstorableText | null {
  if (typeof value === 'string') {
    const problem = problemIn(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = problemIn(key);
      if (problem) return { path: [...path, key], problem };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** `text` with every NUL and lone surrogate replaced by U+FFFD. */
export function storableString(text: string): string {
  return text.replace(unstorableAll, '\uFFFD');
}

/** A copy of decoded JSON whose strings and keys are all storable (see `storableString`). */
export function toStorableText<T>(value: T): T {
  if (typeof value === 'string') return storableString(value) as T;
  if (Array.isArray(value)) return value.map(toStorableText) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableString(key), toStorableText(item)])) as T;
  }
  return value;
}
