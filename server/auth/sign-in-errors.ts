/**
 * What a refused sign-in answers besides NextAuth's own `CredentialsSignin`: NextAuth hands the
 * message of an error thrown in authorize() to the browser, where the sign-in form reads it.
 * No server imports here, so the form can use it.
 */
const THROTTLED = 'SignInThrottled:';
export const SIGN_IN_UNAVAILABLE = 'SignInUnavailable';

/** `SignInThrottled:<seconds to wait>` */
export function signInThrottledCode(retryAfterS: number): string {
  return `${THROTTLED}${retryAfterS}`;
}

/** The seconds to wait named by a throttled sign-in's code, or null for any other code. */
export function throttledRetryAfterS(code: string | null | undefined): number | null {
  if (!code?.startsWith(THROTTLED)) return null;
  const seconds = Number(code.slice(THROTTLED.length));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
