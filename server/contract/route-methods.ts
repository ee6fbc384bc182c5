/**
 * What every API route file exports, whatever its contract, so that no answer comes from
 * Next.js itself (a bare 405, an OPTIONS without Request-Id): its own handlers, HEAD as GET,
 * OPTIONS listing `Allow`, and the contract's 405 `method_not_allowed` with `Allow` for every
 * other method. The contract words the refusal and the OPTIONS answer.
 */
export type RouteHandler = (request: Request, context: never) => Promise<Response> | Response;
export type OwnMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Method = OwnMethod | 'HEAD' | 'OPTIONS';

export interface MethodAnswers {
  refuse(request: Request, allow: string): Response;
  options(request: Request, allow: string): Response;
}

export function routeMethods<H extends Partial<Record<OwnMethod, RouteHandler>>>(
  handlers: H,
  answers: MethodAnswers,
): H & Record<Method, RouteHandler> {
  const allow = [...Object.keys(handlers), ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const refuse = (request: Request) => answers.refuse(request, allow);
  return {
    GET: refuse,
    POST: refuse,
    PUT: refuse,
    PATCH: refuse,
    DELETE: refuse,
    HEAD: handlers.GET ?? refuse,
    OPTIONS: (request: Request) => answers.options(request, allow),
    ...handlers,
  };
}

/** Every method of a contract's catch-all: a path that names no endpoint. */
export function unknownPath(answer: (request: Request) => Response): Record<Method, RouteHandler> {
  return { GET: answer, HEAD: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer, OPTIONS: answer };
}
