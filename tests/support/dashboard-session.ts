import superjson from 'superjson';
import { Agent, fetch as undiciFetch } from 'undici';
import { appUrl } from './stack';

/**
 * Signing in to the dashboard over HTTP as the browser does (NextAuth's CSRF token, then the
 * credentials callback), and calling the dashboard's routes with the session cookie it set.
 */

/** Requests that leave from another loopback address, so the server sees another client. */
export function fromAddress(localAddress: string): Agent {
  return new Agent({ localAddress });
}

function cookiesOf(res: { headers: Headers }): string[] {
  return res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf(';')));
}

export interface SignInOutcome {
  status: number;
  /** The `error` NextAuth put in its answer (`CredentialsSignin`, or ours), or null on success. */
  error: string | null;
  /** The Cookie header that carries the new session, or null when none was set. */
  cookie: string | null;
  setCookies: string[];
}

export async function signIn(email: string, password: string, options: { via?: Agent; base?: string } = {}): Promise<SignInOutcome> {
  const base = options.base ?? appUrl;
  const dispatcher = options.via;
  const csrf = await undiciFetch(`${base}/api/auth/csrf`, { dispatcher });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await undiciFetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf).join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }).toString(),
  });
  const { url } = (await res.json()) as { url: string };
  const session = cookiesOf(res).find((c) => c.startsWith('next-auth.session-token='));
  return {
    status: res.status,
    error: new URL(url, base).searchParams.get('error'),
    cookie: session ?? null,
    setCookies: res.headers.getSetCookie(),
  };
}

/** Signs in and returns the session's Cookie header; throws when the sign-in fails. */
export async function sessionCookie(user: { email: string; password: string }): Promise<string> {
  const outcome = await signIn(user.email, user.password);
  if (!outcome.cookie) throw new Error(`sign-in failed: ${outcome.status} ${outcome.error}`);
  return outcome.cookie;
}

/** Signs the session out through NextAuth, as the user menu does. */
export async function signOut(cookie: string): Promise<Response> {
  const csrf = await fetch(`${appUrl}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return fetch(`${appUrl}/api/auth/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [cookie, ...cookiesOf(csrf)].join('; ') },
    body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
  });
}

/** The app's own origin, which a browser sends as Origin on the dashboard's own requests. */
export const appOrigin = new URL(appUrl).origin;

/** Calls a tRPC query (GET) with the session cookie. */
export function trpcQuery(cookie: string, path: string): Promise<Response> {
  return fetch(`${appUrl}/api/trpc/${path}`, { headers: { cookie } });
}

/**
 * Calls a tRPC mutation (POST, JSON) with the session cookie, from the app's own origin unless
 * `headers` says otherwise (a null value leaves that header out).
 */
export function trpcMutation(cookie: string, path: string, input: unknown, headers: Record<string, string | null> = {}): Promise<Response> {
  const sent = Object.entries({ cookie, 'content-type': 'application/json', origin: appOrigin, ...headers }).filter(
    (entry): entry is [string, string] => entry[1] !== null,
  );
  return fetch(`${appUrl}/api/trpc/${path}`, { method: 'POST', headers: sent, body: JSON.stringify({ json: input }) });
}

export interface TrpcAnswer {
  status: number;
  data?: unknown;
  error?: { message: string; code: number; data: { code: string; httpStatus: number } };
}

/** Calls one tRPC procedure as the dashboard's client does (superjson, no batching, from the app's origin). */
export async function trpc(cookie: string, kind: 'query' | 'mutation', path: string, input: unknown): Promise<TrpcAnswer> {
  const serialized = JSON.stringify(superjson.serialize(input));
  const url = `${appUrl}/api/trpc/${path}`;
  const res =
    kind === 'query'
      ? await fetch(`${url}?input=${encodeURIComponent(serialized)}`, { headers: { cookie } })
      : await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: appOrigin }, body: serialized });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { json: TrpcAnswer['error'] } };
  return { status: res.status, data: body.result ? superjson.deserialize(body.result.data as never) : undefined, error: body.error?.json };
}
