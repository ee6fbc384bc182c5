import type { z } from 'zod';
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address';
import {
  claimIdempotencyKey,
  isValidIdempotencyKey,
  requestFingerprint,
  settleIdempotencyKey,
  type IdempotencyOwner,
  type StoredResponse,
} from '@/server/idempotency/idempotency-store';
import { requestIdOf } from '@/server/http/request-id';
import { replayedAnswer } from './answers';
import { strictQuery, type BaseEndpointSpec, type NextRouteContext, type Parsed } from './endpoint';
import type { ContractError, ContractLanguage, HttpContract } from './http-contract';
import { errorAnswer } from './http-error-mapper';

type AnySpec = BaseEndpointSpec<string, z.ZodObject, z.ZodObject, z.ZodType>;

/** What the one pipeline hands a contract's handler: the caller and the request, parsed. */
export interface RouteRequest<S extends AnySpec, Caller> {
  caller: Caller;
  params: Parsed<S['params'], Record<string, never>>;
  query: Parsed<S['query'], Record<string, never>>;
  body: Parsed<S['body'], undefined>;
  request: Request;
  requestId: string;
  language: ContractLanguage;
  /** The client's address (rate limits, sign-in throttling). */
  address: string;
}

/**
 * What one HTTP contract declares for its routes; `contractRoute` runs the rest. Everything here
 * throws the contract's own errors, which its `http` contract words.
 */
export interface RouteContract<S extends AnySpec, Caller, Context> {
  readonly http: HttpContract<ContractError>;
  /** The headers every answer of the route carries, and the language its messages are in. */
  open(request: Request, spec: S, requestId: string): { headers: Record<string, string>; language: ContractLanguage };
  /** Lets the caller in: version, credential, rate limit (its headers added to `headers`), permission. */
  admit(request: Request, spec: S, address: string, headers: Record<string, string>): Promise<Caller>;
  /** Path and query parameters, each against its strict schema. */
  parseParameters(schema: z.ZodType, input: Record<string, string | string[]>): unknown;
  queryObject(url: URL): Record<string, string>;
  /** The JSON body within the route's limit; `undefined` when empty. */
  readBody(request: Request, spec: S): Promise<unknown>;
  parseBody(schema: z.ZodType, input: unknown): unknown;
  idempotency: {
    /** Who may replay a key: the records of one owner never answer another. */
    owner(caller: Caller, address: string, spec: S, path: string): IdempotencyOwner;
    refusal(kind: 'invalid' | 'reused' | 'in_progress'): Error;
  };
  /** Runs the handler with the contract's context and turns what it returns into the answer. */
  answer(
    spec: S,
    request: RouteRequest<S, Caller>,
    handler: (ctx: Context) => Promise<unknown>,
    headers: Record<string, string>,
  ): Promise<Response>;
  /** What an Idempotency-Key keeps of an answer. */
  stored(response: Response): Promise<StoredResponse>;
}

/**
 * The one pipeline every /v1 and /agent/v1 route handler goes through, in this order: request
 * id, the contract's headers and language, the caller (version, credential, rate limit,
 * permission), path/query/body validation, Idempotency-Key (claim, replay, settle), the handler,
 * and the mapping of every outcome to the contract's envelope and headers (docs/architecture.md).
 */
export function contractRoute<S extends AnySpec, Caller, Context>(
  contract: RouteContract<S, Caller, Context>,
  spec: S,
  handler: (ctx: Context) => Promise<unknown>,
) {
  const query = strictQuery(spec.query);
  return async (request: Request, context: NextRouteContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    const { headers, language } = contract.open(request, spec, requestId);
    try {
      const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? '';
      const caller = await contract.admit(request, spec, address, headers);
      const url = new URL(request.url);
      const params = spec.params ? contract.parseParameters(spec.params, await context.params) : {};
      const parsedQuery = contract.parseParameters(query, contract.queryObject(url));
      let rawBody: unknown;
      if (spec.body) {
        rawBody = await contract.readBody(request, spec);
        if (rawBody === undefined && spec.bodyOptional) rawBody = {};
      }
      const body = spec.body ? contract.parseBody(spec.body, rawBody) : undefined;
      const parsed = { caller, params, query: parsedQuery, body, request, requestId, language, address } as RouteRequest<S, Caller>;

      const idempotencyKey = spec.idempotent ? request.headers.get('idempotency-key') : null;
      if (idempotencyKey === null) return await contract.answer(spec, parsed, handler, headers);
      if (!isValidIdempotencyKey(idempotencyKey)) throw contract.idempotency.refusal('invalid');
      const owner = contract.idempotency.owner(caller, address, spec, url.pathname);
      const claim = await claimIdempotencyKey(owner, idempotencyKey, requestFingerprint(spec.method, url.pathname, rawBody));
      if (claim.kind === 'reused' || claim.kind === 'in_progress') throw contract.idempotency.refusal(claim.kind);
      if (claim.kind === 'replay') return replayedAnswer(claim.response, headers);
      let response: Response;
      try {
        response = await contract.answer(spec, parsed, handler, headers);
      } catch (error) {
        response = errorAnswer(contract.http, error, headers, requestId, language);
      }
      await settleIdempotencyKey(claim.recordId, await contract.stored(response));
      return response;
    } catch (error) {
      return errorAnswer(contract.http, error, headers, requestId, language);
    }
  };
}
