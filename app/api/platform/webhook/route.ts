import { config } from '@/server/config';
import { readBodyUpTo } from '@/server/http/read-body';
import { logger } from '@/server/logger';
import { receivePlatformEvent } from '@/server/platform-events/receive-platform-event';
import { verifyPlatformSignature } from '@/server/platform/webhook-signature';

/**
 * The platform's webhook endpoint. GET is the subscription handshake; POST carries events,
 * signed with the app secret. The body is read up to a cap, then its signature is checked
 * over the raw bytes; a bad signature is refused with 401 before anything is parsed or stored.
 */
export const dynamic = 'force-dynamic';

/** The platform's webhooks are a few KB, a batch a few MB at most; anything larger is refused unread. */
const MAX_PLATFORM_WEBHOOK_BYTES = 3 * 1024 * 1024;

export function GET(request: Request): Response {
  const params = new URL(request.url).searchParams;
  const challenge = params.get('hub.challenge');
  if (params.get('hub.mode') === 'subscribe' && params.get('hub.verify_token') === config.PLATFORM_VERIFY_TOKEN && challenge) {
    return new Response(challenge, { status: 200, headers: { 'content-type': 'text/plain' } });
  }
  return Response.json({ error: 'verification failed' }, { status: 403 });
}

export async function POST(request: Request): Promise<Response> {
  const raw = await readBodyUpTo(request, MAX_PLATFORM_WEBHOOK_BYTES);
  if (!raw) return Response.json({ error: 'payload too large' }, { status: 413 });
  if (!verifyPlatformSignature(raw, request.headers.get('x-hub-signature-256'), config.PLATFORM_APP_SECRET)) {
    logger.warn('platform webhook with a bad signature refused');
    return Response.json({ error: 'invalid signature' }, { status: 401 });
  }
  const payload = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return Response.json({ error: 'invalid JSON' }, { status: 400 });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return Response.json({ error: 'expected a JSON object' }, { status: 400 });
  }
  try {
    await receivePlatformEvent(payload);
  } catch (error) {
    // Not stored: a non-2xx answer makes the platform deliver it again.
    logger.error({ err: error }, 'platform webhook could not be stored');
    return Response.json({ error: 'temporarily unavailable' }, { status: 503 });
  }
  return Response.json({ received: true });
}
