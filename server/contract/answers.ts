/** Answers both API route wrappers give the same way, whatever the contract. */

/** A handler's own Response (a stream, a file), with the contract's headers set on it. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The stored answer of an earlier request with the same Idempotency-Key, marked as replayed. */
export function replayedAnswer(stored: { status: number; body: string }, headers: Record<string, string>): Response {
  return new Response(stored.body, {
    status: stored.status,
    headers: { ...headers, 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  });
}
