/**
 * The forms a secret value takes on its way through a tool call and back: as sent, URL-encoded
 * (a path, or a query's form encoding), JSON-escaped and base64 (standard and URL-safe, with and
 * without padding). An upstream that echoes its request hands any of them back.
 */
export function secretForms(secret: string): string[] {
  if (secret === '') return [];
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  const forms = [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(secret, 'utf8').toString('base64url'),
  ];
  // Longest first, so no form is left half-replaced by a shorter one inside it.
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Every form of every secret in `text` replaced by `[secret]`. */
export function redactText(text: string, secrets: string[]): string {
  return secrets.flatMap(secretForms).reduce((redacted, form) => redacted.split(form).join('[secret]'), text);
}

/** Every form of every secret in the strings (and keys) of a JSON value replaced by `[secret]`. */
export function redact(value: unknown, secrets: string[]): unknown {
  if (secrets.every((secret) => secret === '')) return value;
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactText(k, secrets), redact(v, secrets)]));
  return value;
}
