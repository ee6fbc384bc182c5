import assert from 'node:assert/strict';
import { fetch as undiciFetch, type Agent } from 'undici';
import { agentErrorCodes, type AgentErrorCode } from '@/server/errors/agent-codes';
import { appUrl } from './stack';

/**
 * Calls the agent service over HTTP: with a key (`key`), or as the dashboard does (`cookie`,
 * from the app's own origin, with `project` as X-Project-Id). A null header value leaves it out.
 */
export interface AgentCall {
  method?: string;
  body?: unknown;
  key?: string;
  cookie?: string;
  project?: string;
  language?: 'en' | 'ar';
  headers?: Record<string, string | null>;
  via?: Agent;
  base?: string;
}

export interface AgentAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export async function agent(path: string, call: AgentCall = {}): Promise<AgentAnswer> {
  const base = call.base ?? appUrl;
  const headers: Record<string, string | null> = {
    'content-type': call.body === undefined ? null : 'application/json',
    authorization: call.key ? `Bearer ${call.key}` : null,
    cookie: call.cookie ?? null,
    origin: call.key ? null : new URL(base).origin,
    'x-project-id': call.project ?? null,
    'accept-language': call.language ?? null,
    ...call.headers,
  };
  const sent = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null);
  const res = await undiciFetch(`${base}/agent${path}`, {
    method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
    headers: sent,
    body: call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
    dispatcher: call.via,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers as unknown as Headers, body: text ? JSON.parse(text) : null };
}

/** Checks one refusal's envelope: code, status, type, param, request id, doc_url, version and language. */
export function assertAgentError(answer: AgentAnswer, code: AgentErrorCode, param?: string, language: 'en' | 'ar' = 'en'): void {
  const entry = agentErrorCodes[code];
  assert.equal(answer.body?.error?.code, code, JSON.stringify(answer.body));
  assert.equal(answer.status, entry.status);
  assert.equal(answer.body.error.type, entry.type);
  if (param !== undefined) assert.equal(answer.body.error.param, param);
  assert.equal(answer.body.error.request_id, answer.headers.get('request-id'));
  assert.match(answer.body.error.request_id, /^req_/);
  assert.match(answer.body.error.doc_url, new RegExp(`/agent/docs/errors#${code}$`));
  assert.equal(answer.headers.get('agent-version'), '2026-10-06');
  assert.equal(answer.headers.get('content-language'), language);
  const arabic = /[\u0600-\u06FF]/.test(answer.body.error.message);
  assert.equal(arabic, language === 'ar', `message in ${language}: ${answer.body.error.message}`);
}

/**
 * Sends the same refused request in English and in Arabic and checks both answers. `send` must
 * not change anything (a refusal does not), so the second answer is the same refusal.
 */
export async function assertRefusedInBoth(
  send: (language: 'en' | 'ar') => Promise<AgentAnswer>,
  code: AgentErrorCode,
  param?: string,
): Promise<AgentAnswer> {
  const english = await send('en');
  assertAgentError(english, code, param, 'en');
  const arabic = await send('ar');
  assertAgentError(arabic, code, param, 'ar');
  return english;
}
