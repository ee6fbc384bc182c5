/**
 * The path to return to after signing in, if it is a same-site path; anything else (absolute
 * URLs, protocol-relative `//host`, backslash tricks) falls back, so the sign-in page cannot be
 * used as an open redirect.
 */
export function safeCallbackPath(value: string | string[] | null | undefined, fallback = '/inbox'): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  if (candidate.startsWith('/signin')) return fallback;
  return candidate;
}
