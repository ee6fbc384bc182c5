import assert from 'node:assert/strict';
import { db } from '@/server/db';
import { appUrl, simulator } from './stack';
import { waitFor } from './wait-for';

/**
 * POST /v1/messages and GET /v1/messages/{id} with one organization's key, and the waits that
 * follow a send. `key` is read at each call, so it may come from a `before` hook.
 */
const progress = ['sent', 'delivered', 'read'];

export function messagesApi(key: () => string) {
  async function send(body: unknown, apiKey = key()) {
    const res = await fetch(`${appUrl}/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  async function getMessage(id: string) {
    const res = await fetch(`${appUrl}/v1/messages/${id}`, { headers: { authorization: `Bearer ${key()}` } });
    return { status: res.status, body: await res.json() };
  }

  const waitForStatus = (id: string, status: string, timeoutMs?: number) =>
    waitFor(
      `message ${id} to be ${status}`,
      async () => {
        const { body } = await getMessage(id);
        return body.status === status && body;
      },
      timeoutMs,
    );

  /**
   * Waits until the message is at least `status` (sent < delivered < read). The simulator moves
   * a message on every 100 ms, so a poll can miss a passing status on a loaded machine.
   */
  const waitForAtLeast = (id: string, status: 'sent' | 'delivered' | 'read', timeoutMs?: number) =>
    waitFor(
      `message ${id} to be ${status} or later`,
      async () => {
        const { body } = await getMessage(id);
        return progress.indexOf(body.status) >= progress.indexOf(status) && body;
      },
      timeoutMs,
    );

  /** Sends `body`, expects the refusal and returns its error object. */
  async function expectRefusal(body: unknown, status: number, code: string, param?: string, apiKey?: string) {
    const res = await send(body, apiKey);
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.error.code, code);
    if (param !== undefined) assert.equal(res.body.error.param, param);
    return res.body.error;
  }

  return { send, getMessage, waitForStatus, waitForAtLeast, expectRefusal };
}

/** The customer writes first, so free-form messages are allowed (the simulator checks too); returns the contact. */
export async function openWindow(account: { orgId: string; phoneId: string }, phone: string) {
  await simulator('/_sim/inbound', { phone_id: account.phoneId, from: phone, text: 'hi' });
  return waitFor('the inbound message', () =>
    db.contact.findFirst({ where: { orgId: account.orgId, phoneNumber: phone, lastInboundAt: { not: null } } }),
  );
}

/** The request bodies the simulator accepted for `phone`, newest first. */
export const sentTo = async (phone: string) =>
  (
    await simulator<{ data: Array<{ wamid: string; accepted_at: string; body: Record<string, any> }> }>(
      `/_sim/sent?to=${encodeURIComponent(phone)}`,
    )
  ).data;

/** Calls `/v1{path}` with the key, JSON in and out; the body is read loosely, as tests assert on it. */
export function v1Caller(key: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${appUrl}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}
