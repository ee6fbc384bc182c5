import { ApiError } from '@/server/errors/api-error';
import type { ContractError, HttpContract } from './http-contract';
import { errorAnswer } from './http-error-mapper';

/** A refusal of one of the dashboard's own JSON routes: a status and a message written for people. */
export class DashboardRefusal extends Error implements ContractError {
  override name = 'DashboardRefusal';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The dashboard's own JSON routes (app/api/**: file uploads, live updates, tRPC's gate): the
 * page shows `message` as it is, so the envelope is `{ error: message }` with no code; messages
 * in English; callers are signed-in members with the session cookie, from the dashboard's own
 * origin. A messaging refusal of a service the route shares with /v1 keeps its status and
 * message; any other failure is a 500 with the route's own words for what did not happen.
 */
export function dashboardContract(whenFailed: string): HttpContract<DashboardRefusal> {
  return {
    prefix: '/api',
    own(thrown) {
      if (thrown instanceof DashboardRefusal) return thrown;
      return thrown instanceof ApiError ? new DashboardRefusal(thrown.status, thrown.message) : null;
    },
    failed: (failure) => (failure.kind === 'invalid' ? new DashboardRefusal(400, failure.issue.message) : new DashboardRefusal(500, whenFailed)),
    envelope: (error) => ({ error: error.message }),
  };
}

const refusals = dashboardContract('Something went wrong.');

/** The answer to a request a dashboard route refuses before it acts. */
export const dashboardRefusal = (status: number, message: string): Response =>
  errorAnswer(refusals, new DashboardRefusal(status, message), {}, '');
