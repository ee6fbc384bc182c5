import { ResponseTooLargeError, readCapped, safeFetch, unwrapOutboundError } from '@/server/http/safe-fetch';
import { customerCallFailure } from '@/server/agent/http/customer-call-failure';
import { AgentError } from '@/server/errors/agent-error';
import { checkCustomerUrl } from '@/server/agent/http/customer-url';
import { fillJson, fillText, unresolvedPlaceholder, type PlaceholderScope } from './placeholders';
import { projectResponse, type ResponseProjection } from './project-response';
import type { ToolHttp } from './tool-schema';

/** Tool answers are cut at 1 MiB (docs/agent-errors.md, limits). */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const EXCERPT_CHARS = 500;

export interface HttpToolSpec {
  http: ToolHttp;
  response: ResponseProjection;
  timeoutMs: number;
}

export type ToolCallOutcome =
  | { kind: 'unresolved'; placeholder: string }
  | {
      kind: 'called';
      ok: boolean;
      status_code: number | null;
      duration_ms: number;
      result?: unknown;
      error?: { code: 'upstream_failed' | 'unreadable'; detail: string };
      raw_excerpt: string;
    };

/**
 * Calls an HTTP tool (docs/agent-api.md §1.10): placeholders filled (a missing one means no call),
 * https to a customer URL only, no redirects, the tool's time-out, the answer cut at 1 MiB,
 * parsed as JSON and projected. The outcome says what the model is told: the projection, or
 * `upstream_failed` / `unreadable` with a detail.
 */
export async function callHttpTool(tool: HttpToolSpec, scope: PlaceholderScope): Promise<ToolCallOutcome> {
  const { http } = tool;
  const placeholder = unresolvedPlaceholder([http.url, http.headers, http.query, http.body], scope);
  if (placeholder) return { kind: 'unresolved', placeholder };

  const started = performance.now();
  const called = (fields: {
    status_code?: number | null;
    result?: unknown;
    error?: { code: 'upstream_failed' | 'unreadable'; detail: string };
    raw?: string;
  }) => ({
    kind: 'called' as const,
    ok: fields.error === undefined,
    status_code: fields.status_code ?? null,
    duration_ms: Math.round(performance.now() - started),
    ...(fields.error ? { error: fields.error } : { result: fields.result }),
    raw_excerpt: (fields.raw ?? '').slice(0, EXCERPT_CHARS),
  });
  const failed = (detail: string, status_code: number | null = null, raw?: string) =>
    called({ status_code, raw, error: { code: 'upstream_failed', detail } });

  const url = new URL(fillText(http.url, scope, encodeURIComponent));
  for (const [name, value] of Object.entries(http.query)) url.searchParams.append(name, fillText(value, scope));
  try {
    checkCustomerUrl(url.toString(), '/http/url');
  } catch (error) {
    if (error instanceof AgentError) return failed('The URL is not a public https address on port 443 or 8443.');
    throw error;
  }
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'wa-platform-agent-tools/1' };
  // A value may not end one header and start another.
  for (const [name, value] of Object.entries(http.headers)) headers[name.toLowerCase()] = fillText(value, scope).replace(/[\r\n]+/g, ' ');
  let body: string | undefined;
  if (http.body !== undefined && http.method !== 'GET') {
    body = JSON.stringify(fillJson(http.body, scope));
    headers['content-type'] ??= 'application/json';
  }

  let response;
  try {
    response = await safeFetch(url.toString(), {
      method: http.method,
      headers,
      body,
      maxRedirects: 0,
      timeoutMs: tool.timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
    });
  } catch (error) {
    return failed(customerCallFailure(error, { timeoutMs: tool.timeoutMs, maxBytes: '1 MiB' }));
  }
  let raw: string;
  try {
    raw = response.body ? new TextDecoder().decode(await readCapped(response.body, MAX_RESPONSE_BYTES)) : '';
  } catch (error) {
    if (unwrapOutboundError(error) instanceof ResponseTooLargeError)
      return failed(customerCallFailure(error, { timeoutMs: tool.timeoutMs, maxBytes: '1 MiB' }), response.status);
    return failed('The answer stopped before it was read whole.', response.status);
  }
  if (response.status < 200 || response.status > 299) {
    return failed(
      `HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : ''}.`,
      response.status,
      raw,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(raw);
  } catch {
    return called({ status_code: response.status, raw, error: { code: 'unreadable', detail: 'The answer is not JSON.' } });
  }
  const projected = projectResponse(document, tool.response);
  return projected.ok
    ? called({ status_code: response.status, raw, result: projected.value })
    : called({ status_code: response.status, raw, error: { code: 'unreadable', detail: projected.detail } });
}
