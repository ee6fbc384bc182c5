import superjson from 'superjson';
import { appUrl } from './stack';

/** Signs in through NextAuth's credentials flow over HTTP, as the sign-in page does; returns the cookie header to send. */
export async function signIn(user: { email: string; password: string }): Promise<string> {
  const csrf = await fetch(`${appUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  keep(csrf);
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, json: 'true' }),
  });
  keep(res);
  if (![...jar.keys()].some((name) => name.includes('session-token'))) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return cookie();
}

export interface TrpcAnswer {
  status: number;
  data?: unknown;
  error?: { message: string; code: number; data: { code: string; httpStatus: number } };
}

/** Calls one tRPC procedure over HTTP as the dashboard's client does (superjson, no batching). */
export async function trpc(cookie: string, kind: 'query' | 'mutation', path: string, input: unknown): Promise<TrpcAnswer> {
  const serialized = JSON.stringify(superjson.serialize(input));
  const url = `${appUrl}/api/trpc/${path}`;
  const res = kind === 'query'
    ? await fetch(`${url}?input=${encodeURIComponent(serialized)}`, { headers: { cookie } })
    : await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: serialized });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { json: TrpcAnswer['error'] } };
  return { status: res.status, data: body.result ? superjson.deserialize(body.result.data as never) : undefined, error: body.error?.json };
}
