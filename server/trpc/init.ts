import { initTRPC, TRPCError } from '@trpc/server';
import type { FetchCreateContextFnOptions } from '@trpc/server/adapters/fetch';
import superjson from 'superjson';
import { paramName } from '@/server/api/parse';
import { getSessionUser } from '@/server/auth/get-session-user';
import { findUnstorableText, unstorableTextMessage } from '@/server/db/storable-text';
import { appCodeOf, trpcErrorOf } from '@/server/contract/trpc-error-mapper';
import { AgentError } from '@/server/errors/agent-error';
import { ACTIVE_ORG_COOKIE } from '@/server/orgs/active-org-cookie';
import { resolveActiveOrg } from '@/server/orgs/resolve-active-org';
import { readCookie } from './read-cookie';

/** Per request: who is signed in, which organization they asked for, and headers to send back. */
export async function createTRPCContext({ req, resHeaders }: FetchCreateContextFnOptions) {
  return {
    user: await getSessionUser(),
    requestedOrgId: readCookie(req.headers.get('cookie'), ACTIVE_ORG_COOKIE),
    resHeaders,
  };
}

export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    // Unexpected failures keep their details in the server log, not in the browser.
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: 'Something went wrong on our side.' };
    // The contract's code, so the dashboard can word the error in the user's language.
    const appCode = appCodeOf(error);
    // The agent service words each of its codes in both languages itself (agent-codes.ts), with the details filled in.
    const localized = error.cause instanceof AgentError ? { ar: error.cause.messageIn('ar') } : undefined;
    return appCode ? { ...shape, data: { ...shape.data, appCode, ...(localized ? { localized } : {}) } } : shape;
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// The one place errors become tRPC errors, the same for every router (server/contract/trpc-error-mapper.ts).
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const mapped = result.ok ? null : trpcErrorOf(result.error);
  if (mapped) throw mapped;
  return result;
});

// Every procedure's input, before its schema: a character the database cannot store is the
// caller's mistake (BAD_REQUEST naming the field), not a server failure.
const refuseUnstorableText = t.middleware(async ({ getRawInput, next }) => {
  const found = findUnstorableText(await getRawInput());
  if (found) throw new TRPCError({ code: 'BAD_REQUEST', message: unstorableTextMessage(paramName(found.path) || 'input', found) });
  return next();
});

export const publicProcedure = t.procedure.use(refuseUnstorableText).use(mapDomainErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  return next({ ctx: { user: ctx.user } });
});

/** For procedures scoped to the active organization: `ctx.org` and `ctx.role` come from a checked membership. */
export const orgProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const { active } = await resolveActiveOrg({ userId: ctx.user.id, requestedOrgId: ctx.requestedOrgId });
  if (!active) throw new TRPCError({ code: 'FORBIDDEN', message: 'You are not a member of any organization.' });
  return next({
    ctx: { org: { id: active.orgId, name: active.orgName, slug: active.orgSlug }, role: active.role },
  });
});
